import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorLine, runVerb } from '../testSupport/verbProcess.js';

// `skills`, `skills get`, `--verify` and `read skill://…`: on the demo server's skills, and on a
// server that serves one file changed from what its entry lists (server/testSupport/tamperedSkills.ts,
// the demo's skills with a file tampered with), which says on its stderr each file it was asked for.

const CLI_TEST_TIMEOUT_MS = 90_000;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const tampered = (mode: string) => [
  '--server-stderr',
  '--',
  process.execPath,
  '--import',
  'tsx',
  join(ROOT, 'server/testSupport/tamperedSkills.ts'),
  mode,
];
/** The --json error line, among the server's own stderr lines, which may come after it. */
const jsonError = (stderr: string) =>
  (
    JSON.parse(stderr.split('\n').find((line) => line.startsWith('{"error"')) ?? '{}') as {
      error: ReturnType<typeof errorLine>;
    }
  ).error;
const reads = (stderr: string) => [...stderr.matchAll(/read (skill:\/\/\S+)/g)].map((match) => match[1]);

describe('skills on the demo server', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('skills: one a line; --json: the entries, in both eras', async () => {
    const [text, modern, legacy] = await Promise.all([
      runVerb(['skills']),
      runVerb(['skills', '--json', '--era', 'modern']),
      runVerb(['skills', '--json', '--era', 'legacy']),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^release-notes +Writes release notes from a list of changes, one template per kind of change\. +\(skill:\/\/release-notes\/SKILL\.md, 4 files\)$/m,
    );
    for (const run of [modern, legacy]) {
      expect(run.code).toBe(0);
      const listing = JSON.parse(run.stdout) as { skills: { frontmatter: { name: string } }[] };
      expect(listing.skills.map((skill) => skill.frontmatter.name)).toEqual([
        'greeting-style',
        'release-notes',
      ]);
    }
  });

  it('skills get NAME --verify: frontmatter and SKILL.md, every file checked', async () => {
    const [text, json] = await Promise.all([
      runVerb(['skills', 'get', 'release-notes', '--verify']),
      runVerb(['skills', 'get', 'release-notes', '--verify', '--json']),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^---\nname: release-notes\ndescription: Writes release notes.*\nmetadata:\n {2}version: 1\.2\.0\n---\n\n# Release notes\n/,
    );
    expect(text.stderr).toContain('✓ skill://release-notes/templates/fix.md  33 bytes, sha256:');
    expect(json.code).toBe(0);
    const got = JSON.parse(json.stdout) as {
      frontmatter: unknown;
      body: string;
      files: { uri: string; verified: boolean }[];
    };
    expect(got.frontmatter).toEqual({
      name: 'release-notes',
      description: 'Writes release notes from a list of changes, one template per kind of change.',
      metadata: { version: '1.2.0' },
    });
    expect(got.body).toContain('Pick the template');
    expect(got.files.map((file) => [file.uri, file.verified])).toEqual([
      ['skill://release-notes/SKILL.md', true],
      ['skill://release-notes/templates/breaking/major.md', true],
      ['skill://release-notes/templates/feature.md', true],
      ['skill://release-notes/templates/fix.md', true],
    ]);
  });

  it('read skill://…: checked against its entry, printed as it is', async () => {
    const [text, json] = await Promise.all([
      runVerb(['read', 'skill://release-notes/templates/fix.md']),
      runVerb(['read', 'skill://release-notes/templates/fix.md', '--json']),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Fixed: {{summary}}');
    expect(JSON.parse(json.stdout)).toMatchObject({
      contents: [
        { uri: 'skill://release-notes/templates/fix.md', text: '## {{title}}\n\nFixed: {{summary}}\n' },
      ],
      skill: { uri: 'skill://release-notes/SKILL.md', verified: true },
    });
  });

  it('usage and unknown skills: exit 1 and 5', async () => {
    const [unknown, usage, noName] = await Promise.all([
      runVerb(['skills', 'get', 'nope', '--json']),
      runVerb(['skills', 'list']),
      runVerb(['skills', 'get']),
    ]);
    expect(unknown.code).toBe(5);
    expect(errorLine(unknown)).toMatchObject({
      kind: 'unknown-skill',
      message: 'the server has no skill "nope"',
    });
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('skills takes "get <name>" or nothing, not "list"');
    expect(noName.code).toBe(1);
  });
});

describe('skills whose files do not match their entries', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('skills lists without reading a single file (no prefetching)', async () => {
    const run = await runVerb(['skills', ...tampered('digest')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('release-notes');
    expect(reads(run.stderr)).toEqual([]);
  });

  for (const mode of ['digest', 'size', 'frontmatter'] as const) {
    it(`a SKILL.md whose ${mode} differs: nothing printed, exit 6, nothing more read`, async () => {
      const [get, read] = await Promise.all([
        runVerb(['skills', 'get', 'release-notes', '--verify', '--json', ...tampered(mode)]),
        runVerb(['read', 'skill://release-notes/SKILL.md', ...tampered(mode)]),
      ]);
      expect(get.code).toBe(6);
      expect(get.stdout).toBe('');
      const error = jsonError(get.stderr);
      expect(error).toMatchObject({
        kind: 'integrity-error',
        message: 'skill://release-notes/SKILL.md does not match its skill entry: not shown, not used',
      });
      expect(error.details?.[0]).toContain(`${mode} mismatch`);
      expect(reads(get.stderr)).toEqual(['skill://release-notes/SKILL.md']);
      expect(read.code).toBe(6);
      expect(read.stdout).toBe('');
    });
  }

  it('a template that differs: SKILL.md shown, the template named, exit 6; read of it refused, of another printed', async () => {
    const [get, bad, good] = await Promise.all([
      runVerb(['skills', 'get', 'release-notes', '--verify', ...tampered('template')]),
      runVerb(['read', 'skill://release-notes/templates/fix.md', ...tampered('template')]),
      runVerb(['read', 'skill://release-notes/templates/feature.md', ...tampered('template')]),
    ]);
    expect(get.code).toBe(6);
    expect(get.stdout).toContain('# Release notes');
    expect(get.stdout).not.toContain('Fxed!');
    expect(get.stderr).toContain('✗ skill://release-notes/templates/fix.md  digest:');
    expect(get.stderr).toContain(
      'error: skill://release-notes/templates/fix.md does not match its skill entry',
    );
    expect(bad.code).toBe(6);
    expect(bad.stdout).toBe('');
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('New: {{summary}}');
  });
});
