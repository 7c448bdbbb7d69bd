// `mcp-inspect test`, the built CLI as CI runs it, against the demo server and server-everything:
// a passing and a failing collection, the reporters (the JUnit file read back by junit2json, a
// JUnit XML parser from npm; TAP 14 on stdout), exit codes 0, 8 and 1 (a file that does not
// parse, named by line and column), an unknown tool failing only its item, and the file never
// rewritten by a run.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { collectionText, type Collection } from '../../../shared/collections/format.js';
import { EVERYTHING_SERVER } from '../../testSupport/targets.js';
import { errorLine, runVerb } from '../../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-test-verb-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function save(name: string, collection: Collection | string): string {
  const path = join(scratch, name);
  writeFileSync(path, typeof collection === 'string' ? collection : collectionText(collection));
  return path;
}

/** Against the demo server (no target in the file: the bundled demo). */
const demoPassing: Collection = {
  formatVersion: 1,
  name: 'demo passing',
  items: [
    {
      name: 'weather in Paris',
      kind: 'tool',
      tool: 'get_weather',
      arguments: { city: 'Paris' },
      expect: [
        { type: 'succeeds' },
        { type: 'outputSchema' },
        { type: 'path', path: '$.structuredContent.city', op: 'equals', value: 'Paris' },
        { type: 'path', path: '$.structuredContent.conditions', op: 'matches', value: '^[a-z ]+$' },
        { type: 'contentTypes', types: ['text'] },
        { type: 'latency', underMs: 20_000 },
        {
          type: 'snapshot',
          value: { content: [], structuredContent: { city: 'Paris' } },
          ignore: [
            '$._meta',
            '$.content',
            '$.structuredContent.temperatureC',
            '$.structuredContent.conditions',
          ],
        },
      ],
    },
    {
      name: 'echo the city',
      kind: 'tool',
      tool: 'echo',
      arguments: { message: 'city: ${item:weather in Paris.structuredContent.city}', uppercase: true },
      expect: [{ type: 'textContains', text: 'CITY: PARIS' }],
    },
    { name: 'fails', kind: 'tool', tool: 'fail', arguments: {}, expect: [{ type: 'isError' }] },
    {
      name: 'book',
      kind: 'tool',
      tool: 'book_table',
      answers: {
        elicitation: { action: 'accept', content: { name: 'Ada', seats: 2 } },
        samplingReply: 'Welcome!',
      },
      expect: [
        { type: 'textContains', text: 'under the name Ada' },
        { type: 'textContains', text: 'Welcome!' },
      ],
    },
    {
      name: 'greeting',
      kind: 'prompt',
      prompt: 'greeting',
      arguments: { name: 'Ada' },
      expect: [{ type: 'textContains', text: 'Ada' }],
    },
    {
      name: 'readme',
      kind: 'resource',
      uri: 'demo://docs/readme',
      expect: [{ type: 'contentTypes', types: ['text'] }],
    },
  ],
};

const demoFailing: Collection = {
  formatVersion: 1,
  name: 'demo failing',
  items: [
    {
      name: 'wrong city',
      kind: 'tool',
      tool: 'get_weather',
      arguments: { city: 'Paris' },
      expect: [
        { type: 'succeeds' },
        { type: 'path', path: '$.structuredContent.city', op: 'equals', value: 'Lyon' },
      ],
    },
    { name: 'typo', kind: 'tool', tool: 'get_wether', arguments: { city: 'Paris' }, expect: [] },
    { name: 'bad arguments', kind: 'tool', tool: 'get_weather', arguments: { town: 'Paris' }, expect: [] },
    {
      name: 'still runs',
      kind: 'tool',
      tool: 'echo',
      arguments: { message: 'hi' },
      expect: [{ type: 'textContains', text: 'hi' }],
    },
  ],
};

