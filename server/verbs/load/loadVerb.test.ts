// `mcp-inspect load`, the built CLI, against the demo server in both eras: every call counted by
// outcome, the percentiles and a text histogram printed, --json as one document, failures
// grouped by message, bad settings refused with exit 1. No timing is asserted.
import { describe, expect, it } from 'vitest';
import { errorLine, runVerb } from '../../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;

interface LoadDocument {
  tool: string;
  settings: { concurrency: number; requests?: number };
  completed: number;
  counts: { ok: number; isError: number; rpcError: number; timeout: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  histogram: { lowMs: number; highMs: number; count: number }[];
  errors: { message: string; count: number }[];
  meta: { era: string };
}

describe('mcp-inspect load', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  for (const era of ['modern', 'legacy'] as const) {
    it(`${era}: N calls, C at a time, all counted; percentiles and a text histogram`, async () => {
      const run = await runVerb([
        'load',
        'echo',
        '--arg',
        'message=hi',
        '--concurrency',
        '4',
        '--requests',
        '60',
        '--era',
        era,
      ]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^load echo: 60 calls in [\d.]+ s, concurrency 4: [\d.]+ calls\/s$/m);
      expect(run.stdout).toContain('  ok 60   isError 0   JSON-RPC error 0   timeout 0');
      expect(run.stdout).toMatch(
        /^ {2}latency {2}p50 [\d.]+ m?s {3}p90 [\d.]+ m?s {3}p99 [\d.]+ m?s {3}max [\d.]+ m?s/m,
      );
      expect(run.stdout).toContain('  latency histogram');
      const bars = run.stdout.split('\n').filter((line) => line.includes('│'));
      expect(bars.length).toBeGreaterThan(0);
      expect(bars.reduce((sum, line) => sum + Number(line.trim().split(/\s+/).at(-1)), 0)).toBe(60);
    });

    it(`${era}: --json, isError results grouped by their message`, async () => {
      const run = await runVerb([
        'load',
        'fail',
        '--arg',
        'reason=overloaded',
        '--concurrency',
        '3',
        '--requests',
        '30',
        '--era',
        era,
        '--json',
      ]);
      expect(run.code).toBe(0);
      const document = JSON.parse(run.stdout) as LoadDocument;
      expect(document).toMatchObject({
        tool: 'fail',
        settings: { concurrency: 3, requests: 30 },
        completed: 30,
        counts: { ok: 0, isError: 30, rpcError: 0, timeout: 0 },
        meta: { era },
      });
      expect(document.errors).toHaveLength(1);
      expect(document.errors[0]?.count).toBe(30);
      expect(document.errors[0]?.message).toMatch(/^isError: .*overloaded/);
      expect(document.latency.p50).toBeLessThanOrEqual(document.latency.p99);
      expect(document.latency.p99).toBeLessThanOrEqual(document.latency.max);
      expect(document.histogram.reduce((sum, row) => sum + row.count, 0)).toBe(30);
    });
  }

  it('--duration with --rate runs until the time is up; progress on stderr', async () => {
    const run = await runVerb([
      'load',
      'echo',
      '--arg',
      'message=hi',
      '--duration',
      '1500ms',
      '--rate',
      '20/s',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as LoadDocument;
    expect(document.completed).toBeGreaterThan(0);
    expect(document.counts.ok).toBe(document.completed);
    expect(run.stderr).toMatch(/calls .*\/s {2}p50/);
  });

  it('bad settings, an unknown tool, refused arguments', async () => {
    const both = await runVerb(['load', 'echo', '--requests', '5', '--duration', '1s', '--json']);
    expect(both.code).toBe(1);
    expect(errorLine(both).message).toBe('give either --requests or --duration, not both');
    const zero = await runVerb(['load', 'echo', '--concurrency', '0']);
    expect(zero.code).toBe(1);
    expect(zero.stderr).toContain('--concurrency takes a whole number from 1 to 1000, not "0"');
    const rate = await runVerb(['load', 'echo', '--rate', 'fast']);
    expect(rate.stderr).toContain('--rate takes calls per second, such as 50/s, not "fast"');
    const unknown = await runVerb(['load', 'ecko', '--json']);
    expect(errorLine(unknown)).toMatchObject({ exitCode: 5, kind: 'unknown-tool' });
    const refused = await runVerb(['load', 'echo', '--args', '{"message":5}', '--json']);
    expect(errorLine(refused)).toMatchObject({ exitCode: 1, kind: 'invalid-arguments' });
  });
});
