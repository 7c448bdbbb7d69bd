// `mcp-inspect eval`, the built CLI as CI runs it: the provider stand-ins (real HTTP servers
// speaking OpenAI's and Anthropic's wire formats) drive the official clients, the model's calls go
// to a real server (the bundled demo, server-everything) through the core; an eval passing and
// failing with JUnit and exit 8, a destructive tool refused headless, a mismatched argument
// flagged and not sent, an unknown tool and a looping model said plainly, a wrong key (exit 3),
// and the key found nowhere: stdout, stderr, reports, the traffic file, the collection.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { collectionText, type Collection } from '../../../shared/collections/format.js';
import type { EvalItem } from '../../../shared/collections/evalFormat.js';
import {
  startAnthropicStandIn,
  startOpenAIStandIn,
  type ProviderStandIn,
  type ScriptedTurn,
} from '../../testSupport/modelStandIns.js';
import { EVERYTHING_SERVER } from '../../testSupport/targets.js';
import { errorLine, runVerb, type VerbRun } from '../../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;
const KEY = 'sk-eval-KEEPME-0123456789abcdef';
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-eval-verb-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const standIns: ProviderStandIn[] = [];
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

function save(name: string, evals: EvalItem[], target?: Collection['target']): string {
  const path = join(scratch, name);
  writeFileSync(
    path,
    collectionText({ formatVersion: 1, name, items: [], evals, ...(target ? { target } : {}) }),
  );
  return path;
}

async function openai(
  script: ScriptedTurn[],
  options: { repeatLast?: boolean } = {},
): Promise<ProviderStandIn> {
  const standIn = await startOpenAIStandIn(script, { key: KEY, ...options });
  standIns.push(standIn);
  return standIn;
}

/** The provider's variables only: none of the machine's own. */
function providerEnv(kind: 'openai' | 'anthropic', standIn: ProviderStandIn, key = KEY): NodeJS.ProcessEnv {
  return kind === 'openai'
    ? { OPENAI_API_KEY: key, OPENAI_BASE_URL: standIn.baseUrl, ANTHROPIC_API_KEY: '', ANTHROPIC_BASE_URL: '' }
    : {
        ANTHROPIC_API_KEY: key,
        ANTHROPIC_BASE_URL: standIn.baseUrl,
        OPENAI_API_KEY: '',
        OPENAI_BASE_URL: '',
      };
}

function expectNoKey(run: VerbRun, ...files: string[]): void {
  expect(run.stdout).not.toContain(KEY);
  expect(run.stderr).not.toContain(KEY);
  for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain(KEY);
}

const weatherEval: EvalItem = {
  name: 'weather in Paris',
  prompt: "What's the weather in Paris?",
  system: 'Use the tools.',
  runs: 2,
  expect: [
    { type: 'calledTool', tool: 'get_weather' },
    { type: 'arguments', tool: 'get_weather', path: '$.city', op: 'equals', value: 'Paris' },
    { type: 'argumentsValid' },
    { type: 'noDestructiveTool' },
    { type: 'finalText', op: 'contains', value: 'Paris' },
    { type: 'maxSteps', steps: 3 },
  ],
};

const weatherTurns: ScriptedTurn[] = [
  {
    text: 'Checking.',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
    usage: { input: 100, output: 12 },
  },
  { text: 'It is mild in Paris.', usage: { input: 150, output: 8 } },
];

