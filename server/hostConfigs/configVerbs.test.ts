import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { built } from '../testSupport/built.js';
import { errorLine, runVerb } from '../testSupport/verbProcess.js';
import { readHostConfig } from './hostConfigReader.js';

// `mcp-inspect wrap` and `unwrap` as a person runs them: the built CLI, its streams and exit codes
// (/work/shared/cli.md: 0 done, 1 usage, with one JSON line on stderr under --json).

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-wrap-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const CLI_TIMEOUT_MS = 60_000;

let copies = 0;
function desktopCopy(): { file: string; env: NodeJS.ProcessEnv; original: Buffer } {
  const root = join(scratch, `desktop-${++copies}`);
  cpSync(join(FIXTURES, 'claude-desktop'), root, { recursive: true });
  const file = join(root, 'claude_desktop_config.json');
  return { file, env: { MCP_INSPECT_STATE_DIR: join(root, 'state') }, original: readFileSync(file) };
}

describe('mcp-inspect wrap / unwrap', { timeout: CLI_TIMEOUT_MS }, () => {
  it('--dry-run prints the diff on stdout with no secret in it, writes nothing, exits 0', async () => {
    const { file, env, original } = desktopCopy();
    const run = await runVerb(['wrap', '--config', file, '--all', '--dry-run'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`--- ${file}\n+++ ${file}\n@@ `);
    expect(run.stdout).toContain('-            "command": "npx",');
    expect(run.stdout).toContain('"env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "****" }');
    expect(run.stdout).toContain('would wrap "github" (stdio)');
    expect(run.stdout + run.stderr).not.toContain('fixtureSecret');
    expect(run.stderr).toContain(`dry run: ${file} is unchanged`);
    expect(readFileSync(file).equals(original)).toBe(true);
    expect(existsSync(join(env.MCP_INSPECT_STATE_DIR as string, 'wraps'))).toBe(false);
  });

  it('writes the absolute paths of Node and of the running CLI, so the host needs no PATH; unwrap restores the bytes', async () => {
    const { file, env, original } = desktopCopy();
    const run = await runVerb(['wrap', '--config', file, '--server', 'github'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('wrapped "github" (stdio)\n');
    expect(run.stderr).toMatch(/the file as it was is kept in .*state\/wraps\/[0-9a-f]{32}\.json/);
    const read = readHostConfig(readFileSync(file, 'utf8'), file);
    if ('error' in read) throw new Error(read.error);
    const github = read.config.servers[0];
    expect(github?.command).toBe(process.execPath);
    expect(github?.args).toEqual([
      built('server/cli/cli.ts'),
      'proxy',
      '--',
      'npx',
      '-y',
      '@modelcontextprotocol/server-github',
    ]);
    expect(isAbsolute(github?.args[0] ?? '')).toBe(true);
    expect(existsSync(github?.args[0] ?? '')).toBe(true);

    const back = await runVerb(['unwrap', '--config', file], { env });
    expect(back.code).toBe(0);
    expect(back.stdout).toBe('unwrapped "github" (stdio)\n');
    expect(back.stderr).toContain('is back as it was before the wrap, byte for byte');
    expect(readFileSync(file).equals(original)).toBe(true);
  });

  it('an unwrap after the file was edited says so and keeps the edit', async () => {
    const { file, env } = desktopCopy();
    await runVerb(['wrap', '--config', file, '--all'], { env });
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Ctrl+Space"', '"Alt+Space"'));
    const back = await runVerb(['unwrap', '--config', file], { env });
    expect(back.code).toBe(0);
    expect(back.stderr).toContain('changed since the wrap (by Claude Desktop or by hand)');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"globalShortcut": "Alt+Space"');
    expect(text).not.toContain('"proxy"');
  });

  it('--server that is not there: exit 1, and the names there are', async () => {
    const { file, env, original } = desktopCopy();
    const run = await runVerb(['wrap', '--config', file, '--server', 'gihub'], { env });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`error: no server named "gihub"\n  ${file} has: github, memory, bare\n`);
    const json = await runVerb(['wrap', '--config', file, '--server', 'gihub', '--json'], { env });
    expect(json.code).toBe(1);
    expect(errorLine(json)).toEqual({
      exitCode: 1,
      kind: 'usage',
      message: 'no server named "gihub"',
      details: [`${file} has: github, memory, bare`],
    });
    expect(readFileSync(file).equals(original)).toBe(true);
  });

  it('a file that does not parse: exit 1, its line and column, the file untouched', async () => {
    const { file, env } = desktopCopy();
    writeFileSync(file, '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}\n');
    const run = await runVerb(['wrap', '--config', file, '--all'], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`error: ${file} is not valid JSON: line 4, column 5: expected "," or "}"`);
    expect(readFileSync(file, 'utf8')).toBe(
      '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}\n',
    );
  });

  it('usage mistakes exit 1: no --config, --server with --all, a missing file', async () => {
    const { file, env } = desktopCopy();
    const none = await runVerb(['wrap'], { env });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("required option '--config <file|host>' not specified");
    const both = await runVerb(['wrap', '--config', file, '--all', '--server', 'github'], { env });
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('give --server or --all, not both');
    const missing = await runVerb(['unwrap', '--config', join(scratch, 'nope.json')], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`no such file: ${join(scratch, 'nope.json')}`);
  });

  it('--json: one document with what changed and the proxy command to run, the URL secret masked', async () => {
    const root = join(scratch, `cursor-${++copies}`);
    cpSync(join(FIXTURES, 'cursor'), root, { recursive: true });
    const file = join(root, '.cursor', 'mcp.json');
    const env = { MCP_INSPECT_STATE_DIR: join(root, 'state') };
    const run = await runVerb(['wrap', '--config', file, '--all', '--json'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('fixtureSecret');
    const report = JSON.parse(run.stdout) as {
      host: string;
      written: boolean;
      changed: { id: string; kind: string; url?: string; port?: number; proxyCommand?: string[] }[];
    };
    expect(report.host).toBe('cursor');
    expect(report.written).toBe(true);
    const search = report.changed.find((entry) => entry.id === 'search');
    expect(search?.url).toBe('https://search.example.com/mcp?token=****');
    expect(search?.proxyCommand).toEqual([
      process.execPath,
      built('server/cli/cli.ts'),
      'proxy',
      '--url',
      'https://search.example.com/mcp?token=****',
      '--port',
      String(search?.port),
    ]);
  });

  it("--help names each host's file on macOS, Linux and Windows; the main help lists the verbs", async () => {
    const help = await runVerb(['wrap', '--help']);
    expect(help.code).toBe(0);
    for (const line of [
      'claude-desktop',
      'macOS:   ~/Library/Application Support/Claude/claude_desktop_config.json',
      'Windows: %APPDATA%\\Claude\\claude_desktop_config.json',
      'Linux:   ~/.config/Code/User/mcp.json',
      '~/.codeium/windsurf/mcp_config.json',
      '~/.cursor/mcp.json',
      '~/.claude.json',
      'so the\nhost needs no PATH',
    ])
      expect(help.stdout).toContain(line);
    const main = await runVerb(['--help']);
    expect(main.stdout).toContain(
      'mcp-inspect wrap   --config <file|host> [--server NAME | --all] [--dry-run]',
    );
    expect(main.stdout).toContain('mcp-inspect unwrap --config <file|host>');
  });

  it("--config <host> stands for that host's default file", async () => {
    const home = join(scratch, `home-${++copies}`);
    cpSync(join(FIXTURES, 'windsurf'), join(home, '.codeium', 'windsurf'), { recursive: true });
    const run = await runVerb(['wrap', '--config', 'windsurf', '--server', 'git', '--dry-run'], {
      env: { HOME: home, MCP_INSPECT_STATE_DIR: join(home, 'state') },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`--- ${join(home, '.codeium', 'windsurf', 'mcp_config.json')}`);
  });
});
