// `mcp-inspect lint` as a script or CI job runs it (the built CLI, real servers as child
// processes): the text grouped by severity, one JSON document, SARIF 2.1.0 that its published
// schema accepts, exit 6 on an error and 0 otherwise, the person's config file, --rules, --probe;
// and the two servers the project tests against linted, each finding on them accounted for.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sarifProblems } from '../testSupport/sarifSchema.js';
import { errorLine, runVerb } from '../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** A lint fixture (server/testSupport/lintFixtures) as a stdio server, as a user's server runs. */
const fixture = (family: string) => [
  '--',
  process.execPath,
  '--import',
  'tsx',
  join(ROOT, 'server/testSupport/lintFixtures/serve.ts'),
  family,
];

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface LintDocument {
  findings: { ruleId: string; severity: string; path: string; subject?: string; message: string }[];
  summary: { error: number; warning: number; hint: number; total: number; off: string[] };
  meta: Record<string, unknown>;
}

describe('lint: text, JSON and SARIF; exit 6 on an error', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('text: grouped by severity with counts, each finding with its path, fix and reference; exit 6', async () => {
    const run = await runVerb(['lint', ...fixture('design')]);
    expect(run.code).toBe(6);
    expect(run.stdout).toMatch(
      /^Errors \(2\)\n {2}hidden-unicode {2}tools\[5\]\.description\n {4}1 invisible character in text the model reads: 1 zero-width character \(U\+200B\)/m,
    );
    expect(run.stdout).toMatch(/^Warnings \(\d+\)$/m);
    expect(run.stdout).toMatch(/^Hints \(\d+\)$/m);
    expect(run.stdout).toContain(
      '  raw-path-or-command  tools[2].inputSchema.properties.path\n    delete_file takes path as a raw string\n',
    );
    expect(run.stdout).toContain(
      '    see: https://modelcontextprotocol.io/specification/2025-11-25/server/tools#security-considerations',
    );
    expect(run.stdout).toMatch(/^lint-design-fixture 1\.0\.0: 2 errors, \d+ warnings, \d+ hints$/m);
    expect(run.stderr).toMatch(/^error: lint found 2 errors, /m);
  });

  it('--json: one document with findings, summary and meta; the error as one JSON line', async () => {
    const run = await runVerb(['lint', '--json', ...fixture('spec')]);
    expect(run.code).toBe(6);
    const document = JSON.parse(run.stdout) as LintDocument;
    expect(document.summary.error).toBeGreaterThan(0);
    expect(document.summary.total).toBe(document.findings.length);
    expect(document.meta).toMatchObject({
      era: 'modern',
      server: { name: 'lint-spec-fixture' },
      config: null,
      probed: false,
    });
    expect(document.findings.find((f) => f.ruleId === 'schema-root-object')).toMatchObject({
      severity: 'error',
      path: 'tools[3].inputSchema',
      subject: 'string_root',
    });
    expect(errorLine(run)).toMatchObject({ exitCode: 6, kind: 'lint-error' });
  });

  it('--format sarif: SARIF 2.1.0 that the published schema accepts, every rule described', async () => {
    const run = await runVerb(['lint', '--format', 'sarif', ...fixture('spec')]);
    expect(run.code).toBe(6);
    const sarif = JSON.parse(run.stdout) as {
      version: string;
      runs: {
        tool: { driver: { rules: { id: string; helpUri: string; help: { text: string } }[] } };
        results: {
          ruleId: string;
          level: string;
          locations: { logicalLocations: { fullyQualifiedName: string }[] }[];
        }[];
      }[];
    };
    const errors = sarifProblems(sarif);
    expect(errors.slice(0, 3)).toEqual([]);
    const [runOf] = sarif.runs;
    expect(runOf?.tool.driver.rules.find((rule) => rule.id === 'tool-name-format')?.helpUri).toBe(
      'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names',
    );
    const result = runOf?.results.find((r) => r.ruleId === 'schema-root-object');
    expect(result?.level).toBe('error');
    expect(result?.locations[0]?.logicalLocations[0]?.fullyQualifiedName).toBe('tools[3].inputSchema');
    expect(runOf?.results.some((r) => r.level === 'warning')).toBe(true);
  });

  it('the clean fixture: no findings, exit 0 (probes included)', async () => {
    const run = await runVerb(['lint', '--probe', ...fixture('clean')]);
    expect(run).toMatchObject({ code: 0, stdout: 'lint-clean-fixture 1.0.0: no findings\n' });
    expect(run.stderr).toContain('probe: search_notes with an oversized argument');
  });

  it('warnings and hints alone exit 0', async () => {
    const run = await runVerb(['lint', '--json', ...fixture('portability')]);
    const document = JSON.parse(run.stdout) as LintDocument;
    expect(document.summary).toMatchObject({ error: 0 });
    expect(document.summary.warning).toBeGreaterThan(0);
    expect(run.code).toBe(0);
  });
});

