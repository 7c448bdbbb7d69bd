import { describe, expect, it } from 'vitest';
import { describeSecretArguments, SECRET_ENV_PREFIX, withoutSecrets } from './secretArguments.js';

describe('withoutSecrets', () => {
  it('writes ${env:MCPI_SECRET_NAME} for values whose names look secret, and keeps the rest as sent', () => {
    const { arguments: kept, secrets } = withoutSecrets(
      { city: 'Paris', apiKey: 'sk-live-123', password: 'hunter2', maxTokens: 50 },
      { type: 'object' },
    );
    expect(kept).toEqual({
      city: 'Paris',
      apiKey: '${env:MCPI_SECRET_API_KEY}',
      password: '${env:MCPI_SECRET_PASSWORD}',
      maxTokens: 50,
    });
    expect(secrets).toEqual([
      { path: 'apiKey', envName: 'MCPI_SECRET_API_KEY' },
      { path: 'password', envName: 'MCPI_SECRET_PASSWORD' },
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
    expect(kept).toEqual({
      pin: '${env:MCPI_SECRET_PIN}',
      passphrase: '${env:MCPI_SECRET_PASSPHRASE}',
      note: 'hi',
    });
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
      auth: { user: '${env:MCPI_SECRET_AUTH_USER}', token: '${env:MCPI_SECRET_AUTH_TOKEN}' },
      credentials: ['${env:MCPI_SECRET_CREDENTIALS}', '${env:MCPI_SECRET_CREDENTIALS_2}'],
      'x-auth-token': '${env:MCPI_SECRET_X_AUTH_TOKEN}',
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

  it("names every variable it makes with a prefix of its own: a server cannot choose the person's GITHUB_TOKEN, nor mcp-inspect's own", () => {
    // The attack of issue 32: an argument named after a common variable, marked as a password.
    const { arguments: kept, secrets } = withoutSecrets(
      { GITHUB_TOKEN: 'throwaway', mcp_inspect_token: 'x', '1_password': 'y' },
      { type: 'object', properties: { GITHUB_TOKEN: { type: 'string', format: 'password' } } },
    );
    expect(kept).toEqual({
      GITHUB_TOKEN: '${env:MCPI_SECRET_GITHUB_TOKEN}',
      mcp_inspect_token: '${env:MCPI_SECRET_MCP_INSPECT_TOKEN}',
      '1_password': '${env:MCPI_SECRET_1_PASSWORD}',
    });
    expect(secrets.every((secret) => secret.envName.startsWith(SECRET_ENV_PREFIX))).toBe(true);
  });

  it('tells the person which variables to set', () => {
    expect(describeSecretArguments([])).toBeUndefined();
    expect(describeSecretArguments([{ path: 'apiKey', envName: 'MCPI_SECRET_API_KEY' }])).toBe(
      "Secret values were not written: apiKey as ${env:MCPI_SECRET_API_KEY}. Set MCPI_SECRET_API_KEY in the environment of mcp-inspect (the page's runs) and of `mcp-inspect test`.",
    );
  });
});
