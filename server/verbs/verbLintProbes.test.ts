// `lint --probe` as a person runs it (the built CLI, the fixture as a stdio server, the default
// timeouts), against a server that makes probing dangerous: what was called is read from the
// verb's own --traffic file, as a person would check it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { OLD_UNKNOWN_TOOL } from '../testSupport/lintFixtures/probeSafety.js';
import { runVerb } from '../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-lint-probes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The probe-safety fixture, its slow tool answering after `slowMs`. */
const fixture = (slowMs: number) => [
  '--',
  process.execPath,
  '--import',
  'tsx',
  join(ROOT, 'server/testSupport/lintFixtures/serve.ts'),
  'probe-safety',
  String(slowMs),
];

/** The names of the tools/call requests the verb sent, from its traffic file. */
function toolsCalled(traffic: string): string[] {
  return readFileSync(traffic, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"tools/call"'))
    .map(
      (line) => JSON.parse(line) as { dir: string; message: { method?: string; params?: { name?: string } } },
    )
    .filter((record) => record.dir === 'toServer' && record.message.method === 'tools/call')
    .map((record) => record.message.params?.name ?? '');
}

interface LintDocument {
  findings: { ruleId: string; message: string }[];
  meta: { probeSkipped: { tool: string; reason: string }[]; probeSlow: { tool?: string; ms: number }[] };
}

describe('lint --probe on a server that makes probing dangerous', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('by default: no listed tool called as the unknown one, open-world tools left alone and said, a 5.5 s answer slow, not a hang', async () => {
    const traffic = join(scratch, 'default.jsonl');
    const run = await runVerb([
      'lint',
      '--probe',
      '--json',
      '--era',
      'legacy',
      '--traffic',
      traffic,
      ...fixture(5_500),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const called = toolsCalled(traffic);
    expect(called).not.toContain(OLD_UNKNOWN_TOOL);
    expect(called).not.toContain('render_chart');
    expect(called).not.toContain('web_search');
    expect(called.filter((name) => name.startsWith('mcp-inspect-probe-unknown-'))).toHaveLength(1);
    const document = JSON.parse(run.stdout) as LintDocument;
    expect(document.findings.filter((finding) => finding.ruleId.startsWith('probe-'))).toEqual([]);
    expect(document.meta.probeSkipped).toEqual([
      { tool: OLD_UNKNOWN_TOOL, reason: 'not-read-only' },
      { tool: 'render_chart', reason: 'open-world' },
      { tool: 'web_search', reason: 'open-world' },
    ]);
    expect(document.meta.probeSlow).toMatchObject([{ tool: 'slow_report' }]);
    expect(run.stderr).toContain(
      'probes left alone (openWorldHint is not false, so they may pass what they get to a service outside; --probe-open-world calls them too): render_chart, web_search',
    );
    expect(run.stderr).toContain(
      `probes left alone (not read-only, so they may change things; --probe-all calls them too): ${OLD_UNKNOWN_TOOL}`,
    );
    expect(run.stderr).toMatch(
      /probe: slow_report answered in \d+\.\d s: slow \(over 3 s\), not a hang \(none in 30 s\)/,
    );
  });

  it('--probe-open-world calls the tools that reach outside too; --probe-slow and --probe-timeout set the limits', async () => {
    const traffic = join(scratch, 'open.jsonl');
    const run = await runVerb([
      'lint',
      '--probe-open-world',
      '--probe-slow',
      '0.2',
      '--probe-timeout',
      '10',
      '--traffic',
      traffic,
      ...fixture(600),
    ]);
    // The fixture's outside tools take any argument as if it were right: findings, exit 6.
    expect(run.code, run.stderr).toBe(6);
    expect(run.stdout).toContain('render_chart');
    const called = toolsCalled(traffic);
    expect(called).toContain('render_chart');
    expect(called).toContain('web_search');
    expect(called).not.toContain(OLD_UNKNOWN_TOOL);
    expect(run.stderr).toMatch(
      /probe: slow_report answered in \d+\.\d s: slow \(over 0\.2 s\), not a hang \(none in 10 s\)/,
    );
  });
});
