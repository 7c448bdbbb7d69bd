import type { AuthorizationServerMetadata } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { chooseGrant, dpopAlgFor } from './grantStep.js';

const metadata = (grants?: string[]): AuthorizationServerMetadata => ({
  issuer: 'https://as.example',
  authorization_endpoint: 'https://as.example/authorize',
  token_endpoint: 'https://as.example/token',
  response_types_supported: ['code'],
  ...(grants ? { grant_types_supported: grants } : {}),
});
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

describe('the grant, from the credentials given and the metadata', () => {
  it('a person signs in unless the credentials say otherwise', () => {
    expect(chooseGrant({}, metadata()).grant).toBe('authorization-code');
    // A confidential client of a server that offers both: still a person's sign-in.
    expect(
      chooseGrant(
        { clientId: 'c', clientSecret: 's' },
        metadata(['authorization_code', 'client_credentials']),
      ).grant,
    ).toBe('authorization-code');
  });

  it('client_credentials for a secret where no person can sign in, and for a client key', () => {
    expect(chooseGrant({ clientId: 'c', clientSecret: 's' }, metadata(['client_credentials'])).grant).toBe(
      'client-credentials',
    );
    expect(
      chooseGrant({ clientId: 'c', clientKey: 'pem' }, metadata(['authorization_code', 'client_credentials']))
        .grant,
    ).toBe('client-credentials');
  });

  it('jwt-bearer for an assertion; token exchange for an ID token; --grant wins', () => {
    expect(chooseGrant({ clientId: 'c', assertion: 'jwt' }, metadata([JWT_BEARER])).grant).toBe('jwt-bearer');
    expect(chooseGrant({ clientId: 'c', idp: { idToken: 'jwt' } }, metadata([JWT_BEARER])).grant).toBe(
      'token-exchange',
    );
    const forced = chooseGrant({ clientId: 'c', clientSecret: 's', grant: 'client-credentials' }, metadata());
    expect(forced).toMatchObject({ grant: 'client-credentials', why: 'given with --grant' });
    // Not in the metadata's list: tried anyway, said so.
    expect(forced.unlisted).toBe('grant_types_supported: null');
  });
});

describe('the DPoP algorithm', () => {
  it('ES256 when listed or nothing is listed; else the first the SDK can sign with; none for symmetric only', () => {
    expect(dpopAlgFor(undefined)).toBe('ES256');
    expect(dpopAlgFor(['RS256', 'ES256'])).toBe('ES256');
    expect(dpopAlgFor(['HS256', 'PS384'])).toBe('PS384');
    expect(dpopAlgFor(['HS256'])).toBeUndefined();
  });
});
