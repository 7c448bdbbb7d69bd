// mock: sessions of real servers recorded with --traffic, served back by `mcp-inspect mock`, and
// inspected with the same verbs: the same results as from the real server, in the recorded era,
// over stdio and Streamable HTTP.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { built } from '../testSupport/built.js';
import { EVERYTHING_SERVER } from '../testSupport/targets.js';
import { runVerb, startHttpServer } from '../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 120_000;
const ERAS = ['legacy', 'modern'] as const;

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-mock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The mock of a recording, as a stdio server command for the verbs. */
const mockOf = (recording: string, ...options: string[]) => [
  '--',
  process.execPath,
  built('server/cli/cli.ts'),
  'mock',
  recording,
  ...options,
];

/** A verb's --json result without `meta` (latency and transport differ from run to run). */
function result(stdout: string): unknown {
  const { meta: _meta, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
  return rest;
}

let counter = 0;

/**
 * Runs `verb` against the real server recording the session, then against the mock of that
 * recording; both results, and the recording's path.
 */
async function recordAndReplay(verb: string[], server: string[], mockOptions: string[] = []) {
  counter += 1;
  const recording = join(scratch, `session-${counter}.jsonl`);
  const real = await runVerb([...verb, '--json', '--traffic', recording, ...server]);
  expect(real.code, real.stderr).toBe(0);
  const mocked = await runVerb([...verb, '--json', ...mockOf(recording, '--speed', '0', ...mockOptions)]);
  expect(mocked.code, mocked.stderr).toBe(0);
  return { real, mocked, recording };
}

describe.each(ERAS)(
  'the demo server recorded in the %s era, replayed',
  { timeout: CLI_TEST_TIMEOUT_MS },
  (era) => {
    const verbs: [string, string[]][] = [
      ['info', ['info', '--era', era]],
      ['tools', ['tools', '--era', era]],
      ['resources', ['resources', '--era', era]],
      ['call echo', ['call', 'echo', '--arg', 'message=hello', '--era', era]],
      ['read', ['read', 'demo://docs/readme', '--era', era]],
      ['prompt', ['prompt', 'greeting', '--arg', 'name=Ada', '--era', era]],
      ['call get_weather (structured)', ['call', 'get_weather', '--arg', 'city=Paris', '--era', era]],
    ];
    it.each(verbs)('%s: the same result from the mock as from the server', async (_name, verb) => {
      const { real, mocked } = await recordAndReplay(verb, []);
      expect(result(mocked.stdout)).toEqual(result(real.stdout));
      const meta = (JSON.parse(mocked.stdout) as { meta: { era: string } }).meta;
      expect(meta.era).toBe(era);
    });

    it('progress notifications replayed in order before the result', async () => {
      const { real, mocked } = await recordAndReplay(
        ['call', 'slow_count', '--arg', 'steps=3', '--arg', 'delayMs=20', '--era', era],
        [],
      );
      expect(result(mocked.stdout)).toEqual(result(real.stdout));
      expect(mocked.stderr).toContain(
        'progress 1/3: Step 1/3\nprogress 2/3: Step 2/3\nprogress 3/3: Step 3/3\n',
      );
    });

    it("the server's questions replayed (legacy: its own requests, each awaited; modern: input rounds)", async () => {
      const { real, mocked } = await recordAndReplay(
        [
          'call',
          'book_table',
          '--arg',
          'restaurant=Chez MCP',
          '--elicit',
          '{"name":"Ada","seats":2}',
          '--sampling-reply',
          'Welcome, Ada!',
          '--era',
          era,
        ],
        [],
      );
      expect(result(mocked.stdout)).toEqual(result(real.stdout));
      expect(mocked.stdout).toContain('Booked a table for 2 at Chez MCP under the name Ada');
    });

    it('log messages replayed', async () => {
      const { mocked } = await recordAndReplay(
        [
          'call',
          'log_message',
          '--arg',
          'level=warning',
          '--arg',
          'text=careful',
          '--log-level',
          'debug',
          '--era',
          era,
        ],
        [],
      );
      expect(mocked.stderr).toMatch(/\[log warning\].*careful/);
    });

    it('a client in auto mode finds the recorded era by itself', async () => {
      const { real } = await recordAndReplay(['tools', '--era', era], []);
      const recording = join(scratch, `session-${counter}.jsonl`);
      const auto = await runVerb(['tools', '--json', ...mockOf(recording, '--speed', '0')]);
      expect(auto.code, auto.stderr).toBe(0);
      expect(result(auto.stdout)).toEqual(result(real.stdout));
      expect((JSON.parse(auto.stdout) as { meta: { era: string } }).meta.era).toBe(era);
    });

    it('over Streamable HTTP on 127.0.0.1 too', async () => {
      const recording = join(scratch, `http-${era}.jsonl`);
      const real = await runVerb([
        'call',
        'echo',
        '--arg',
        'message=over http',
        '--era',
        era,
        '--json',
        '--traffic',
        recording,
      ]);
      expect(real.code).toBe(0);
      const mock = await startHttpServer(built('server/cli/cli.ts'), [
        'mock',
        recording,
        '--http',
        '--port',
        '0',
      ]);
      try {
        const mocked = await runVerb([
          'call',
          'echo',
          '--arg',
          'message=over http',
          '--era',
          era,
          '--json',
          '--url',
          mock.url,
        ]);
        expect(mocked.code, mocked.stderr).toBe(0);
        expect(result(mocked.stdout)).toEqual(result(real.stdout));
        expect((JSON.parse(mocked.stdout) as { meta: { transport: string } }).meta.transport).toBe(
          'streamable-http',
        );
      } finally {
        mock.stop();
      }
    });
  },
);

describe('server-everything recorded and replayed', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const EVERYTHING = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];
  it.each([
    ['tools', ['tools']],
    ['prompts', ['prompts']],
    ['call get-sum', ['call', 'get-sum', '--arg', 'a=2', '--arg', 'b=3']],
  ])('%s: the same result from the mock', async (_name, verb) => {
    const { real, mocked } = await recordAndReplay(verb, EVERYTHING);
    expect(result(mocked.stdout)).toEqual(result(real.stdout));
    expect((JSON.parse(mocked.stdout) as { meta: { era: string } }).meta.era).toBe('legacy');
  });
});

