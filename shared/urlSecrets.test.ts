import { describe, expect, it } from 'vitest';
import {
  hasMaskedParts,
  isMaskedValue,
  maskUrl,
  maskUrlIn,
  originOf,
  restoreMaskedUrl,
} from './urlSecrets.js';

describe('secrets in URLs', () => {
  it('masks user info and secret-looking query values, and leaves the rest as typed', () => {
    expect(maskUrl('https://alice:pa55@mcp.example.com/v1/mcp')).toBe('https://****@mcp.example.com/v1/mcp');
    expect(
      maskUrl('https://mcp.example.com/mcp?api_key=abc123&region=eu&access_token=t0k&X-Api-Key=k&password=p'),
    ).toBe(
      'https://mcp.example.com/mcp?api_key=****&region=eu&access_token=****&X-Api-Key=****&password=****',
    );
    for (const name of [
      'key',
      'token',
      'apiKey',
      'secret',
      'client_secret',
      'auth',
      'sig',
      'code',
      'sessionId',
    ]) {
      expect(maskUrl(`http://h/?${name}=s3cret`)).toBe(`http://h/?${name}=****`);
    }
    expect(maskUrl('http://127.0.0.1:3001/mcp?debug=1&empty_token=')).toBe(
      'http://127.0.0.1:3001/mcp?debug=1&empty_token=',
    );
    expect(maskUrl('http://h/mcp#access_token=abc&x=1')).toBe('http://h/mcp#access_token=****&x=1');
    expect(maskUrl('not a url')).toBe('not a url');
  });

  it('masks the URL wherever an error message repeats it', () => {
    const url = 'http://u:p@127.0.0.1:9/mcp?key=abc';
    expect(maskUrlIn(`connection refused: nothing is listening at ${url}`, url)).toBe(
      'connection refused: nothing is listening at http://****@127.0.0.1:9/mcp?key=****',
    );
  });

  it('binds to scheme, host and port, whatever the case or a default port', () => {
    expect(originOf('HTTPS://Mcp.Example.com:443/a?b=c')).toBe('https://mcp.example.com');
    expect(originOf('http://u:p@127.0.0.1:80/x')).toBe('http://127.0.0.1');
    expect(originOf('http://127.0.0.1:3001/mcp')).toBe('http://127.0.0.1:3001');
    expect(originOf('/relative')).toBeUndefined();
  });

  it('puts back the values it masked for the same origin only', () => {
    const held = 'https://alice:pa55@mcp.example.com/mcp?api_key=abc123&region=eu';
    const shown = maskUrl(held);
    expect(hasMaskedParts(shown)).toBe(true);
    expect(restoreMaskedUrl(shown, held)).toEqual({ url: held });
    // Another path on the same server keeps them; the person may edit the rest.
    expect(restoreMaskedUrl('https://****@mcp.example.com/v2/mcp?api_key=****&region=us', held)).toEqual({
      url: 'https://alice:pa55@mcp.example.com/v2/mcp?api_key=abc123&region=us',
    });
    expect(restoreMaskedUrl('https://evil.example/mcp?api_key=****', held)).toEqual({
      error: expect.stringContaining(
        'mcp-inspect gives those only to https://mcp.example.com: type them again',
      ),
    });
    expect(restoreMaskedUrl('https://mcp.example.com/mcp?token=****', held)).toEqual({
      error: 'type "token" in the URL again: mcp-inspect holds no value for it',
    });
    expect(restoreMaskedUrl('https://mcp.example.com/mcp?api_key=typed', held)).toEqual({
      url: 'https://mcp.example.com/mcp?api_key=typed',
    });
  });

  it('tells a value that had a secret masked in it, by either mask, from one that did not', () => {
    expect(isMaskedValue('Bearer ••••••')).toBe(true);
    expect(isMaskedValue('••••••')).toBe(true);
    expect(isMaskedValue('/mcp?api_key=****&region=eu')).toBe(true);
    expect(isMaskedValue('<https://****@example.com/next>; rel="next"')).toBe(true);
    expect(isMaskedValue('application/json')).toBe(false);
    expect(isMaskedValue('/mcp?region=eu')).toBe(false);
  });
});