describe('mcp-inspect test', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('a passing collection against the demo server: chaining, saved answers, exit 0; the file untouched', async () => {
    const path = save('passing.json', demoPassing);
    const before = readFileSync(path, 'utf8');
    const run = await runVerb(['test', path]);
    expect(run.stderr).not.toMatch(/error:/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  ✓ weather in Paris  tool get_weather');
    expect(run.stdout).toContain('  ✓ echo the city  tool echo');
    expect(run.stdout).toContain('  ✓ book  tool book_table');
    expect(run.stdout).toMatch(/^6 passed, 0 failed \(6 items, [\d.]+ ms\)$/m);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('a failing collection: exit 8, expected against actual, the unknown tool and bad arguments fail only their items; JUnit read back', async () => {
    const path = save('failing.json', demoFailing);
    const junit = join(scratch, 'failing.xml');
    const json = join(scratch, 'failing.report.json');
    const run = await runVerb(['test', path, '--reporter', `junit=${junit}`, '--reporter', `json=${json}`]);
    expect(run.code).toBe(8);
    // Reports hold the arguments as typed and the answers: owner-only, as captures are.
    expect(statSync(junit).mode & 0o777).toBe(0o600);
    expect(statSync(json).mode & 0o777).toBe(0o600);
    expect(run.stdout).toMatch(/^ {2}✗ wrong city {2}tool get_weather \([\d.]+ ms\)$/m);
    expect(run.stdout).toContain(
      [
        '      ✗ $.structuredContent.city equals "Lyon"',
        '          expected: "Lyon"',
        '          actual:   "Paris"',
      ].join('\n'),
    );
    expect(run.stdout).toMatch(/✗ typo {2}tool get_wether\n {6}the server has no tool "get_wether"/);
    expect(run.stdout).toMatch(
      /✗ bad arguments {2}tool get_weather\n {6}the arguments do not fit the inputSchema of "get_weather"/,
    );
    expect(run.stdout).toContain('  ✓ still runs  tool echo');
    expect(run.stdout).toMatch(/^1 passed, 1 failed, 2 did not run \(4 items/m);
    expect(run.stderr).toContain(`error: 3 of 4 items of ${path} failed`);

    const parsed = (await parseJunit(readFileSync(junit, 'utf8'))) as {
      tests?: number;
      failures?: number;
      errors?: number;
      testsuite?: {
        name: string;
        tests: number;
        failures: number;
        errors: number;
        testcase: {
          name: string;
          failure?: { message: string; inner?: string }[];
          error?: { message: string }[];
        }[];
      }[];
    };
    expect(parsed).toMatchObject({ tests: 4, failures: 1, errors: 2 });
    const suite = parsed.testsuite?.[0];
    expect(suite).toMatchObject({ name: 'demo failing', tests: 4, failures: 1, errors: 2 });
    expect(suite?.testcase.map((testcase) => testcase.name)).toEqual([
      'wrong city',
      'typo',
      'bad arguments',
      'still runs',
    ]);
    expect(suite?.testcase[0]?.failure?.[0]?.message).toBe(
      '$.structuredContent.city equals "Lyon": expected "Lyon", got "Paris"',
    );
    expect(suite?.testcase[0]?.failure?.[0]?.inner).toContain('actual:   "Paris"');
    expect(suite?.testcase[1]?.error?.[0]?.message).toMatch(/^the server has no tool "get_wether"/);
    expect(suite?.testcase[3]?.failure).toBeUndefined();
    expect(suite?.testcase[3]?.error).toBeUndefined();

    const report = JSON.parse(readFileSync(json, 'utf8')) as { failed: number; items: { status: string }[] };
    expect(report.failed).toBe(3);
    expect(report.items.map((item) => item.status)).toEqual(['failed', 'error', 'error', 'passed']);
  });

  it('--reporter tap: TAP 14 on stdout, the summary on stderr', async () => {
    const path = save('tap.json', demoFailing);
    const run = await runVerb(['test', path, '--reporter', 'tap']);
    expect(run.code).toBe(8);
    expect(run.stdout.split('\n').slice(0, 3)).toEqual(['TAP version 14', '1..4', 'not ok 1 - wrong city']);
    expect(run.stdout).toContain(
      '    - expectation: "$.structuredContent.city equals \\"Lyon\\""\n      expected: "\\"Lyon\\""\n      actual: "\\"Paris\\""',
    );
    expect(run.stdout).toContain('ok 4 - still runs');
    expect(run.stderr).toContain('1 passed, 1 failed, 2 did not run');
  });

  it('a collection that does not parse: exit 1, named by line and column', async () => {
    const path = save(
      'broken.json',
      '{\n  "formatVersion": 1,\n  "items": [\n    { "name": "a" "kind": "tool" }\n  ]\n}\n',
    );
    const run = await runVerb(['test', path, '--json']);
    expect(run.code).toBe(1);
    expect(errorLine(run)).toMatchObject({
      exitCode: 1,
      kind: 'usage',
      message: `${path}: line 4, column 19: expected "," or "}" after the property value, found "\\""`,
    });
  });

  it('the default file in the current folder; the target from the file, ${env:NAME} filled in', async () => {
    const folder = mkdtempSync(join(scratch, 'project-'));
    save(join(folder.slice(scratch.length + 1), 'mcp-inspect.collection.json'), {
      formatVersion: 1,
      target: {
        command: process.execPath,
        args: [EVERYTHING_SERVER, 'stdio'],
        env: { GREETING: '${env:SECRET_GREETING}' },
      },
      items: [
        {
          name: 'sum',
          kind: 'tool',
          tool: 'get-sum',
          arguments: { a: 2, b: 3 },
          expect: [{ type: 'textContains', text: 'is 5' }],
        },
        {
          name: 'structured',
          kind: 'tool',
          tool: 'get-structured-content',
          arguments: { location: 'New York' },
          expect: [
            { type: 'outputSchema' },
            { type: 'path', path: '$.structuredContent.temperature', op: 'exists' },
          ],
        },
        {
          name: 'sampling',
          kind: 'tool',
          tool: 'trigger-sampling-request',
          arguments: { prompt: 'hi' },
          answers: { samplingReply: 'a reply from the collection' },
          expect: [{ type: 'textContains', text: 'a reply from the collection' }],
        },
        {
          name: 'env reaches the server',
          kind: 'tool',
          tool: 'get-env',
          expect: [{ type: 'textContains', text: 'hello from CI' }],
        },
      ],
    });
    // The file names a server and asks for a variable: given only when the person says so (issue 32).
    const untrusted = await runVerb(['test'], { cwd: folder, env: { SECRET_GREETING: 'hello from CI' } });
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr).toContain('add --trust-file, or --allow-env NAME');
    const allow = ['--allow-env', 'SECRET_GREETING'];
    const missing = await runVerb(['test', ...allow], { cwd: folder, env: { SECRET_GREETING: undefined } });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      'mcp-inspect.collection.json: target: ${env:SECRET_GREETING}: the environment variable SECRET_GREETING is not set',
    );
    const run = await runVerb(['test', ...allow], { cwd: folder, env: { SECRET_GREETING: 'hello from CI' } });
    expect(run.stderr).not.toMatch(/error:/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^4 passed, 0 failed/m);
  });

  it("server-everything (legacy): its own elicitation/create answered from the item's answers; an item without one fails at once, naming it", async () => {
    const path = save('legacy-asks.json', {
      formatVersion: 1,
      target: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] },
      items: [
        {
          name: 'answered',
          kind: 'tool',
          tool: 'trigger-elicitation-request',
          answers: { elicitation: { action: 'accept', content: { name: 'Ada Lovelace', check: true } } },
          expect: [{ type: 'textContains', text: '- Name: Ada Lovelace' }],
        },
        {
          name: 'not answered',
          kind: 'tool',
          tool: 'trigger-elicitation-request',
          expect: [{ type: 'succeeds' }],
        },
        {
          name: 'no sampling reply',
          kind: 'tool',
          tool: 'trigger-sampling-request',
          arguments: { prompt: 'hi' },
          expect: [{ type: 'succeeds' }],
        },
      ],
    });
    const run = await runVerb(['test', path, '--json']);
    expect(run.code).toBe(8);
    const report = JSON.parse(run.stdout) as { items: { name: string; status: string; reason?: string }[] };
    expect(report.items.map(({ name, status, reason }) => [name, status, reason])).toEqual([
      ['answered', 'passed', undefined],
      ['not answered', 'error', 'no saved answer for elicitation/create'],
      ['no sampling reply', 'error', expect.stringMatching(/^no saved answer for sampling\/createMessage/)],
    ]);
  });

  it('a target on the command line wins over the file, and --only runs one item', async () => {
    const path = save('only.json', { ...demoPassing, target: { command: 'no-such-command-here' } });
    const run = await runVerb([
      'test',
      path,
      '--only',
      'fails',
      '--',
      process.execPath,
      join(process.cwd(), 'dist/server/demo/demoServer.js'),
    ]);
    expect(run.stderr).not.toMatch(/error:/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^1 passed, 0 failed \(1 item,/m);
  });
});
