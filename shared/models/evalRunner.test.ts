// The eval runner the CLI and the page share: an eval's own word on destructive tools, a run
// stopped mid-way by its signal, the tally of the tools chosen, the expectations' words. A
// scripted model; the calls go to a real SDK server over the SDK's in-memory transport.
import { describe, expect, it } from 'vitest';
import { Client, type Tool } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { EvalItem } from '../collections/evalFormat.js';
import { collectionSchemaCheck } from '../collections/schemaCheck.js';
import { newAbortController } from '../core/platform.js';
import { v2Connection } from '../core/testServers.js';
import type { ModelStep } from './conversation.js';
import { evalExpectationLabel, runEvals, toolChoicesOf, type EvalOptions } from './evalRunner.js';
import type { Approval, ModelStepper } from './modelLoop.js';

function notes(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool(
    'list_notes',
    { inputSchema: z.object({}), annotations: { readOnlyHint: true } },
    async () => ({ content: [{ type: 'text', text: 'n1, n2' }] }),
  );
  server.registerTool(
    'delete_note',
    { inputSchema: z.object({ id: z.string() }), annotations: { destructiveHint: true } },
    async ({ id }) => ({ content: [{ type: 'text', text: `deleted ${id}` }] }),
  );
  return server;
}

async function connected(): Promise<{ client: Client; tools: Tool[] }> {
  const client = new Client({ name: 'eval-runner-test', version: '0' });
  await client.connect(v2Connection(() => notes()));
  return { client, tools: (await client.listTools()).tools };
}

class Cancelled extends Error {}

/** Each request gets the next answer; 'hang' waits for the request's abort. */
function scripted(script: Array<Partial<ModelStep> | 'hang'>): { step: ModelStepper; asked: () => number } {
  let next = 0;
  const step: ModelStepper = async ({ signal }) => {
    const answer = script[next++];
    if (answer === 'hang' || answer === undefined)
      return new Promise((_resolve, reject) =>
        signal?.addEventListener?.('abort', () => reject(new Cancelled('cancelled'))),
      );
    return { text: answer.text ?? '', toolCalls: answer.toolCalls ?? [], stopReason: 'stop', usage: {} };
  };
  return { step, asked: () => next };
}

const call = (name: string, args: unknown) => ({ id: name, name, argumentsText: JSON.stringify(args) });

function options(
  client: Client,
  tools: Tool[],
  step: ModelStepper,
  approve: EvalOptions['approve'],
): EvalOptions {
  return {
    provider: 'openai',
    model: 'scripted',
    step,
    serverTools: tools,
    validate: collectionSchemaCheck,
    failureOf: (error) =>
      error instanceof Cancelled ? { kind: 'cancelled', message: 'cancelled' } : undefined,
    approve,
    callTool: async (tool, args) => ({
      kind: 'result',
      result: (await client.callTool({ name: tool.name, arguments: args })) as Record<string, unknown>,
      durationMs: 0,
    }),
  };
}

const deleting: EvalItem = {
  name: 'delete',
  prompt: 'Delete n1',
  expect: [{ type: 'finalText', op: 'contains', value: 'deleted n1' }],
};

