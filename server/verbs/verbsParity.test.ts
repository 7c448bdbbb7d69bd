// parity as a script runs it: the demo server answers alike in both eras; a fixture whose eras
// drifted apart is caught with each difference named; a legacy-only server cannot be compared.
// With --collection, the collection's calls are run in both eras and their results compared.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectionText, type Collection } from '../../shared/collections/format.js';
import { EVERYTHING_SERVER, fixturePath } from '../testSupport/targets.js';
import { errorLine, runVerb } from '../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-parity-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function save(name: string, collection: Collection): string {
  const path = join(scratch, name);
  writeFileSync(path, collectionText(collection));
  return path;
}

/** Calls of every kind against the demo server: tools (one asking for elicitation and sampling), a prompt, a resource. */
const demoCalls: Collection = {
  formatVersion: 1,
  name: 'demo calls',
  items: [
    { name: 'weather', kind: 'tool', tool: 'get_weather', arguments: { city: 'Paris' }, expect: [] },
    { name: 'echo', kind: 'tool', tool: 'echo', arguments: { message: 'hi', uppercase: true }, expect: [] },
    { name: 'fails', kind: 'tool', tool: 'fail', arguments: {}, expect: [{ type: 'isError' }] },
    {
      name: 'book',
      kind: 'tool',
      tool: 'book_table',
      answers: {
        elicitation: { action: 'accept', content: { name: 'Ada', seats: 2 } },
        samplingReply: 'Welcome!',
      },
      expect: [],
    },
    { name: 'greeting', kind: 'prompt', prompt: 'greeting', arguments: { name: 'Ada' }, expect: [] },
    { name: 'readme', kind: 'resource', uri: 'demo://docs/readme', expect: [] },
  ],
};

/** Calls against e2e/fixtures/eraSplit.mjs, which is also the collection's own target. */
const splitCalls: Collection = {
  formatVersion: 1,
  name: 'era split calls',
  target: { command: process.execPath, args: [fixturePath('eraSplit.mjs')] },
  items: [
    { name: 'add', kind: 'tool', tool: 'add', arguments: { a: 1, b: 2 }, expect: [] },
    { name: 'greet Ada', kind: 'tool', tool: 'greet', arguments: { name: 'Ada' }, expect: [] },
    { name: 'lookup', kind: 'tool', tool: 'lookup', arguments: { key: 'k' }, expect: [] },
  ],
};

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

  it('a legacy-only server cannot be compared: one plain sentence says so and what to do, exit 4', async () => {
    const run = await runVerb(['parity', '--', process.execPath, EVERYTHING_SERVER, 'stdio']);
    expect(run.code).toBe(4);
    expect(run.stderr).toBe(
      'error: parity compares the legacy and modern eras, and this server speaks only the legacy era (it does not offer protocol version 2026-07-28 through server/discover), so there is nothing to compare: the other verbs work with --era legacy or auto.\n',
    );
    // Any verb asked for the modern era of it says the same in its own words.
    const info = await runVerb([
      'info',
      '--era',
      'modern',
      '--',
      process.execPath,
      EVERYTHING_SERVER,
      'stdio',
    ]);
    expect(info.code).toBe(4);
    expect(info.stderr).toBe(
      'error: This server speaks only the legacy era (initialize): it does not offer protocol version 2026-07-28 through server/discover, so connect with the legacy or auto era (--era legacy, or auto, the default).\n',
    );
  });

  it("--collection: the demo server's calls answer alike in both eras, exit 0; the file is only read", async () => {
    const file = save('demo.collection.json', demoCalls);
    const before = readFileSync(file, 'utf8');
    const run = await runVerb(['parity', '--collection', file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      'the eras agree: 21 tools, 6 resources, 2 resource templates, 2 prompts, 6 calls the same in 2025-11-25 and 2026-07-28\n',
    );
    expect(run.stderr).toContain('modern era: book…');
    const json = await runVerb(['parity', '--json', '--collection', file]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      agree: true,
      differences: [],
      meta: { collection: { file, calls: 6 } },
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('--collection on a server whose calls answer differently per era: each differing call named, exit 7', async () => {
    // No server on the command line: the collection's target is the server, as for `test`.
    const file = save('split.collection.json', splitCalls);
    const json = await runVerb(['parity', '--json', '--collection', file]);
    expect(json.code, json.stderr).toBe(7);
    const report = JSON.parse(json.stdout) as {
      agree: boolean;
      differences: { path: string; what: string; legacy?: unknown; modern?: unknown }[];
    };
    const calls = report.differences.filter((difference) => difference.path.startsWith('$.calls'));
    expect(calls).toEqual([
      {
        path: '$.calls["greet Ada"].content[0].text',
        what: 'call "greet Ada" (tool greet): the results differ',
        legacy: 'Hello, Ada',
        modern: 'Hi, Ada',
      },
      {
        path: '$.calls["greet Ada"].structuredContent',
        what: 'call "greet Ada" (tool greet): the result has this in the modern era only',
        modern: { name: 'Ada' },
      },
      {
        path: '$.calls["lookup"].content[0].text',
        what: 'call "lookup" (tool): the results differ',
        legacy: 'k: found',
        modern: 'no such key: k',
      },
      {
        path: '$.calls["lookup"].isError',
        what: 'call "lookup" (tool): the result has this in the modern era only',
        modern: true,
      },
    ]);
    // `add` answers alike: not named.
    expect(json.stdout).not.toContain('$.calls[\\"add\\"]');
    expect(errorLine(json)).toMatchObject({ exitCode: 7, kind: 'eras-differ' });

    const text = await runVerb(['parity', '--collection', file]);
    expect(text.code).toBe(7);
    expect(text.stdout).toContain(
      '  call "greet Ada" (tool greet): the results differ\n    at $.calls["greet Ada"].content[0].text\n    legacy: "Hello, Ada"\n    modern: "Hi, Ada"',
    );
  });

  it('--collection that does not parse: named with its line, exit 1, no server started', async () => {
    const file = join(scratch, 'broken.collection.json');
    writeFileSync(file, '{\n  "formatVersion": 1,\n  "items": [\n');
    const run = await runVerb(['parity', '--collection', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`error: ${file}: line`);
  });
});