describe('lint: the config file a person keeps', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('mcp-inspect.lint.json in the working folder turns a rule off and raises another; an unknown rule id is said', async () => {
    const folder = mkdtempSync(join(scratch, 'project-'));
    writeFileSync(
      join(folder, 'mcp-inspect.lint.json'),
      JSON.stringify(
        { rules: { 'hidden-unicode': 'off', 'unbounded-input': 'error', 'no-such-rule': 'off' } },
        null,
        2,
      ),
    );
    // The fixture's path is absolute, and tsx is found from the repository, not the project folder.
    const command = fixture('design').map((part) =>
      part === 'tsx' ? join(ROOT, 'node_modules/tsx/dist/loader.mjs') : part,
    );
    const run = await runVerb(['lint', '--json', ...command], { cwd: folder });
    const document = JSON.parse(run.stdout) as LintDocument;
    expect(document.findings.some((f) => f.ruleId === 'hidden-unicode')).toBe(false);
    expect(document.summary.off).toEqual(['hidden-unicode']);
    // unbounded-input raised to error: exit 6 all the same, for another reason.
    expect(
      document.findings.filter((f) => f.ruleId === 'unbounded-input').every((f) => f.severity === 'error'),
    ).toBe(true);
    expect(run.code).toBe(6);
    expect(run.stderr).toContain(
      `warning: ${join(folder, 'mcp-inspect.lint.json')}:5:5: unknown rule "no-such-rule" (mcp-inspect lint --rules lists them)`,
    );
  });

  it('--lint-config FILE turning the errors off: exit 0', async () => {
    const file = join(scratch, 'lenient.json');
    writeFileSync(
      file,
      '{\n  "rules": {\n    "hidden-unicode": "off",\n    "model-directives": "off"\n  }\n}\n',
    );
    const run = await runVerb(['lint', '--lint-config', file, ...fixture('design')]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('hidden-unicode  ');
    expect(run.stdout).toMatch(/\(off by config: hidden-unicode, model-directives\)$/m);
  });

  it('a config that does not parse: exit 1 with its line and column, before any server starts', async () => {
    const file = join(scratch, 'broken.json');
    writeFileSync(file, '{\n  "rules": {\n    "hidden-unicode": "off",\n  }\n}\n');
    const run = await runVerb([
      'lint',
      '--lint-config',
      file,
      '--',
      process.execPath,
      '-e',
      'require("fs").writeFileSync(process.argv[1], "started")',
      join(scratch, 'started'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`error: the lint config ${file} is not usable`);
    expect(run.stderr).toMatch(
      new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4:3: not valid JSON: `),
    );
    expect(() => readFileSync(join(scratch, 'started'))).toThrow();
  });

  it('--rules lists every rule with its family and default severity, and connects to nothing', async () => {
    const run = await runVerb(['lint', '--rules']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^spec$/m);
    expect(run.stdout).toMatch(/^ {2}tool-name-format +warning +Tool names are 1–128 characters/m);
    expect(run.stdout).toMatch(/^portability$/m);
    expect(run.stdout).toMatch(/^design$/m);
    expect(run.stdout).toMatch(/^probe$/m);
    expect(run.stderr).toBe('');
  });
});

describe('lint --probe', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('a hang, a crash and a wrong answer are findings; a tool that is not read-only is left alone', async () => {
    const run = await runVerb([
      'lint',
      '--probe',
      '--probe-timeout',
      '1',
      '--era',
      'legacy',
      '--json',
      ...fixture('probe'),
    ]);
    expect(run.code).toBe(6);
    const document = JSON.parse(run.stdout) as LintDocument;
    const probes = document.findings.filter((f) => f.ruleId.startsWith('probe-'));
    expect(probes.map((f) => f.ruleId).sort()).toEqual([
      'probe-invalid-arguments',
      'probe-oversized-argument',
      'probe-ping',
      'probe-unknown-tool',
    ]);
    expect(probes.find((f) => f.ruleId === 'probe-oversized-argument')?.message).toContain(
      'the connection lost',
    );
    expect(document.meta).toMatchObject({
      probed: true,
      probeSkipped: [{ tool: 'wipe_everything', reason: 'not-read-only' }],
    });
  });
});

describe('lint: the servers the project tests against', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('the demo server: no findings in either era, probes included (its free-text inputs were bounded for this)', async () => {
    for (const era of ['modern', 'legacy']) {
      const run = await runVerb(['lint', '--probe', '--era', era]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe('mcp-inspect-demo 1.0.0: no findings\n');
    }
  });
  // server-everything and server-memory: lintReferenceServers.test.ts pins every finding.
});
