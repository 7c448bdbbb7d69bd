// snapshot and diff as a script runs them: the built CLI, the bundled demo server in both eras.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../testSupport/built.js';
import { VICTIM_TEXT } from '../testSupport/plantedLinks.js';
import { scratchDir } from '../testSupport/scratchDir.js';
import { errorLine, runVerb } from '../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-surface-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const at = (name: string) => join(scratch, name);

interface SnapshotJson {
  format: string;
  version: number;
  surface: {
    era: string;
    resourceTemplates: unknown[];
    tools: {
      name: string;
      description?: string;
      inputSchema: { type?: string; properties?: Record<string, unknown> };
    }[];
  };
}

let modernSnapshot: string;

beforeAll(async () => {
  const run = await runVerb(['snapshot', '--era', 'modern', '--out', at('demo.json')]);
  expect(run.code, run.stderr).toBe(0);
  modernSnapshot = readFileSync(at('demo.json'), 'utf8');
}, CLI_TEST_TIMEOUT_MS);

describe('snapshot', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('--out writes the surface, marked and stable: the same bytes as on stdout, run after run', async () => {
    const again = await runVerb(['snapshot', '--era', 'modern']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(modernSnapshot);
    const snapshot = JSON.parse(modernSnapshot) as SnapshotJson;
    expect(snapshot).toMatchObject({ format: 'mcp-inspect-snapshot', version: 1 });
    expect(snapshot.surface).toMatchObject({
      era: 'modern',
      protocolVersion: '2026-07-28',
      serverInfo: { name: 'mcp-inspect-demo' },
      capabilities: { tools: { listChanged: true }, extensions: { 'io.modelcontextprotocol/tasks': {} } },
    });
    const names = snapshot.surface.tools.map((tool) => tool.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('echo');
    expect(snapshot.surface.resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: 'demo://notes/{id}' }),
      // The Skills extension's template for a skill's files (SEP-2640).
      expect.objectContaining({ uriTemplate: 'skill://{+path}' }),
    ]);
    // Keys sorted at every depth, two-space indent, a final newline: fit for review as a diff.
    expect(modernSnapshot.split('\n')[1]).toBe('  "format": "mcp-inspect-snapshot",');
    expect(modernSnapshot.endsWith('}\n')).toBe(true);
  });

  it('the legacy era too; --json with --out gives a summary', async () => {
    const run = await runVerb(['snapshot', '--era', 'legacy', '--out', at('legacy.json'), '--json']);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { path: string; counts: Record<string, number> };
    expect(summary.path).toBe(at('legacy.json'));
    expect(summary.counts.prompts).toBe(2);
    const snapshot = JSON.parse(readFileSync(at('legacy.json'), 'utf8')) as SnapshotJson;
    expect(snapshot.surface).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(statSync(at('legacy.json')).mode & 0o777).toBe(0o600);
  });
});

describe('snapshot --out and planted links', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("never writes through a symlink at the old temporary name (<out>.<the verb's pid>.tmp) or a guessable one", async () => {
    const out = at('planted.json');
    const victims = scratchDir('snapshot-victims');
    const guessable = [`${out}.tmp`, `${out}~`].map((name, index) => plant(name, join(victims, `g${index}`)));
    // A shell that waits for a line, then becomes the verb (exec keeps its pid): the pid is known
    // before the verb runs, so the link can wait at exactly the name the old writer used.
    const child = spawn(
      'sh',
      [
        '-c',
        'read go; exec "$0" "$@"',
        process.execPath,
        built('server/cli/cli.ts'),
        'snapshot',
        '--era',
        'modern',
        '--out',
        out,
      ],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    const exact = plant(`${out}.${child.pid}.tmp`, join(victims, 'exact'));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end('go\n');
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code, stderr).toBe(0);
    for (const victim of [exact, ...guessable]) expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(readFileSync(out, 'utf8')).toBe(modernSnapshot);
  });
});

/** A victim file with a symlink to it at `name`; returns the victim's path. */
function plant(name: string, victim: string): string {
  writeFileSync(victim, VICTIM_TEXT);
  symlinkSync(victim, name);
  return victim;
}

