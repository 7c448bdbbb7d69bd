// Every file a verb reads is held to the same limits (size, lines, nesting): a recording, a
// snapshot, a collection, a lint config, a client config, `--args @file`. The attack: a recording
// nested 200,000 deep ended `diff` in an uncaught RangeError with a stack trace. Now each verb
// ends with exit 1 and one line naming the file, the line and the limit.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerb, type VerbRun } from '../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;
const DEEP = '['.repeat(200_000) + ']'.repeat(200_000);
const TOO_DEEP = /nested deeper than the 512 levels of arrays and objects mcp-inspect reads/;

let folder: string;
let recording: string;
const at = (name: string) => join(folder, name);

/** Exit 1 and one line on stderr, no stack trace: what a person sees. */
function refusedInOneLine(run: VerbRun, pattern: RegExp): void {
  expect(run.code, run.stderr).toBe(1);
  // The verbs' usage failures read while reading the options add the one hint they all add.
  const lines = run.stderr
    .trim()
    .split('\n')
    .filter((line) => !/^\s*run mcp-inspect \w+ --help for its usage$/.test(line));
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(run.stderr).not.toMatch(/RangeError|\n\s+at /);
}

beforeAll(async () => {
  // One folder for the file's tests (scratchDir() is made per test), removed after them.
  folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-limits-'));
  recording = at('session.jsonl');
  const run = await runVerb(['tools', '--era', 'legacy', '--traffic', recording]);
  expect(run.code, run.stderr).toBe(0);
}, CLI_TEST_TIMEOUT_MS);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the files verbs read are bounded', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('diff and mock on a recording nested 200,000 deep: exit 1, one line with its line number', async () => {
    const text = readFileSync(recording, 'utf8');
    const deep = text.replace('"inputSchema":{', `"inputSchema":{"deep":${DEEP},`);
    expect(deep).not.toBe(text);
    writeFileSync(at('deep.jsonl'), deep);
    const line = deep.slice(0, deep.indexOf('"deep"')).split('\n').length;
    const diff = await runVerb(['diff', at('deep.jsonl'), recording]);
    refusedInOneLine(diff, new RegExp(`deep\\.jsonl: line ${line}: ${TOO_DEEP.source}`));
    const mock = await runVerb(['mock', at('deep.jsonl')]);
    refusedInOneLine(mock, TOO_DEEP);
  });

  it('a snapshot nested as deep, and one larger than 256 MiB, are refused the same way', async () => {
    writeFileSync(
      at('deep.json'),
      `{"format": "mcp-inspect-snapshot", "version": 1, "surface": {"tools": [${DEEP}]}}`,
    );
    refusedInOneLine(await runVerb(['diff', at('deep.json'), recording]), TOO_DEEP);
    // A sparse file: 300 MB of zero bytes that take no room on the disk.
    writeFileSync(at('huge.json'), '');
    truncateSync(at('huge.json'), 300 * 1024 * 1024);
    refusedInOneLine(
      await runVerb(['diff', at('huge.json'), recording]),
      /huge\.json is larger than the 256 MiB mcp-inspect reads of a file/,
    );
  });

  it('a collection, a lint config, a client config and --args @file nested as deep', async () => {
    writeFileSync(at('deep.collection.json'), `{"formatVersion": 1, "items": ${DEEP}}`);
    refusedInOneLine(await runVerb(['test', at('deep.collection.json')]), TOO_DEEP);
    writeFileSync(at('deep.lint.json'), `{"rules": {"x": ${DEEP}}}`);
    refusedInOneLine(await runVerb(['lint', '--lint-config', at('deep.lint.json')]), TOO_DEEP);
    writeFileSync(at('deep.mcp.json'), `{"mcpServers": {"x": ${DEEP}}}`);
    refusedInOneLine(await runVerb(['tools', '--config', at('deep.mcp.json')]), TOO_DEEP);
    writeFileSync(at('deep.args.json'), `{"message": ${DEEP}}`);
    refusedInOneLine(await runVerb(['call', 'echo', '--args', `@${at('deep.args.json')}`]), TOO_DEEP);
  });
});
