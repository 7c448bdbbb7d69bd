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

describe('the server URL in the OAuth tab', () => {
  const server = 'http://127.0.0.1:9/mcp?api_key=k1&api_token=k2&client_secret=k3&sessionid=k4&region=eu';

  it('has every value masked that the URL field masks, by the same rule', () => {
    const shown = maskOAuthUrl(server);
    for (const secret of ['k1', 'k2', 'k3', 'k4']) expect(shown).not.toContain(`=${secret}`);
    expect(new URL(shown).searchParams.get('api_key')).toBe(maskSecret('k1'));
    expect(new URL(shown).searchParams.get('region')).toBe('eu');
  });

  it('is masked where a body or a parameter names it (the `resource` of metadata and token requests)', () => {
    const metadata = maskBody(
      JSON.stringify({ resource: server, authorization_servers: ['http://a'] }),
      'application/json',
    );
    expect(metadata).not.toMatch(/k1|k2|k3|k4/);
    expect(metadata).toContain('region=eu');
    const form = maskBody(
      `grant_type=authorization_code&resource=${encodeURIComponent(server)}`,
      'application/x-www-form-urlencoded',
    );
    expect(new URLSearchParams(form).get('resource')).toBe(
      'http://127.0.0.1:9/mcp?api_key=****&api_token=****&client_secret=****&sessionid=****&region=eu',
    );
    const authorize = maskOAuthUrl(`http://as/authorize?state=s&resource=${encodeURIComponent(server)}`);
    expect(new URL(authorize).searchParams.get('resource')).not.toMatch(/k1|k2|k3|k4/);
  });
});
