import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maskConfigText } from './displayMask.js';
import { resolveConfigPath, type PlaceContext } from './hostLocations.js';
import { localProxyUrl, unwrappedCommand } from './proxyEntry.js';
import { unifiedDiff } from './unifiedDiff.js';
import { stateDir } from './wrapRecords.js';

describe('default config files per OS', () => {
  const place = (os: PlaceContext['os'], env: NodeJS.ProcessEnv = {}): PlaceContext => ({
    os,
    home: os === 'win32' ? 'C:\\Users\\ada' : os === 'darwin' ? '/Users/ada' : '/home/ada',
    cwd: os === 'win32' ? 'C:\\work\\app' : '/work/app',
    env,
  });

  it.each([
    ['claude-desktop', 'darwin', '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json'],
    ['claude-desktop', 'linux', '/home/ada/.config/Claude/claude_desktop_config.json'],
    ['vscode', 'darwin', '/Users/ada/Library/Application Support/Code/User/mcp.json'],
    ['vscode-workspace', 'linux', '/work/app/.vscode/mcp.json'],
    ['cursor', 'linux', '/home/ada/.cursor/mcp.json'],
    ['windsurf', 'darwin', '/Users/ada/.codeium/windsurf/mcp_config.json'],
    ['claude-code', 'linux', '/home/ada/.claude.json'],
    ['claude-code-project', 'darwin', '/work/app/.mcp.json'],
  ] as const)('%s on %s: %s', (name, os, expected) => {
    expect(resolveConfigPath(name, place(os))).toBe(expected);
  });

  it('Windows: %APPDATA% and the profile folder', () => {
    const windows = place('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' });
    expect(resolveConfigPath('claude-desktop', windows)).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    );
    expect(resolveConfigPath('cursor', windows)).toBe('C:\\Users\\ada\\.cursor\\mcp.json');
    expect(stateDir({ ...windows, env: { LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' } })).toBe(
      'C:\\Users\\ada\\AppData\\Local\\mcp-inspect',
    );
  });

  it('XDG folders and CLAUDE_CONFIG_DIR are honoured; another path is taken from the current folder', () => {
    expect(resolveConfigPath('vscode', place('linux', { XDG_CONFIG_HOME: '/cfg' }))).toBe(
      '/cfg/Code/User/mcp.json',
    );
    expect(resolveConfigPath('claude-code', place('linux', { CLAUDE_CONFIG_DIR: '/cc' }))).toBe(
      '/cc/.claude.json',
    );
    expect(stateDir(place('linux', { XDG_STATE_HOME: '/state' }))).toBe('/state/mcp-inspect');
    expect(stateDir(place('darwin'))).toBe('/Users/ada/Library/Application Support/mcp-inspect');
    expect(resolveConfigPath('my/mcp.json', place('linux'))).toBe('/work/app/my/mcp.json');
  });
});

describe('the wrapped entry marker', () => {
  it('reads the original command back from the proxy command line, whichever way mcp-inspect is run', () => {
    const original = { command: 'npx', args: ['-y', 'server', '--', 'x'] };
    for (const [command, prefix] of [
      ['/usr/bin/node', ['/opt/mcp-inspect/dist/server/cli.js']],
      ['C:\\Program Files\\nodejs\\node.exe', ['C:\\mcp-inspect\\dist\\server\\cli.js']],
      ['/usr/local/bin/mcp-inspect', []],
      ['npx', ['mcp-inspect']],
    ] as const) {
      expect(unwrappedCommand(command, [...prefix, 'proxy', '--', 'npx', '-y', 'server', '--', 'x'])).toEqual(
        original,
      );
    }
  });

  it('a server that merely takes "proxy" as an argument is not taken for a wrapped one', () => {
    expect(unwrappedCommand('node', ['server.js', 'proxy', '--', 'x'])).toBeUndefined();
    expect(unwrappedCommand('squid-mcp', ['proxy', '--', 'x'])).toBeUndefined();
    expect(unwrappedCommand('node', ['/tools/other/dist/cli.js', 'proxy', '--', 'x'])).toBeUndefined();
    expect(unwrappedCommand('/usr/bin/node', ['/x/cli.js', 'proxy', '--'])).toBeUndefined();
  });

  it("a URL entry's local address keeps the path and leaves the query (it may hold a key) to the proxy", () => {
    expect(localProxyUrl('https://example.com/v1/mcp?api_key=k', 23456)).toBe(
      'http://127.0.0.1:23456/v1/mcp',
    );
    expect(localProxyUrl('https://example.com', 23456)).toBe('http://127.0.0.1:23456/');
  });
});

describe('masking what wrap shows', () => {
  it('env values, headers, secret-named properties and flags, URL secrets; references stay readable', () => {
    const text = `{
  // comment
  "primaryApiKey": "sk-1",
  "mcpServers": {
    "a": {
      "command": "server",
      "args": ["--token", "t-2", "--api-key=k-3", "--port", "80", "--key", "\${input:key}"],
      "env": { "A": "v-4", "B": "\${env:B}" },
      "url": "https://u:p-5@example.com/mcp?sig=s-6&page=2",
      "headers": { "X-Custom": "h-7" },
    },
  },
}`;
    const masked = maskConfigText(text);
    for (const secret of ['sk-1', 't-2', 'k-3', 'v-4', 'p-5', 's-6', 'h-7'])
      expect(masked).not.toContain(secret);
    expect(masked).toContain(
      '"args": ["--token", "****", "--api-key=****", "--port", "80", "--key", "${input:key}"]',
    );
    expect(masked).toContain('"env": { "A": "****", "B": "${env:B}" }');
    expect(masked).toContain('"url": "https://****@example.com/mcp?sig=****&page=2"');
    expect(masked).toContain('// comment');
    expect(masked.split('\n')).toHaveLength(text.split('\n').length);
  });
});

describe('the unified diff', () => {
  it('reads as diff -u prints it', () => {
    const before = [
      '{',
      '  "a": 1,',
      '  "b": 2,',
      '  "c": 3,',
      '  "d": 4,',
      '  "e": 5,',
      '  "f": 6,',
      '  "g": 7,',
      '  "h": 8,',
      '  "i": 9',
      '}',
      '',
    ].join('\n');
    const after = before
      .replace('"b": 2', '"b": 20')
      .replace('"h": 8,', '"h": 8,\n  "hh": 88,')
      .replace('"d": 4,\n', '');
    const ours = unifiedDiff(before, after, 'a.json', 'b.json');
    const dir = mkdtempSync(join(tmpdir(), 'mcp-inspect-diff-'));
    try {
      writeFileSync(join(dir, 'a.json'), before);
      writeFileSync(join(dir, 'b.json'), after);
      const theirs = spawnSync('diff', ['-u', 'a.json', 'b.json'], { cwd: dir, encoding: 'utf8' });
      // diff -u dates its headers; the hunks are what must agree.
      const hunks = (diff: string) => diff.split('\n').filter((line) => !/^(---|\+\+\+) /.test(line));
      expect(theirs.status).toBe(1);
      expect(hunks(ours)).toEqual(hunks(theirs.stdout));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(unifiedDiff(before, before, 'a', 'b')).toBe('');
  });
});
