import { describe, expect, it } from 'vitest';
import { buildAppCsp, normalizeAppCsp } from './appCsp.js';

const guard = { ports: [4000, 4001] };

function directive(csp: string, name: string): string | undefined {
  return csp
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);
}

describe('the CSP of an MCP App', () => {
  it('denies everything outside the sandbox when nothing is declared', () => {
    const { kept, dropped } = normalizeAppCsp(undefined, guard);
    const csp = buildAppCsp(kept, ['http://127.0.0.1:4000']);
    expect(dropped).toEqual([]);
    expect(directive(csp, 'default-src')).toBe("'none'");
    expect(directive(csp, 'connect-src')).toBe("'none'");
    expect(directive(csp, 'frame-src')).toBe("'none'");
    expect(directive(csp, 'object-src')).toBe("'none'");
    expect(directive(csp, 'base-uri')).toBe("'self'");
    expect(directive(csp, 'script-src')).toBe("'self' 'unsafe-inline'");
    expect(directive(csp, 'frame-ancestors')).toBe('http://127.0.0.1:4000');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('adds each declared list to its directives', () => {
    const { kept } = normalizeAppCsp(
      {
        connectDomains: ['https://api.example.com', 'wss://live.example.com'],
        resourceDomains: ['https://*.cdn.example.net'],
        frameDomains: ['https://www.youtube.com'],
        baseUriDomains: ['https://cdn.example.com'],
      },
      guard,
    );
    const csp = buildAppCsp(kept, []);
    expect(directive(csp, 'connect-src')).toBe('https://api.example.com wss://live.example.com');
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src']) {
      expect(directive(csp, name)).toContain('https://*.cdn.example.net');
    }
    expect(directive(csp, 'frame-src')).toBe('https://www.youtube.com');
    expect(directive(csp, 'base-uri')).toBe('https://cdn.example.com');
    expect(directive(csp, 'frame-ancestors')).toBe("'none'");
  });

  it('drops what is not a plain origin, so a declaration cannot loosen the policy', () => {
    const { kept, dropped } = normalizeAppCsp(
      {
        connectDomains: ['*', 'https:', "'unsafe-eval'", 'https://a.example; script-src *', 42, 'data:'],
        resourceDomains: 'https://not-a-list.example',
      },
      guard,
    );
    expect(kept.connectDomains).toEqual([]);
    expect(kept.resourceDomains).toEqual([]);
    expect(dropped.map((entry) => entry.value)).toEqual([
      '*',
      'https:',
      "'unsafe-eval'",
      'https://a.example; script-src *',
      '42',
      'data:',
      '"https://not-a-list.example"',
    ]);
  });

  it("never lets an app name the inspector's own ports on a loopback host", () => {
    const { kept, dropped } = normalizeAppCsp(
      {
        connectDomains: [
          'http://127.0.0.1:4000',
          'ws://localhost:4000',
          'http://[::1]:4001',
          'http://127.0.0.1:*',
          'http://127.0.0.1:5173',
        ],
      },
      guard,
    );
    expect(kept.connectDomains).toEqual(['http://127.0.0.1:5173']);
    expect(dropped).toHaveLength(4);
    expect(dropped[0]?.reason).toContain("mcp-inspect's own address");
  });

  it('guards a non-loopback bind address too', () => {
    const { kept } = normalizeAppCsp(
      { connectDomains: ['http://192.168.1.5:4000', 'http://192.168.1.5:9'] },
      {
        ports: [4000],
        hostnames: ['192.168.1.5'],
      },
    );
    expect(kept.connectDomains).toEqual(['http://192.168.1.5:9']);
  });
});

describe('what the guard counts as the inspector', () => {
  it.each([
    'http://0.0.0.0:4000',
    'http://foo.localhost:4000',
    'http://*.localhost:4000',
    'ws://a.b.localhost:4001',
    'http://[::ffff:127.0.0.1]:4000',
    'http://[::ffff:7f00:1]:4000',
    'http://[::127.0.0.1]:4000',
    'http://[::]:4000',
    'http://[0:0:0:0:0:0:0:1]:4000',
    'http://127.1:4000',
    'http://0x7f000001:4000',
    'http://LOCALHOST:4001',
  ])('refuses the loopback alias %s on an inspector port', (origin) => {
    const { kept, dropped } = normalizeAppCsp({ connectDomains: [origin] }, guard);
    expect(kept.connectDomains).toEqual([]);
    expect(dropped[0]?.reason).toContain("mcp-inspect's own address");
  });

  it('leaves other ports of those names to the app, and other hosts alone', () => {
    const { kept } = normalizeAppCsp(
      {
        connectDomains: [
          'http://foo.localhost:5173',
          'http://[::ffff:127.0.0.1]:5173',
          'http://0.0.0.0:8080',
          'https://localhost.example.com',
          'http://[::ffff:10.0.0.1]:4000',
        ],
      },
      guard,
    );
    expect(kept.connectDomains).toEqual([
      'http://foo.localhost:5173',
      'http://[::ffff:127.0.0.1]:5173',
      'http://0.0.0.0:8080',
      'https://localhost.example.com',
      'http://[::ffff:10.0.0.1]:4000',
    ]);
  });

  it('refuses a wildcard that covers a non-loopback bind name', () => {
    const { kept } = normalizeAppCsp(
      { connectDomains: ['http://*.lan:4000', 'http://*.example:4000'] },
      { ports: [4000], hostnames: ['box.lan'] },
    );
    expect(kept.connectDomains).toEqual(['http://*.example:4000']);
  });
});
