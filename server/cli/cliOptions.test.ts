import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PORT, parseCli } from './cliOptions.js';
import { scratchDir } from '../testSupport/scratchDir.js';

const parse = (...args: string[]) => parseCli(['node', 'mcp-inspect', ...args], '1.2.3', '/demo.js');

describe('command line', () => {
  it('inspects the bundled demo server when given no command', () => {
    expect(parse()).toEqual({
      target: {
        kind: 'stdio',
        command: process.execPath,
        args: ['/demo.js'],
        env: {},
        demo: true,
        era: 'auto',
      },
      port: DEFAULT_PORT,
      open: true,
      host: '127.0.0.1',
      // Collections are saved where the CLI was started, unless --collection says otherwise.
      collectionFile: join(process.cwd(), 'mcp-inspect.collection.json'),
    });
    expect(parse('--collection', 'tests/api.json').collectionFile).toBe(
      join(process.cwd(), 'tests/api.json'),
    );
  });

  it('passes everything from the command on to the server, its options included', () => {
    const config = parse(
      '-e',
      'A=1',
      '--env',
      'B=x=y',
      '--no-open',
      'node',
      'srv.js',
      '--port',
      '9',
      '-e',
      'Z',
    );
    expect(config.target).toEqual({
      era: 'auto',
      kind: 'stdio',
      command: 'node',
      args: ['srv.js', '--port', '9', '-e', 'Z'],
      env: { A: '1', B: 'x=y' },
      demo: false,
    });
    expect(config.open).toBe(false);
    expect(config.port).toBe(DEFAULT_PORT);
  });

  it('takes a command after --', () => {
    expect(parse('--port', '0', '--', 'npx', '-y', 'server').target).toMatchObject({
      command: 'npx',
      args: ['-y', 'server'],
    });
  });

  it('takes a URL with headers and a transport', () => {
    const config = parse(
      '--url',
      'http://127.0.0.1:3001/mcp',
      '--header',
      'Authorization: Bearer a:b',
      '--header',
      'X-A:1',
      '--transport',
      'sse',
    );
    expect(config.target).toEqual({
      era: 'auto',
      kind: 'url',
      url: 'http://127.0.0.1:3001/mcp',
      transport: 'sse',
      headers: { Authorization: 'Bearer a:b', 'X-A': '1' },
    });
    expect(parse('--url', 'http://x/mcp').target).toMatchObject({ transport: 'auto', headers: {} });
  });

  it('reads a URL in the place of the command as --url (options after it: cli.test.ts)', () => {
    expect(parse('--header', 'X-A: 1', 'https://example.com/mcp').target).toEqual({
      era: 'auto',
      kind: 'url',
      url: 'https://example.com/mcp',
      transport: 'auto',
      headers: { 'X-A': '1' },
    });
    // Not a URL of the web: a command it stays.
    expect(parse('file:///srv/mcp').target).toMatchObject({ kind: 'stdio', command: 'file:///srv/mcp' });
  });

  it('listens elsewhere only with the loudly named flag', () => {
    expect(parse('--dangerously-listen-on', '0.0.0.0').host).toBe('0.0.0.0');
  });

  it('reads a server from a config file, with -e added on top', () => {
    const dir = scratchDir('config');
    const file = join(dir, 'mcp.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          fs: { command: 'npx', args: ['-y', 'server-filesystem', '/tmp'], env: { A: '1' } },
          web: { url: 'http://127.0.0.1:3001/mcp', headers: { 'X-Key': 'k' } },
        },
      }),
    );
    expect(parse('--config', file, '--server', 'fs', '-e', 'B=2').target).toEqual({
      era: 'auto',
      kind: 'stdio',
      command: 'npx',
      args: ['-y', 'server-filesystem', '/tmp'],
      env: { A: '1', B: '2' },
      demo: false,
    });
    expect(parse('--config', file, '--server', 'web', '--transport', 'sse').target).toEqual({
      era: 'auto',
      kind: 'url',
      url: 'http://127.0.0.1:3001/mcp',
      transport: 'sse',
      headers: { 'X-Key': 'k' },
    });
  });
});

describe('protocol era', () => {
  it('is auto unless --era says otherwise, for commands, URLs and config entries', () => {
    const parseWith = (...args: string[]) => parseCli(['node', 'mcp-inspect', ...args], '1.0.0', '/demo.js');
    expect(parseWith('node', 'srv.js').target.era).toBe('auto');
    expect(parseWith('--era', 'legacy', 'node', 'srv.js').target.era).toBe('legacy');
    expect(parseWith('--era', 'modern', '--url', 'http://127.0.0.1:1/mcp').target.era).toBe('modern');
  });
});

describe('OAuth options', () => {
  it('takes --client-id, --client-secret, --scope and --oauth-store for a URL', () => {
    const config = parse(
      '--url',
      'http://127.0.0.1:1/mcp',
      '--client-id',
      'app',
      '--client-secret',
      's',
      '--scope',
      'a b',
      '--oauth-store',
      '/tmp/t.json',
    );
    expect(config.oauth).toEqual({
      clientId: 'app',
      clientSecret: 's',
      scope: 'a b',
      storeFile: '/tmp/t.json',
    });
    expect(parse('--url', 'http://127.0.0.1:1/mcp').oauth).toBeUndefined();
  });

  it("reads a config entry's oauth block, the command line winning", () => {
    const dir = scratchDir('oauth-cli');
    const file = join(dir, 'mcp.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          remote: {
            url: 'http://127.0.0.1:1/mcp',
            oauth: { clientId: 'from-file', scope: 'x', tokenStore: '/tmp/s.json' },
          },
        },
      }),
    );
    expect(parse('--config', file, '--scope', 'y').oauth).toEqual({
      clientId: 'from-file',
      scope: 'y',
      storeFile: '/tmp/s.json',
    });
  });
});

describe('URL timeouts', () => {
  it('are set by --connect-timeout and --request-timeout, or a config entry, the options winning', () => {
    expect(parse('--url', 'http://127.0.0.1:1/mcp').target).not.toHaveProperty('timeouts');
    expect(
      parse('--url', 'http://127.0.0.1:1/mcp', '--connect-timeout', '2.5', '--request-timeout', '0').target,
    ).toMatchObject({ timeouts: { connect: 2.5, request: 0 } });

    const dir = scratchDir('config');
    const file = join(dir, 'mcp.json');
    writeFileSync(
      file,
      JSON.stringify({ url: 'http://127.0.0.1:1/mcp', timeouts: { connect: 20, request: 600 } }),
    );
    expect(parse('--config', file).target).toMatchObject({ timeouts: { connect: 20, request: 600 } });
    expect(parse('--config', file, '--request-timeout', '30').target).toMatchObject({
      timeouts: { connect: 20, request: 30 },
    });
  });
});