describe('diff', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  /** A copy of the demo's snapshot with `edit` made to its surface, written to `name`. */
  function changedCopy(name: string, edit: (surface: SnapshotJson['surface']) => void): string {
    const snapshot = JSON.parse(modernSnapshot) as SnapshotJson;
    edit(snapshot.surface);
    writeFileSync(at(name), JSON.stringify(snapshot, null, 2));
    return at(name);
  }

  it('two snapshot files with a breaking change: the report grouped, exit 7', async () => {
    const changed = changedCopy('breaking.json', (surface) => {
      surface.tools = surface.tools.filter((tool) => tool.name !== 'fail');
      const echo = surface.tools.find((tool) => tool.name === 'echo');
      echo!.inputSchema.properties!.repeat = { type: 'integer' };
    });
    const run = await runVerb(['diff', at('demo.json'), changed]);
    expect(run.code).toBe(7);
    expect(run.stdout).toContain(`${at('demo.json')} → ${changed}: 1 breaking, 1 compatible`);
    expect(run.stdout).toMatch(
      /Breaking \(clients written against the old side may fail\):\n {2}tool "fail" removed\n {4}at \$\.tools\["fail"\]/,
    );
    expect(run.stdout).toMatch(
      /Compatible:\n {2}tool "echo": optional argument "repeat" added\n {4}at \$\.tools\["echo"\]\.inputSchema\.properties\.repeat\n {4}after: {2}\{"type":"integer"\}/,
    );
    expect(run.stderr).toContain('error: 1 breaking change');

    const json = await runVerb(['diff', at('demo.json'), changed, '--json']);
    expect(json.code).toBe(7);
    const report = JSON.parse(json.stdout) as { breaking: number; compatible: number; changes: unknown[] };
    expect(report).toMatchObject({ breaking: 1, compatible: 1 });
    expect(report.changes[0]).toMatchObject({
      kind: 'breaking',
      path: '$.tools["fail"]',
      what: 'tool "fail" removed',
    });
    expect(errorLine(json)).toMatchObject({ exitCode: 7, kind: 'breaking-change' });
  });

  it('a side whose tools/list failed: the comparison is incomplete, exit 4, never "compatible"', async () => {
    const failing =
      'Invalid result for tools/list: [\n  {"code": "invalid_type", "path": ["tools", 0, "inputSchema"]}\n]';
    const broken = changedCopy('broken.json', (surface) => {
      surface.tools = [];
      (surface as { failures?: Record<string, string> }).failures = { 'tools/list': failing };
    });
    const run = await runVerb(['diff', at('demo.json'), broken, '--json']);
    expect(run.code).toBe(4);
    expect(errorLine(run)).toMatchObject({
      exitCode: 4,
      kind: 'list-failed',
      message:
        'the comparison is incomplete: tools/list fails on the new side: Invalid result for tools/list: [',
    });
    expect((JSON.parse(run.stdout) as { failedLists: string[] }).failedLists).toEqual([
      'tools/list fails on the new side: Invalid result for tools/list: [',
    ]);
    // Both sides failing the same list: nothing differs that can be seen, and still no verdict.
    const both = await runVerb(['diff', broken, broken]);
    expect(both.code).toBe(4);
    expect(both.stderr).toContain(
      'error: the comparison is incomplete: tools/list fails on the old side: Invalid result for tools/list: [; tools/list fails on the new side',
    );
  });

  it('only compatible changes: exit 0', async () => {
    const changed = changedCopy('compatible.json', (surface) => {
      surface.tools.find((tool) => tool.name === 'echo')!.description = 'Says it back.';
    });
    const run = await runVerb(['diff', at('demo.json'), changed]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('0 breaking, 1 compatible');
    expect(run.stdout).toContain('tool "echo": description changed');
  });

  it('a snapshot against the live server: the same server agrees (exit 0); an older snapshot shows what the server broke', async () => {
    const same = await runVerb(['diff', at('demo.json'), '--era', 'modern']);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toBe(`${at('demo.json')} → the demo server: no changes\n`);
    // An "old release" that had a tool the live server no longer has, and a narrower argument.
    const older = changedCopy('older.json', (surface) => {
      surface.tools.push({ name: 'retired_tool', inputSchema: { type: 'object' } });
    });
    const run = await runVerb(['diff', older, '--era', 'modern', '--json']);
    expect(run.code).toBe(7);
    const report = JSON.parse(run.stdout) as {
      b: { kind: string };
      changes: { kind: string; path: string }[];
    };
    expect(report.b.kind).toBe('live');
    expect(report.changes).toEqual([
      expect.objectContaining({ kind: 'breaking', path: '$.tools["retired_tool"]' }),
    ]);
  });

  it('a recording as a side: its handshake and lists, the lists it never read said as such', async () => {
    const recording = at('session.jsonl');
    const record = await runVerb(['tools', '--era', 'legacy', '--traffic', recording]);
    expect(record.code).toBe(0);
    const run = await runVerb(['diff', recording, at('legacy.json'), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as {
      a: { kind: string };
      changes: { kind: string; what: string }[];
    };
    expect(report.a.kind).toBe('recording');
    // The tools match; resources and prompts were not read in that session.
    expect(report.changes.map((change) => change.what)).toEqual([
      'prompts/list reads on the new side only (the old side: prompts/list is not in the recording)',
      'resources/templates/list reads on the new side only (the old side: resources/templates/list is not in the recording)',
      'resources/list reads on the new side only (the old side: resources/list is not in the recording)',
    ]);
  });

  it('a file cut off, or not a snapshot, is named with its line: exit 1', async () => {
    writeFileSync(at('cut.json'), modernSnapshot.slice(0, 200));
    const cut = await runVerb(['diff', at('cut.json'), at('demo.json')]);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(
      /cut\.json: line \d+, column \d+: .*found the end of the file \(the file is cut off\)/,
    );
    const lines = readFileSync(at('session.jsonl'), 'utf8');
    writeFileSync(at('cut.jsonl'), lines.slice(0, lines.indexOf('"tools/list"') + 5));
    const cutRecording = await runVerb(['diff', at('cut.jsonl'), at('demo.json')]);
    expect(cutRecording.code).toBe(1);
    expect(cutRecording.stderr).toMatch(/cut\.jsonl: line \d+: the recording is cut off/);
    writeFileSync(at('other.json'), '{"hello": 1}\n');
    const other = await runVerb(['diff', at('other.json'), at('demo.json')]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('other.json: line 1: not a snapshot');
  });
});
