import { describe, expect, it } from 'vitest';
import { describeSecretArguments, withoutSecrets } from './secretArguments.js';

describe('withoutSecrets', () => {
  it('writes ${env:NAME} for values whose names look secret, and keeps the rest as sent', () => {
    const { arguments: kept, secrets } = withoutSecrets(
      { city: 'Paris', apiKey: 'sk-live-123', password: 'hunter2', maxTokens: 50 },
      { type: 'object' },
    );
    expect(kept).toEqual({
      city: 'Paris',
      apiKey: '${env:API_KEY}',
      password: '${env:PASSWORD}',
      maxTokens: 50,
    });
    expect(secrets).toEqual([
      { path: 'apiKey', envName: 'API_KEY' },
      { path: 'password', envName: 'PASSWORD' },
    ]);
    expect(JSON.stringify(kept)).not.toContain('sk-live-123');
    expect(JSON.stringify(kept)).not.toContain('hunter2');
  });

  it('follows the inputSchema: writeOnly and format password mark a secret whatever its name', () => {
    const schema = {
      type: 'object',
      properties: {
        pin: { type: 'string', writeOnly: true },
        passphrase: { type: 'string', format: 'password' },
        note: { type: 'string' },
      },
    };
    const { arguments: kept, secrets } = withoutSecrets(
      { pin: '0000', passphrase: 'open', note: 'hi' },
      schema,
    );
    expect(kept).toEqual({ pin: '${env:PIN}', passphrase: '${env:PASSPHRASE}', note: 'hi' });
    expect(secrets.map((secret) => secret.path)).toEqual(['pin', 'passphrase']);
  });

  it('looks inside objects and arrays; a name says where the value was; names never collide', () => {
    const { arguments: kept, secrets } = withoutSecrets(
      {
        auth: { user: 'ada', token: 't-1' },
        credentials: ['a', 'b'],
        'x-auth-token': 'h-1',
      },
      {},
    );
    expect(kept).toEqual({
      // Everything under a secret-named key is secret: `auth.user` too.
      auth: { user: '${env:AUTH_USER}', token: '${env:AUTH_TOKEN}' },
      credentials: ['${env:CREDENTIALS}', '${env:CREDENTIALS_2}'],
      'x-auth-token': '${env:X_AUTH_TOKEN}',
    });
    expect(secrets.map((secret) => secret.path)).toEqual([
      'auth.user',
      'auth.token',
      'credentials[0]',
      'credentials[1]',
      'x-auth-token',
    ]);
  });

  it('leaves placeholders and empty values alone', () => {
    const { arguments: kept, secrets } = withoutSecrets(
      { token: '${env:MY_TOKEN}', secret: '', apiKey: '${item:login.structuredContent.key}' },
      {},
    );
    expect(kept).toEqual({
      token: '${env:MY_TOKEN}',
      secret: '',
      apiKey: '${item:login.structuredContent.key}',
    });
    expect(secrets).toEqual([]);
  });

  it('tells the person which variables to set', () => {
    expect(describeSecretArguments([])).toBeUndefined();
    expect(describeSecretArguments([{ path: 'apiKey', envName: 'API_KEY' }])).toBe(
      "Secret values were not written: apiKey as ${env:API_KEY}. Set API_KEY in the environment of mcp-inspect (the page's runs) and of `mcp-inspect test`.",
    );
  });
});
