import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { built } from '../testSupport/built.js';
import { sarifProblems } from '../testSupport/sarifSchema.js';
import { EVERYTHING_SERVER, TEST_TUNING } from '../testSupport/targets.js';
import type { VerbRun } from '../testSupport/verbProcess.js';
import { eventually, livePidsWith, newMarker } from '../testSupport/processes.js';

// The workspace's verbs from the built CLI, against real servers: the demo, server-everything and
// server-memory (nobody here wrote those two), and one that exits as it starts.
const MEMORY_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-memory/dist/index.js',
);
const TEST_TIMEOUT_MS = 180_000;

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-workspace-verbs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The CLI started, not awaited: for a test that signals it. */
function start(args: string[]) {
  return spawn(process.execPath, [built('server/cli/cli.ts'), ...args], {
    cwd: scratch,
    env: { ...process.env, MCP_INSPECT_KILL_GRACE_MS: String(TEST_TUNING.killGraceMs) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `mcp-inspect <args>` in the scratch folder, as a script runs it; --all runs several servers, so a longer leash. */
function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<VerbRun> {
  const child = spawn(process.execPath, [built('server/cli/cli.ts'), ...args], {
    cwd: scratch,
    env: { ...process.env, MCP_INSPECT_KILL_GRACE_MS: String(TEST_TUNING.killGraceMs), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), TEST_TIMEOUT_MS - 10_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

beforeAll(async () => {
  const adds = [
    ['demo', '--', process.execPath, built('server/demo/demoServer.ts')],
    ['everything', '--', process.execPath, EVERYTHING_SERVER, 'stdio'],
    ['memory', '-e', 'MEMORY_FILE_PATH=${env:WS_MEMORY_FILE}', '--', process.execPath, MEMORY_SERVER],
    ['broken', '--', process.execPath, '-e', 'console.error("no config here"); process.exit(3)'],
  ];
  for (const add of adds) {
    const run = await cli(['workspace', 'add', ...add]);
    expect(run.code, run.stderr).toBe(0);
  }
  // One saved call both the demo and server-everything answer; server-memory has no such tool.
  writeFileSync(
    join(scratch, 'mcp-inspect.collection.json'),
    JSON.stringify({
      formatVersion: 1,
      items: [
        {
          name: 'echo',
          kind: 'tool',
          tool: 'echo',
          arguments: { message: 'hi' },
          expect: [{ type: 'succeeds' }],
        },
      ],
    }),
  );
}, TEST_TIMEOUT_MS);

describe('the workspace on the command line', { timeout: TEST_TIMEOUT_MS }, () => {
  it('workspace list: the servers in order; the file holds the reference, not a value', async () => {
    const run = await cli(['workspace', 'list']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').map((line) => line.split(/\s+/)[2])).toEqual([
      'demo',
      'everything',
      'memory',
      'broken',
      undefined,
    ]);
    expect(readFileSync(join(scratch, 'mcp-inspect.workspace.json'), 'utf8')).toContain(
      '"MEMORY_FILE_PATH": "${env:WS_MEMORY_FILE}"',
    );
  });

  it('--server NAME runs that entry of the workspace, and says which before it starts', async () => {
    const run = await cli(['call', 'echo', '--arg', 'message=hello', '--server', 'everything']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('hello');
    expect(run.stderr).toContain(
      `the server "everything" of ${join(scratch, 'mcp-inspect.workspace.json')}: ${process.execPath}`,
    );
  });

  it('--server with an unknown name lists the names there are', async () => {
    const run = await cli(['tools', '--server', 'nope']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no server named "nope"');
    expect(run.stderr).toContain('it has: demo, everything, memory, broken');
  });

  it('an entry that asks for an environment variable runs only when trusted (server-memory)', async () => {
    const refused = await cli(['tools', '--server', 'memory'], {
      WS_MEMORY_FILE: join(scratch, 'memory.jsonl'),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('asks for the environment variable WS_MEMORY_FILE');
    const allowed = await cli(['tools', '--server', 'memory', '--allow-env', 'WS_MEMORY_FILE'], {
      WS_MEMORY_FILE: join(scratch, 'memory.jsonl'),
    });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toMatch(/^create_entities\(entities\)/m);
  });

  it('lint --all --host cursor: a part per server, the one that does not start in its own, the collision named', async () => {
    const run = await cli(['lint', '--all', '--host', 'cursor', '--json', '--trust-file'], {
      WS_MEMORY_FILE: join(scratch, 'memory.jsonl'),
    });
    // The highest of the servers' exit codes: the one that could not start (4).
    expect(run.code).toBe(4);
    const document = JSON.parse(run.stdout) as {
      servers: { server: string; exitCode: number; summary?: unknown; error?: { message: string } }[];
      combined: { host: string; findings: { ruleId: string; message: string; why: string }[] };
    };
    expect(document.servers.map((part) => [part.server, part.exitCode])).toEqual([
      ['demo', 0],
      ['everything', 0],
      ['memory', 0],
      ['broken', 4],
    ]);
    expect(document.servers[3]?.error?.message).toContain('exited with code 3');
    const collision = document.combined.findings.find((finding) => finding.ruleId === 'host-name-collision');
    expect(collision?.message).toBe('Cursor: "echo" is a tool of demo and everything');
    expect(collision?.why).toContain('https://');
    const total = document.combined.findings.find((finding) => finding.ruleId === 'host-total-tools');
    expect(total?.message).toMatch(/^Cursor: 3 servers list \d+ tools in all; the host takes 40$/);
  });

  it('lint --all in text: grouped per server, the failure said where it belongs', async () => {
    const run = await cli(['lint', '--all', '--host', 'claude-code', '--trust-file'], {
      WS_MEMORY_FILE: join(scratch, 'memory.jsonl'),
    });
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/── demo\n {2}mcp-inspect-demo [\d.]+: no findings/);
    expect(run.stdout).toContain('── broken\n  did not run (exit 4)');
    expect(run.stdout).toContain('told apart: mcp__demo__echo, mcp__everything__echo');
  });

  it('lint --all --format sarif: one run per server, the one that did not start a failed invocation; the schema accepts it', async () => {
    const run = await cli(['lint', '--all', '--format', 'sarif', '--trust-file'], {
      WS_MEMORY_FILE: join(scratch, 'memory.jsonl'),
    });
    expect(run.code).toBe(4);
    const sarif = JSON.parse(run.stdout) as {
      runs: { automationDetails: { id: string }; invocations?: { executionSuccessful: boolean }[] }[];
    };
    expect(sarif.runs.map((one) => one.automationDetails.id)).toEqual([
      'mcp-inspect/demo/',
      'mcp-inspect/everything/',
      'mcp-inspect/memory/',
      'mcp-inspect/broken/',
    ]);
    expect(sarif.runs[3]?.invocations?.[0]?.executionSuccessful).toBe(false);
    expect(sarifProblems(sarif).slice(0, 3)).toEqual([]);
  });

  it('test --all: one JUnit suite per server, the one that does not start as an error; exit the highest', async () => {
    const junit = join(scratch, 'report.xml');
    const run = await cli(['test', '--all', '--reporter', `junit=${junit}`, '--trust-file'], {
      WS_MEMORY_FILE: join(scratch, 'memory.jsonl'),
    });
    expect(run.code).toBe(8);
    const xml = readFileSync(junit, 'utf8');
    const suites = [...xml.matchAll(/<testsuite name="([^"]*)"[^>]*failures="(\d+)" errors="(\d+)"/g)].map(
      (match) => [match[1], match[2], match[3]],
    );
    expect(suites).toEqual([
      ['demo: mcp-inspect.collection.json', '0', '0'],
      ['everything: mcp-inspect.collection.json', '0', '0'],
      ['memory: mcp-inspect.collection.json', expect.any(String), expect.any(String)],
      ['broken', '0', '1'],
    ]);
    expect(xml).toMatch(/<testsuites name="mcp-inspect workspace" tests="4"/);
    expect(run.stdout).toContain('── broken');
    expect(run.stdout).toMatch(
      /4 servers: demo passed; everything passed; memory failed; broken did not run \(exit 4\)/,
    );
  });

  it('a workspace that does not parse is named by line and column, and left as it is', async () => {
    const path = join(scratch, 'bad.workspace.json');
    const text = '{\n  "formatVersion": 1,\n  "servers": [\n    { "name": "x" "command": "y" }\n  ]\n}\n';
    writeFileSync(path, text);
    const listed = await cli(['workspace', 'rename', 'x', 'z', '--workspace', path]);
    expect(listed.code).toBe(1);
    expect(listed.stderr).toContain(`${path}: line 4, column 19: expected "," or "}"`);
    expect(readFileSync(path, 'utf8')).toBe(text);
    // A host config that does not parse: its line and column, and the workspace as it was.
    const before = readFileSync(join(scratch, 'mcp-inspect.workspace.json'), 'utf8');
    const config = join(scratch, 'claude_desktop_config.json');
    writeFileSync(
      config,
      '{\n  // mine\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}\n',
    );
    const imported = await cli(['workspace', 'import', '--config', config]);
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain(`${config}: line 5, column 5: expected "," or "}"`);
    expect(readFileSync(join(scratch, 'mcp-inspect.workspace.json'), 'utf8')).toBe(before);
    const all = await cli(['lint', '--all', '--workspace', path]);
    expect(all.code).toBe(1);
    expect(all.stderr).toContain('line 4, column 19');
  });

  it('Ctrl-C during --all stops the server under way, starts no other, and exits 130', async () => {
    const marker = newMarker();
    // Servers that never answer: the run waits on the first until it is stopped.
    const hang = (name: string) => ({
      name,
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)', marker, name],
    });
    const path = join(scratch, 'hang.workspace.json');
    writeFileSync(path, JSON.stringify({ formatVersion: 1, servers: [hang('first'), hang('second')] }));
    const child = start(['lint', '--all', '--workspace', path]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(await eventually(() => livePidsWith(marker).length > 0, 60_000)).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(await eventually(() => livePidsWith(marker).length === 0, 10_000)).toBe(true);
    expect(stderr).toContain('[1/2] lint first');
    expect(stderr).not.toContain('[2/2]');
  });
});
