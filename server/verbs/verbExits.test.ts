import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { built } from '../testSupport/built.js';
import { startCli } from '../testSupport/cliProcess.js';
import { eventually, livePidsWith, newMarker } from '../testSupport/processes.js';
import { freePort } from '../testSupport/network.js';
import { fixturePath, TEST_TUNING } from '../testSupport/targets.js';
import { errorLine, runVerb, startHttpServer } from '../testSupport/verbProcess.js';

// One failing server (or command line) per exit code of the table in /work/shared/cli.md, as a
// script sees it: the code, the words on stderr, and with --json the one JSON line.

const CLI_TEST_TIMEOUT_MS = 90_000;
const node = process.execPath;
const fixture = (name: string) => ['--', node, fixturePath(name)];

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-exits-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('exit code 1: usage, or arguments the schema rejects', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('an unknown option, said once, as JSON with --json', async () => {
    const run = await runVerb(['tools', '--json', '--no-such-option']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(errorLine(run)).toEqual({
      exitCode: 1,
      kind: 'usage',
      message: "unknown option '--no-such-option'",
      details: ['run mcp-inspect tools --help for its usage'],
    });
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('arguments that do not fit the inputSchema: every problem with its path, nothing sent', async () => {
    const traffic = join(scratch, 'invalid.jsonl');
    const run = await runVerb([
      'call',
      'slow_count',
      '--arg',
      'steps=many',
      '--arg',
      'delayMs=-5',
      '--traffic',
      traffic,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error: the arguments do not fit the inputSchema of "slow_count"');
    expect(run.stderr).toContain('  steps: must be integer');
    expect(run.stderr).toContain('  delayMs: must be >= 0');
    expect(readFileSync(traffic, 'utf8')).not.toContain('"method":"tools/call"');
  });

  it('--no-validate sends them anyway, and the server has the last word', async () => {
    const run = await runVerb(['call', 'slow_count', '--no-validate', '--arg', 'steps=many']);
    expect(run.code).toBe(5);
  });

  it('the server command before --: said where it goes', async () => {
    const run = await runVerb(['tools', 'node', 'server.js']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `error: unexpected "node server.js": the server's command goes after --, as in mcp-inspect tools -- node build/index.js`,
    );
  });
});

describe('exit code 3: authorization needed', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  let server: { url: string; stop(): void };
  beforeAll(async () => {
    server = await startHttpServer(fixturePath('modernOnlyHttp.mjs'), [
      '--port',
      '0',
      '--token',
      'let-me-in',
    ]);
  });
  afterAll(() => server.stop());

  it('a server that answers 401 ends the verb with 3, saying what to do', async () => {
    const run = await runVerb(['tools', '--url', server.url, '--json']);
    expect(run.code).toBe(3);
    const error = errorLine(run);
    expect(error).toMatchObject({
      exitCode: 3,
      kind: 'auth',
      message: `HTTP 401: ${server.url} needs authorization`,
    });
    expect(error.details?.join('\n')).toContain('--header "Authorization: Bearer …"');
  });

  it('with the token in a header, it answers', async () => {
    const run = await runVerb(['tools', '--url', server.url, '--header', 'Authorization: Bearer let-me-in']);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('let-me-in');
  });
});

describe(
  'exit code 4: could not connect, the server failed to start or exited',
  { timeout: CLI_TEST_TIMEOUT_MS },
  () => {
    it('a command that does not exist', async () => {
      const run = await runVerb(['tools', '--', 'no-such-command-xyz']);
      expect(run.code).toBe(4);
      expect(run.stderr).toContain('error: command not found: no-such-command-xyz');
    });

    it('a server that exits at start: its exit code and its last stderr lines', async () => {
      const run = await runVerb(['info', '--json', ...fixture('exitAtStart.mjs')]);
      expect(run.code).toBe(4);
      expect(errorLine(run)).toEqual({
        exitCode: 4,
        kind: 'server-exited',
        message: 'the MCP server exited with code 3',
        details: ['its last 2 lines on stderr:', '│ loading config…', '│ fatal: config file missing'],
      });
    });

    it("the server's stderr lines keep the values of -e variables masked: its last lines, --server-stderr and the --traffic file", async () => {
      const script = "console.error('connecting with token ' + process.env.SERVICE_TOKEN); process.exit(2)";
      const traffic = join(scratch, 'masked.jsonl');
      // Left readable by all by an earlier tool: the capture makes it owner-only before writing.
      writeFileSync(traffic, '', { mode: 0o644 });
      chmodSync(traffic, 0o644);
      const run = await runVerb([
        'info',
        '--server-stderr',
        '--traffic',
        traffic,
        '-e',
        'SERVICE_TOKEN=tok-123456',
        '--',
        node,
        '-e',
        script,
      ]);
      expect(run.code).toBe(4);
      expect(run.stderr).toContain('error: the MCP server exited with code 2');
      expect(run.stderr).toContain('│ connecting with token ****');
      expect(run.stderr).toContain('server │ connecting with token ****');
      expect(run.stderr).not.toContain('tok-123456');
      const records = readFileSync(traffic, 'utf8');
      expect(records).toContain('"line":"connecting with token ****"');
      expect(records).not.toContain('tok-123456');
      expect(statSync(traffic).mode & 0o777).toBe(0o600);
    });

    it('--traffic creates its file owner-only (0600): it holds the arguments as typed', async () => {
      const traffic = join(scratch, 'created.jsonl');
      const run = await runVerb(['call', 'echo', '--arg', 'message=typed', '--traffic', traffic]);
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(traffic, 'utf8')).toContain('"message":"typed"');
      expect(statSync(traffic).mode & 0o777).toBe(0o600);
    });

    it('a server that exits in the middle of a call', async () => {
      const run = await runVerb(['call', 'crash', ...fixture('crashOnCall.mjs')]);
      expect(run.code).toBe(4);
      expect(run.stderr).toContain('error: the MCP server exited with code 7');
      expect(run.stderr).toContain('│ about to crash');
    });

    it('a URL nothing listens at', async () => {
      const url = `http://127.0.0.1:${await freePort()}/mcp`;
      const run = await runVerb(['tools', '--url', url]);
      expect(run.code).toBe(4);
      expect(run.stderr).toContain(`error: connection refused: nothing is listening at ${url}`);
    });

    it('an era the server does not speak', async () => {
      const run = await runVerb(['info', '--era', 'legacy', ...fixture('modernOnly.mjs')]);
      expect(run.code).toBe(4);
      expect(run.stderr).toMatch(/error: .*2026-07-28/);
    });
  },
);

describe('exit code 5: isError, an unknown tool, a JSON-RPC error', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('the tool returned isError: its content still printed', async () => {
    const run = await runVerb(['call', 'fail', '--arg', 'reason=on purpose']);
    expect(run.code).toBe(5);
    expect(run.stdout).toBe('Tool failed on purpose: on purpose\n');
    expect(run.stderr).toContain('error: the tool returned isError: true');
  });

  it('an unknown tool, with the name it probably meant', async () => {
    const run = await runVerb(['call', 'ecko', '--json']);
    expect(run.code).toBe(5);
    expect(errorLine(run)).toEqual({
      exitCode: 5,
      kind: 'unknown-tool',
      message: 'the server has no tool "ecko"',
      details: ['did you mean "echo"?'],
    });
  });

  it('a JSON-RPC error: the error as the server sent it on stdout with --json', async () => {
    const run = await runVerb(['read', 'demo://no/such/resource', '--json']);
    expect(run.code).toBe(5);
    expect(errorLine(run)).toMatchObject({ exitCode: 5, kind: 'rpc-error' });
    expect(errorLine(run).message).toMatch(
      /^resources\/read demo:\/\/no\/such\/resource: the server answered error -32602/,
    );
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { code: -32602, data: { uri: 'demo://no/such/resource' } },
      meta: { era: 'modern' },
    });
  });
});

