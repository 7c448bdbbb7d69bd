// parity as a script runs it: the demo server answers alike in both eras; a fixture whose eras
// drifted apart is caught with each difference named; a legacy-only server cannot be compared.
import { describe, expect, it } from 'vitest';
import { EVERYTHING_SERVER, fixturePath } from '../testSupport/targets.js';
import { errorLine, runVerb } from '../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;

describe('parity', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('the demo server agrees with itself across the eras: exit 0', async () => {
    const run = await runVerb(['parity']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^the eras agree: 21 tools, 6 resources, 2 resource templates, 2 prompts the same in 2025-11-25 and 2026-07-28\n$/,
    );
    const json = await runVerb(['parity', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ agree: true, differences: [] });
  });

  it('a server whose eras drifted apart: every difference named, exit 7', async () => {
    const server = ['--', process.execPath, fixturePath('eraSplit.mjs')];
    const run = await runVerb(['parity', ...server]);
    expect(run.code).toBe(7);
    expect(run.stdout).toContain('the eras differ: 2 differences (legacy 2025-11-25 → modern 2026-07-28)');
    expect(run.stdout).toContain(
      '  tool "echo": required argument "lang" is in the modern era only\n    at $.tools["echo"].inputSchema.properties.lang\n    modern: {"type":"string"}',
    );
    expect(run.stdout).toContain(
      '  tool "legacy_only" is in the legacy era only\n    at $.tools["legacy_only"]',
    );
    expect(run.stderr).toContain('error: the legacy and modern eras differ in 2 places');

    const json = await runVerb(['parity', '--json', ...server]);
    expect(json.code).toBe(7);
    const report = JSON.parse(json.stdout) as {
      agree: boolean;
      differences: { path: string; legacy?: unknown; modern?: unknown }[];
    };
    expect(report.agree).toBe(false);
    expect(report.differences.map((difference) => difference.path)).toEqual([
      '$.tools["echo"].inputSchema.properties.lang',
      '$.tools["legacy_only"]',
    ]);
    expect(report.differences[1]).toMatchObject({ legacy: { name: 'legacy_only' } });
    expect(errorLine(json)).toMatchObject({ exitCode: 7, kind: 'eras-differ' });
  });

  it('a legacy-only server cannot be compared: the era it does not speak is named, exit 4', async () => {
    const run = await runVerb(['parity', '--', process.execPath, EVERYTHING_SERVER, 'stdio']);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('error: the modern era: ');
    expect(run.stderr).toContain('parity compares a server that speaks both eras');
  });
});
