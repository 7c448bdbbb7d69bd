import { describe, expect, it } from 'vitest';
import { isSecretArgumentName } from './secretNames.js';

describe('isSecretArgumentName', () => {
  it('takes names that say secret, whatever their casing', () => {
    for (const name of [
      'apiKey',
      'api_key',
      'APIKey',
      'apikey',
      'x-auth-token',
      'Authorization',
      'client_secret',
      'password',
      'dbPassword',
      'privateKey',
      'accessToken',
      'access_token',
      'refreshToken',
      'bearer',
      'credentials',
      'passphrase',
      'sessionToken',
      'cookie',
    ])
      expect(isSecretArgumentName(name), name).toBe(true);
  });

  it('leaves names that only contain such letters, or a plain lookup key', () => {
    for (const name of [
      'author',
      'authorName',
      'keyword',
      'keywords',
      'monkey',
      'key',
      'cacheKey',
      'sortKey',
      'sessionName',
      'session',
      'code',
      'maxTokens',
      'tokenizer',
      'signatureStyle',
      'city',
      '',
    ])
      expect(isSecretArgumentName(name), name).toBe(false);
  });
});