describe('mcp-inspect eval', () => {
  it(
    'passes an eval run K times against the demo server, the calls through the core, the results back to the model',
    async () => {
      const standIn = await openai([...weatherTurns, ...weatherTurns]);
      const file = save('weather.collection.json', [weatherEval]);
      const junit = join(scratch, 'weather.xml');
      const json = join(scratch, 'weather.json');
      const traffic = join(scratch, 'weather.jsonl');
      const run = await runVerb(
        [
          'eval',
          file,
          '--model',
          'scripted',
          '--reporter',
          `junit=${junit}`,
          '--reporter',
          `json=${json}`,
          '--traffic',
          traffic,
        ],
        { env: providerEnv('openai', standIn) },
      );
      expect(run.stderr).not.toContain('Error');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('✓ weather in Paris  2/2 runs passed (100%, threshold 100%)');
      expect(run.stdout).toContain('get_weather: 2/2 runs (100%), 2 calls');
      expect(run.stdout).toContain('1 passed, 0 failed (1 eval, 2 runs, 500 tokens in, 40 out');
      // The model got the demo server's real result for the call it proposed.
      const second = standIn.requests[1]?.body.messages as { role: string; content: string }[];
      const toolMessage = second.find((message) => message.role === 'tool');
      expect(toolMessage?.content).toContain('Paris');
      expect(standIn.requests[0]?.body.tools).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ function: expect.objectContaining({ name: 'get_weather' }) }),
        ]),
      );
      // A tool only the weather app may call is not given to the model.
      const given = (standIn.requests[0]?.body.tools as { function: { name: string } }[]).map(
        (t) => t.function.name,
      );
      expect(given).not.toContain('weather_refresh');
      // The call's frames are in the traffic, as a manual call's are.
      expect(readFileSync(traffic, 'utf8')).toContain('"tools/call"');
      const report = await parseJunit(readFileSync(junit, 'utf8'));
      expect(report).toMatchObject({ tests: 1, failures: 0 });
      const document = JSON.parse(readFileSync(json, 'utf8')) as { toolChoices: unknown; provider: string };
      expect(document.provider).toBe('openai');
      expect(document.toolChoices).toEqual([{ tool: 'get_weather', runs: 2, calls: 2 }]);
      expectNoKey(run, junit, json, traffic, file);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'fails below the threshold (exit 8, JUnit failure): a destructive tool refused headless and a mismatched argument flagged, neither sent',
    async () => {
      const standIn = await startAnthropicStandIn(
        [
          {
            calls: [
              { name: 'delete_note', arguments: { id: 'n1' } },
              { name: 'echo', arguments: { message: 42 } },
            ],
          },
          { text: 'I could not do either.' },
        ],
        { key: KEY },
      );
      standIns.push(standIn);
      const file = save('careful.collection.json', [
        {
          name: 'careful',
          prompt: 'Delete note n1 and echo 42',
          expect: [
            { type: 'noDestructiveTool' },
            { type: 'argumentsValid' },
            { type: 'calledTool', tool: 'echo' },
          ],
        },
      ]);
      const junit = join(scratch, 'careful.xml');
      const traffic = join(scratch, 'careful.jsonl');
      const run = await runVerb(
        ['eval', file, '--model', 'scripted', '--reporter', `junit=${junit}`, '--traffic', traffic],
        { env: providerEnv('anthropic', standIn) },
      );
      expect(run.code).toBe(8);
      expect(run.stdout).toContain('✗ careful  0/1 runs passed (0%, threshold 100%)');
      expect(run.stdout).toContain('delete_note({"id":"n1"}) → not approved');
      expect(run.stdout).toContain('echo({"message":42}) → invalid arguments');
      expect(run.stdout).toContain('✗ no destructive tool proposed: it proposed delete_note');
      expect(run.stdout).toContain(
        '✗ every call\'s arguments fit its inputSchema: the arguments do not fit the inputSchema of "echo"',
      );
      expect(run.stderr).toContain('below its threshold: careful');
      // Neither call reached the server: no tools/call in the traffic at all.
      expect(readFileSync(traffic, 'utf8')).not.toContain('"tools/call"');
      // The model was told why, as errors of its tool_use blocks.
      const results = (standIn.requests[1]?.body.messages as { role: string; content: unknown }[])[2]
        ?.content as {
        content: string;
        is_error?: boolean;
      }[];
      expect(results[0]).toMatchObject({
        is_error: true,
        content: expect.stringContaining('--allow-destructive'),
      });
      expect(results[1]).toMatchObject({ is_error: true, content: expect.stringContaining('inputSchema') });
      const report = await parseJunit(readFileSync(junit, 'utf8'));
      expect(report).toMatchObject({ tests: 1, failures: 1 });
      expect(readFileSync(junit, 'utf8')).toContain('below the threshold 100%');
      expectNoKey(run, junit, traffic);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'says an unknown tool and a model that loops, stopped at the step limit; a pass rate meets a lower threshold',
    async () => {
      const standIn = await openai(
        [
          { calls: [{ name: 'no_such_tool', arguments: {} }] },
          { text: 'Sorry.' },
          { calls: [{ name: 'echo', arguments: { message: 'again' } }] },
        ],
        { repeatLast: true },
      );
      const file = save('loops.collection.json', [
        { name: 'loops', prompt: 'Echo forever', maxSteps: 3, threshold: 0.5, runs: 2, expect: [] },
      ]);
      const run = await runVerb(['eval', file, '--model', 'scripted', '--allow-tool', 'echo'], {
        env: providerEnv('openai', standIn),
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('✓ loops  1/2 runs passed (50%, threshold 50%)');
      expect(run.stdout).toContain(
        'stopped at the step limit (3 model requests) with the model still calling tools',
      );
      const told = (standIn.requests[1]?.body.messages as { role: string; content: string }[]).find(
        (message) => message.role === 'tool',
      );
      expect(told?.content).toContain('there is no tool "no_such_tool"');
      // The first run: 2 requests; the second: the step limit, 3; nothing more.
      expect(standIn.requests).toHaveLength(5);
      const strict = await runVerb(
        ['eval', file, '--model', 'scripted', '--threshold', '1', '--allow-tool', 'echo'],
        {
          env: providerEnv('openai', standIn),
        },
      );
      expect(strict.code).toBe(8);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    "drives server-everything's echo through Anthropic's client, allowed by --allow-tool",
    async () => {
      const standIn = await startAnthropicStandIn(
        [
          { calls: [{ name: 'echo', arguments: { message: 'from the model' } }] },
          { text: 'Echoed: from the model' },
        ],
        { key: KEY },
      );
      standIns.push(standIn);
      const file = save('everything.collection.json', [
        {
          name: 'echo',
          prompt: 'Echo "from the model"',
          tools: ['echo'],
          expect: [
            { type: 'arguments', tool: 'echo', path: 'message', op: 'matches', value: '^from' },
            { type: 'finalText', op: 'matches', value: 'Echoed: .+' },
          ],
        },
      ]);
      const run = await runVerb(
        [
          'eval',
          file,
          '--model',
          'scripted',
          '--json',
          '--allow-destructive',
          '--',
          process.execPath,
          EVERYTHING_SERVER,
          'stdio',
        ],
        { env: providerEnv('anthropic', standIn) },
      );
      expect(run.code).toBe(0);
      const document = JSON.parse(run.stdout) as {
        evals: { pass: boolean; runs: { steps: { calls: { outcome: string }[] }[] }[] }[];
      };
      expect(document.evals[0]?.pass).toBe(true);
      expect(document.evals[0]?.runs[0]?.steps[0]?.calls[0]?.outcome).toBe('called');
      // Only the tool the eval names was given.
      expect((standIn.requests[0]?.body.tools as { name: string }[]).map((tool) => tool.name)).toEqual([
        'echo',
      ]);
      const results = (standIn.requests[1]?.body.messages as { content: { content: string }[] }[])[2]
        ?.content;
      expect(results?.[0]?.content).toContain('from the model');
      expectNoKey(run);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    "an eval's own destructiveTools decides over the flags: allow runs delete_note without --allow-destructive, refuse keeps it from the server even with it",
    async () => {
      const standIn = await openai([
        { calls: [{ name: 'delete_note', arguments: { id: '1' } }] },
        { text: 'Deleted note 1.' },
        { calls: [{ name: 'delete_note', arguments: { id: '2' } }] },
        { text: 'I was not allowed to.' },
      ]);
      const deletes: EvalItem = {
        name: 'deletes',
        prompt: 'Delete note 1',
        destructiveTools: 'allow',
        expect: [{ type: 'calledTool', tool: 'delete_note' }],
      };
      const file = save('policies.collection.json', [
        deletes,
        { ...deletes, name: 'refused', prompt: 'Delete note 2', destructiveTools: 'refuse' },
      ]);
      const allowed = join(scratch, 'policies-allow.jsonl');
      const first = await runVerb(
        ['eval', file, '--model', 'scripted', '--traffic', allowed, '--allow-destructive'],
        { env: providerEnv('openai', standIn) },
      );
      expect(first.code).toBe(0);
      const traffic = readFileSync(allowed, 'utf8');
      // Note 1's delete reached the server; note 2's never did, --allow-destructive notwithstanding.
      expect(traffic).toContain('"tools/call"');
      expect(traffic).toContain('"id":"1"');
      expect(traffic).not.toContain('"id":"2"');
      expect(first.stdout).toContain('✓ refused  1/1 runs passed');
      const told = (standIn.requests[3]?.body.messages as { role: string; content: string }[]).filter(
        (message) => message.role === 'tool',
      );
      expect(told.at(-1)?.content).toContain('this eval refuses destructive tools');
      expectNoKey(first, allowed);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'says a wrong key plainly (exit 3) and stops: no run after the first, the key not shown',
    async () => {
      const standIn = await openai([...weatherTurns, ...weatherTurns]);
      const file = save('wrong-key.collection.json', [weatherEval]);
      const run = await runVerb(['eval', file, '--model', 'scripted', '--json'], {
        env: providerEnv('openai', standIn, `${KEY}-typo`),
      });
      expect(run.code).toBe(3);
      const error = errorLine(run);
      expect(error.kind).toBe('provider-auth');
      expect(error.message).toContain('refused the key (HTTP 401): check OPENAI_API_KEY');
      expect(standIn.requests).toHaveLength(1);
      expectNoKey(run);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    '`test` runs the evals after the items when a model is named, and says they did not run when none is',
    async () => {
      const standIn = await openai(weatherTurns);
      const path = join(scratch, 'mixed.collection.json');
      writeFileSync(
        path,
        collectionText({
          formatVersion: 1,
          name: 'mixed',
          items: [{ name: 'echo', kind: 'tool', tool: 'echo', arguments: { message: 'hi' }, expect: [] }],
          evals: [{ ...weatherEval, runs: 1 }],
        }),
      );
      const withModel = await runVerb(['test', path, '--model', 'scripted'], {
        env: providerEnv('openai', standIn),
      });
      expect(withModel.code).toBe(0);
      expect(withModel.stdout).toContain('✓ echo');
      expect(withModel.stdout).toContain('✓ weather in Paris  1/1 runs passed');
      const without = await runVerb(['test', path], { env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' } });
      expect(without.code).toBe(0);
      expect(without.stderr).toContain('1 eval not run: they need a model');
      expectNoKey(withModel, path);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'refuses to start without a model, or with a provider it does not know (exit 1)',
    async () => {
      const file = save('usage.collection.json', [weatherEval]);
      const noModel = await runVerb(['eval', file], {
        env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: '', ANTHROPIC_API_KEY: '' },
      });
      expect(noModel.code).toBe(1);
      expect(noModel.stderr).toContain('no model: give --model');
      const unknown = await runVerb(['eval', file, '--provider', 'gemini', '--model', 'm']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('--provider gemini: expected openai');
      expectNoKey(noModel);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