describe('the eval runner', () => {
  it("lets an eval's destructiveTools decide before the shell's rule, which is asked otherwise", async () => {
    const { client, tools } = await connected();
    const asked: string[] = [];
    const shellRule = (tool: Tool, _args: unknown, item: EvalItem): Promise<Approval> => {
      asked.push(`${item.name}: ${tool.name}`);
      return Promise.resolve({ allowed: false, reason: 'the shell said no' });
    };
    const turns = (text: string) => [{ toolCalls: [call('delete_note', { id: 'n1' })] }, { text }];
    const model = scripted([...turns('deleted n1'), ...turns('could not'), ...turns('could not')]);
    const suite = await runEvals(
      [
        { ...deleting, name: 'allowed', destructiveTools: 'allow' },
        { ...deleting, name: 'refused', destructiveTools: 'refuse' },
        { ...deleting, name: 'shell' },
      ],
      options(client, tools, model.step, shellRule),
    );
    expect(suite.evals.map((result) => result.pass)).toEqual([true, false, false]);
    const outcome = (index: number) => suite.evals[index]?.runs[0]?.transcript.steps[0]?.calls[0]?.outcome;
    expect(outcome(0)).toMatchObject({ kind: 'called' });
    expect(outcome(1)).toEqual({
      kind: 'not-approved',
      reason: '"delete_note" may change or destroy something, and this eval refuses destructive tools',
    });
    expect(outcome(2)).toEqual({ kind: 'not-approved', reason: 'the shell said no' });
    // Only the eval that left it to the shell was put to the shell's rule.
    expect(asked).toEqual(['shell: delete_note']);
  });

  it('stops mid-way when its signal is aborted: the run in flight cancelled, no further run or eval', async () => {
    const { client, tools } = await connected();
    const controller = newAbortController();
    let asked = 0;
    // The second request is aborted while in flight, as the page's Stop does.
    const step: ModelStepper = ({ signal }) => {
      asked += 1;
      if (asked === 1)
        return Promise.resolve({ text: 'deleted n1', toolCalls: [], stopReason: 'stop', usage: {} });
      return new Promise((_resolve, reject) => {
        signal?.addEventListener?.('abort', () => reject(new Cancelled('cancelled')));
        controller.abort();
      });
    };
    const result = await runEvals(
      [
        { ...deleting, runs: 4 },
        { ...deleting, name: 'after' },
      ],
      {
        ...options(client, tools, step, () => Promise.resolve({ allowed: true })),
        signal: controller.signal,
      },
    );
    expect(result.cancelled).toBe(true);
    expect(result.evals).toHaveLength(1);
    expect(result.evals[0]?.runs.map((run) => run.problem)).toEqual([undefined, 'cancelled']);
    expect(result.evals[0]?.pass).toBe(false);
    expect(asked).toBe(2);
  });

  it('tallies the tools chosen: runs in which each was called, and calls in all', async () => {
    const { client, tools } = await connected();
    const model = scripted([
      { toolCalls: [call('list_notes', {}), call('list_notes', {})] },
      { text: 'two notes' },
      { toolCalls: [call('list_notes', {}), call('delete_note', { id: 'n1' })] },
      { text: 'deleted n1' },
    ]);
    const suite = await runEvals(
      [{ ...deleting, runs: 2 }],
      options(client, tools, model.step, () => Promise.resolve({ allowed: true })),
    );
    const expected = [
      { tool: 'list_notes', runs: 2, calls: 3 },
      { tool: 'delete_note', runs: 1, calls: 1 },
    ];
    expect(suite.toolChoices).toEqual(expected);
    expect(toolChoicesOf(suite.evals[0]?.runs ?? [])).toEqual(expected);
    expect(toolChoicesOf(suite.evals[0]?.runs.slice(0, 1) ?? [])).toEqual([
      { tool: 'list_notes', runs: 1, calls: 2 },
    ]);
  });

  it('says each expectation in the words of its verdicts', async () => {
    const { client, tools } = await connected();
    const item: EvalItem = {
      name: 'words',
      prompt: 'Delete n1',
      expect: [
        { type: 'calledTool', tool: 'delete_note' },
        { type: 'calledTool', tool: 'list_notes', not: true },
        { type: 'arguments', tool: 'delete_note', path: '$.id', op: 'equals', value: 'n1' },
        { type: 'arguments', tool: 'delete_note', path: '$.id', op: 'exists' },
        { type: 'argumentsValid' },
        { type: 'noDestructiveTool' },
        { type: 'finalText', op: 'matches', value: '^deleted' },
        { type: 'maxSteps', steps: 2 },
      ],
    };
    const model = scripted([{ toolCalls: [call('delete_note', { id: 'n1' })] }, { text: 'deleted n1' }]);
    const suite = await runEvals(
      [item],
      options(client, tools, model.step, () => Promise.resolve({ allowed: true })),
    );
    const labels = item.expect.map(evalExpectationLabel);
    expect(labels).toEqual([
      'called delete_note',
      'did not call list_notes',
      'delete_note $.id equals "n1"',
      'delete_note $.id exists',
      "every call's arguments fit its inputSchema",
      'no destructive tool proposed',
      'final text matches "^deleted"',
      'at most 2 steps',
    ]);
    expect(suite.evals[0]?.runs[0]?.checks.map((check) => check.label)).toEqual(labels);
  });
});
