import { describe, expect, it } from 'vitest';
import { maskBody, maskOAuthUrl, maskSecret } from './masking.js';

describe('masking OAuth secrets', () => {
  it('masks tokens, codes, verifiers and secrets in form and JSON bodies, and keeps the rest', () => {
    const form = maskBody(
      'grant_type=authorization_code&code=abc&code_verifier=xyz&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&client_secret=s',
      'application/x-www-form-urlencoded',
    );
    expect(form).not.toMatch(/=abc|=xyz|=s(&|$)/);
    expect(new URLSearchParams(form).get('grant_type')).toBe('authorization_code');
    expect(new URLSearchParams(form).get('code')).toBe(maskSecret('abc'));

    const json = JSON.parse(
      maskBody(
        '{"access_token":"AT","refresh_token":"RT","id_token":"ID","token_type":"Bearer","scope":"a b"}',
        'application/json',
      ),
    ) as Record<string, string>;
    expect(JSON.stringify(json)).not.toMatch(/"AT"|"RT"|"ID"/);
    expect(json).toMatchObject({ token_type: 'Bearer', scope: 'a b' });
  });

  it('keeps a fingerprint that changes with the value, so a refresh shows', () => {
    expect(maskSecret('one')).toMatch(/^•+ #[0-9a-f]{4}$/);
    expect(maskSecret('one')).not.toBe(maskSecret('two'));
  });

  it('masks the code in a redirect URL but not the state', () => {
    const url = new URL(maskOAuthUrl('http://127.0.0.1:1/oauth/callback?code=secret&state=s1&iss=x'));
    expect(url.searchParams.get('code')).toBe(maskSecret('secret'));
    expect(url.searchParams.get('state')).toBe('s1');
  });
});