describe('exit code 9: timed out', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('a server that never answers the handshake', async () => {
    const run = await runVerb(['tools', '--timeout', '0.5', '--json', ...fixture('neverReadsStdin.mjs')]);
    expect(run.code).toBe(9);
    expect(errorLine(run)).toMatchObject({ exitCode: 9, kind: 'timeout' });
  });

  it('a call that takes longer than --timeout: cancelled on the wire', async () => {
    const traffic = join(scratch, 'timeout.jsonl');
    const run = await runVerb([
      'call',
      'slow_count',
      '--arg',
      'steps=100',
      '--arg',
      'delayMs=5000',
      '--timeout',
      '1',
      '--traffic',
      traffic,
    ]);
    expect(run.code).toBe(9);
    expect(run.stderr).toContain('mcp-inspect stopped waiting after 1 s without an answer');
    expect(readFileSync(traffic, 'utf8')).toContain('"method":"notifications/cancelled"');
  });
});

describe('what is not a failure', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('a line of garbage on stdout is a warning, and the call goes on', async () => {
    const run = await runVerb(['call', 'emit_garbage', ...fixture('garbageStdout.mjs')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('garbage sent\n');
    expect(run.stderr).toContain('warning: A stdout line is not JSON');
  });

  it('mcp-inspect -- <verb> runs a server named like a verb, in the page', async (t) => {
    const cli = startCli(t, ['--no-open', '--port', '0', '--', 'info']);
    await cli.waitForOutput(/command not found: info/);
    await cli.waitForOutput(/Open the inspector/);
  });
});

describe('Ctrl-C', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('stops the server with the verb, exit code 130', async () => {
    // A server that never answers: the verb waits on its handshake until interrupted.
    const marker = newMarker();
    const script = "console.error('up'); setInterval(() => {}, 1000)";
    const child = spawn(
      node,
      [built('server/cli/cli.ts'), 'tools', '--json', '--server-stderr', '--', node, '-e', script, marker],
      { env: { ...process.env, MCP_INSPECT_KILL_GRACE_MS: String(TEST_TUNING.killGraceMs) }, stdio: 'pipe' },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    // Its stderr line on the verb's stderr: the verb is running, the server is the link's.
    expect(await eventually(() => stderr.includes('server │ up'), 20_000)).toBe(true);
    // The server; the CLI has the marker on its command line too.
    expect(livePidsWith(marker, [child.pid])).toHaveLength(1);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(JSON.parse(stderr.trim().split('\n').at(-1) ?? '')).toEqual({
      error: { exitCode: 130, kind: 'interrupted', message: 'SIGINT: stopped, and the server with it' },
    });
    expect(livePidsWith(marker, [child.pid])).toEqual([]);
  });
});
