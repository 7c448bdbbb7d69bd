import { describe, expect, it } from 'vitest';
import {
  allowedHosts,
  checkTokenFromEnv,
  generateToken,
  isAllowedHost,
  isAllowedOrigin,
  isForeignRequest,
  tokensMatch,
  type RequestSignals,
} from './security.js';

describe('security checks', () => {
  it('makes long random tokens', () => {
    const a = generateToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateToken()).not.toBe(a);
  });

  it('takes a token from the environment only when it is long enough and the page can send it', () => {
    expect(checkTokenFromEnv(generateToken())).toBeUndefined();
    expect(checkTokenFromEnv('a'.repeat(32))).toBeUndefined();
    expect(checkTokenFromEnv('x.y~z_w-0123456789012345678901234')).toBeUndefined();
    expect(checkTokenFromEnv('a'.repeat(31))).toContain('is 31 characters long');
    // Not in an HTTP token (subprotocol), or changes meaning in the link's fragment.
    for (const bad of [' ', ',', '/', '"', '+', '%', '&', 'é']) {
      expect(checkTokenFromEnv(`${'a'.repeat(40)}${bad}`)).toContain(`holds ${JSON.stringify(bad)}`);
    }
  });

  it('compares tokens exactly, whatever their length', () => {
    expect(tokensMatch('abc', 'abc')).toBe(true);
    expect(tokensMatch('abd', 'abc')).toBe(false);
    expect(tokensMatch('abcd', 'abc')).toBe(false);
    expect(tokensMatch('', 'abc')).toBe(false);
    expect(tokensMatch(undefined, 'abc')).toBe(false);
  });

  it('allows only loopback names with our port as Host', () => {
    const hosts = allowedHosts(6464, '127.0.0.1');
    for (const ok of ['127.0.0.1:6464', 'localhost:6464', 'LOCALHOST:6464', '[::1]:6464'])
      expect(isAllowedHost(ok, hosts)).toBe(true);
    for (const bad of [
      '127.0.0.1:6465',
      'localhost',
      'evil.example:6464',
      '127.0.0.1.evil.example:6464',
      undefined,
    ]) {
      expect(isAllowedHost(bad, hosts)).toBe(false);
    }
  });

  it('adds the explicit listen address when it is not loopback', () => {
    expect(isAllowedHost('192.168.1.5:6464', allowedHosts(6464, '192.168.1.5'))).toBe(true);
    expect(isAllowedHost('192.168.1.5:6464', allowedHosts(6464, '127.0.0.1'))).toBe(false);
  });

  it('allows only our own origin, under the Host the request came to', () => {
    const hosts = allowedHosts(6464, '127.0.0.1');
    expect(isAllowedOrigin('http://127.0.0.1:6464', '127.0.0.1:6464', hosts)).toBe(true);
    expect(isAllowedOrigin('http://localhost:6464', '127.0.0.1:6464', hosts)).toBe(false);
    expect(isAllowedOrigin('https://127.0.0.1:6464', '127.0.0.1:6464', hosts)).toBe(false);
    expect(isAllowedOrigin('null', '127.0.0.1:6464', hosts)).toBe(false);
    expect(isAllowedOrigin(undefined, '127.0.0.1:6464', hosts)).toBe(false);
  });

  describe('a request from another site', () => {
    const hosts = allowedHosts(6464, '127.0.0.1');
    const own = { host: '127.0.0.1:6464' };
    const foreign = (request: RequestSignals, to: 'document' | 'iframe' = 'document'): boolean =>
      isForeignRequest({ ...own, ...request }, hosts, to);

    it("is refused when the browser says so: another site's <img>, <script> or no-cors fetch", () => {
      for (const site of ['cross-site', 'same-site']) {
        expect(
          foreign({ 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }),
        ).toBe(true);
        expect(
          foreign({ 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' }),
        ).toBe(true);
        expect(
          foreign({ 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' }),
        ).toBe(true);
        // Framing is a navigation too, but not to what the main listener serves.
        expect(
          foreign({ 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' }),
        ).toBe(true);
        // A form posted from another site navigates, but does something: refused.
        expect(
          foreign({
            method: 'POST',
            'sec-fetch-site': site,
            'sec-fetch-mode': 'navigate',
            'sec-fetch-dest': 'document',
          }),
        ).toBe(true);
      }
    });

    it('is refused when its Origin is not ours, for browsers without Fetch Metadata', () => {
      expect(foreign({ origin: 'http://evil.example' })).toBe(true);
      expect(foreign({ origin: 'null' })).toBe(true);
      expect(foreign({ origin: 'http://127.0.0.1:6465' })).toBe(true);
      expect(foreign({ origin: 'http://127.0.0.1:6464' })).toBe(false);
    });

    it("lets through the bridge's own page, what the person types, and clients without Fetch Metadata", () => {
      expect(
        foreign({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }),
      ).toBe(false);
      expect(
        foreign({
          'sec-fetch-site': 'same-origin',
          'sec-fetch-mode': 'cors',
          'sec-fetch-dest': 'script',
          origin: 'http://127.0.0.1:6464',
        }),
      ).toBe(false);
      expect(
        foreign({ 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }),
      ).toBe(false);
      expect(foreign({})).toBe(false);
    });

    it('lets through a navigation to what the listener serves: a tab (the link, the OAuth redirect) or the sandbox frame', () => {
      const navigation = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' };
      expect(foreign({ ...navigation, 'sec-fetch-dest': 'document' })).toBe(false);
      expect(foreign({ ...navigation, method: 'HEAD', 'sec-fetch-dest': 'document' })).toBe(false);
      expect(foreign({ ...navigation, 'sec-fetch-dest': 'iframe' }, 'iframe')).toBe(false);
      expect(foreign({ ...navigation, 'sec-fetch-dest': 'document' }, 'iframe')).toBe(true);
    });
  });
});
