import { describe, expect, it } from 'vitest';
import {
  allowedHosts,
  checkTokenFromEnv,
  generateToken,
  isAllowedHost,
  isAllowedOrigin,
  tokensMatch,
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
});