describe('what the mock has no answer to, and bad recordings', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('a request not in the recording: a JSON-RPC error naming the closest recorded one and how it differs', async () => {
    const { recording } = await recordAndReplay(
      ['call', 'echo', '--arg', 'message=hello', '--era', 'legacy'],
      [],
    );
    const before = readFileSync(recording);
    const modified = statSync(recording).mtimeMs;
    const other = await runVerb(['call', 'echo', '--arg', 'message=bye', '--json', ...mockOf(recording)]);
    expect(other.code).toBe(5);
    const answer = JSON.parse(other.stdout) as { error: { code: number; message: string } };
    expect(answer.error.code).toBe(-32602);
    expect(answer.error.message).toMatch(
      /^no recorded answer to tools\/call of tool "echo" with these parameters; the closest recorded request \(line \d+\) differs at arguments\.message: asked "bye", recorded "hello"$/,
    );
    const unknown = await runVerb(['prompts', ...mockOf(recording)]);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain(
      'Method not found: prompts/list is not in the recording (the closest recorded method: tools/list)',
    );
    // The mock never writes to the recording.
    expect(readFileSync(recording)).toEqual(before);
    expect(statSync(recording).mtimeMs).toBe(modified);
  });

  it('a recording cut off, or not one, is refused with its line', async () => {
    const { recording } = await recordAndReplay(['tools', '--era', 'modern'], []);
    const text = readFileSync(recording, 'utf8');
    const cut = join(scratch, 'cut.jsonl');
    writeFileSync(cut, text.slice(0, text.lastIndexOf('"tools":') + 20));
    const run = await runVerb(['mock', cut]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/cut\.jsonl: line \d+: the recording is cut off/);
    const garbage = join(scratch, 'garbage.jsonl');
    writeFileSync(garbage, `${text.split('\n')[0]}\nnot json\n`);
    const bad = await runVerb(['mock', garbage]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('garbage.jsonl: line 2: not JSON');
  });

  it('secrets the recorder masked stay masked: the mock serves only what the file holds', async () => {
    const server = await startHttpServer(built('server/demo/demoServer.ts'), ['--http', '--port', '0']);
    try {
      const recording = join(scratch, 'secret.jsonl');
      const real = await runVerb([
        'tools',
        '--json',
        '--url',
        server.url,
        '--header',
        'X-Api-Key: s3cret-value-123',
        '--traffic',
        recording,
      ]);
      expect(real.code, real.stderr).toBe(0);
      expect(readFileSync(recording, 'utf8')).not.toContain('s3cret-value-123');
      const replay = join(scratch, 'secret-replay.jsonl');
      const mocked = await runVerb([
        'tools',
        '--json',
        '--traffic',
        replay,
        ...mockOf(recording, '--speed', '0'),
      ]);
      expect(mocked.code, mocked.stderr).toBe(0);
      expect(result(mocked.stdout)).toEqual(result(real.stdout));
      expect(`${mocked.stdout}${mocked.stderr}${readFileSync(replay, 'utf8')}`).not.toContain(
        's3cret-value-123',
      );
    } finally {
      server.stop();
    }
  });
});
