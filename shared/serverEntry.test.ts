import { describe, expect, it } from 'vitest';
import { parseServerConfig, toServerConfig } from './serverEntry.js';

describe('server entries', () => {
  const file = {
    mcpServers: {
      everything: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-everything'],
        env: { A: '1', PORT: 3 },
      },
      remote: { url: 'http://127.0.0.1:3001/sse', type: 'sse', headers: { Authorization: 'Bearer x' } },
    },
  };

  it('reads the mcpServers format, by name', () => {
    expect(parseServerConfig(file, 'everything')).toEqual({
      name: 'everything',
      target: {
        era: 'auto',
        kind: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-everything'],
        env: { A: '1', PORT: '3' },
      },
    });
    expect(parseServerConfig(file, 'remote')).toEqual({
      name: 'remote',
      target: {
        era: 'auto',
        kind: 'url',
        url: 'http://127.0.0.1:3001/sse',
        transport: 'sse',
        headers: { Authorization: 'Bearer x' },
      },
    });
  });

  it('reads the servers format of some editors, and a lone entry', () => {
    expect(parseServerConfig({ servers: { web: { type: 'http', url: 'http://h/mcp' } } })).toMatchObject({
      name: 'web',
      target: { kind: 'url', transport: 'streamable-http' },
    });
    expect(parseServerConfig({ command: 'node', args: ['s.js'], cwd: '/srv' })).toMatchObject({
      target: { kind: 'stdio', command: 'node', args: ['s.js'], env: {}, cwd: '/srv' },
    });
    expect(parseServerConfig({ url: 'http://h/mcp' })).toMatchObject({
      target: { kind: 'url', transport: 'auto' },
    });
  });

  it('says what is wrong', () => {
    expect(parseServerConfig(file)).toEqual({
      error: 'several servers in the file; choose one of: everything, remote',
    });
    expect(parseServerConfig(file, 'nope')).toEqual({
      error: 'no server named "nope"; the file has: everything, remote',
    });
    expect(parseServerConfig({ mcpServers: { x: { command: 'a', args: [1] } } })).toEqual({
      error: 'server "x": "args" must be strings',
    });
    expect(parseServerConfig([])).toEqual({ error: 'a server entry is a JSON object' });
    expect(parseServerConfig({ other: 1 })).toEqual({
      error: 'no server entry found (expected "mcpServers" or "servers")',
    });
  });

  it('names what is wrong with the entry asked for, rather than calling it missing', () => {
    const broken = { mcpServers: { ok: { command: 'node' }, typo: { comand: 'node' }, odd: 'node' } };
    expect(parseServerConfig(broken, 'typo')).toEqual({
      error: 'server "typo": "command" or "url" is required',
    });
    expect(parseServerConfig(broken, 'odd')).toEqual({ error: 'server "odd": an entry is a JSON object' });
    expect(parseServerConfig(broken, 'nope')).toEqual({ error: 'no server named "nope"; the file has: ok' });
  });

  it('does not pass over a name given for a file of one unnamed entry', () => {
    expect(parseServerConfig({ command: 'node' }, 'github')).toEqual({
      error: 'the file is a single server entry, with no servers to choose "github" from',
    });
  });

  it('writes an entry that reads back the same', () => {
    for (const name of ['everything', 'remote']) {
      const parsed = parseServerConfig(file, name);
      if (!('target' in parsed)) throw new Error(parsed.error);
      expect(parseServerConfig(toServerConfig(name, parsed.target), name)).toEqual(parsed);
    }
  });
});

describe('the oauth block of a server entry', () => {
  it('is read for a URL server and checked', () => {
    const ok = parseServerConfig({
      url: 'http://x/mcp',
      oauth: { clientId: 'a', clientSecret: 'b', clientMetadataUrl: 'https://c/d' },
    });
    expect(ok).toMatchObject({
      oauth: { clientId: 'a', clientSecret: 'b', clientMetadataUrl: 'https://c/d' },
    });
    expect(parseServerConfig({ url: 'http://x/mcp', oauth: { clientSecret: 'b' } })).toEqual({
      error: 'server "server": "oauth.clientSecret" needs "oauth.clientId"',
    });
    expect(parseServerConfig({ url: 'http://x/mcp', oauth: { token: 'b' } })).toMatchObject({
      error: /unknown keys: token/,
    });
    expect(parseServerConfig({ command: 'node', oauth: {} })).toMatchObject({
      error: /"oauth" is for servers reached by URL/,
    });
  });
});

describe('the timeouts of a URL server entry', () => {
  it('are read in seconds, checked, and written back', () => {
    const entry = { url: 'http://127.0.0.1:1/mcp', timeouts: { connect: 20, request: 0 } };
    const parsed = parseServerConfig(entry);
    expect(parsed).toMatchObject({ target: { kind: 'url', timeouts: { connect: 20, request: 0 } } });
    if ('error' in parsed) return;
    expect(toServerConfig('web', parsed.target).mcpServers.web).toMatchObject({ timeouts: entry.timeouts });
    expect(parseServerConfig({ url: 'http://h/mcp', timeouts: { connect: 0 } })).toEqual({
      error:
        'server "server": "timeouts.connect": the connect timeout is a number of seconds, above 0, at most 86400',
    });
    expect(parseServerConfig({ url: 'http://h/mcp', timeouts: { read: 5 } })).toEqual({
      error: 'server "server": "timeouts" has unknown keys: read (known: connect, request)',
    });
    expect(parseServerConfig({ command: 'node', timeouts: { connect: 5 } })).toEqual({
      error: 'server "server": "timeouts" is for servers reached by URL',
    });
  });
});
