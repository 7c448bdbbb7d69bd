// The model loop over a scripted model (a list of answers, in order) and a real server: the demo
// in memory, its tools called through the SDK client. What a person relies on: approval asked
// before a destructive tool (and only then), a mismatched argument flagged and not sent, a huge
// result cut before it goes back to the model, the step limit and a cancel said.
import { Client, type Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { connectToDemo } from '../testSupport/demoConnection.js';
import { schemaValidator } from '../session/schemaValidator.js';
import type { ConversationTurn, ModelStep } from '../../shared/models/conversation.js';
import { runModelLoop, type LoopOptions } from '../../shared/models/modelLoop.js';
import { translateTools } from '../../shared/models/toolTranslation.js';

function scripted(answers: Partial<ModelStep>[]): { step: LoopOptions['step']; seen: ConversationTurn[][] } {
  const seen: ConversationTurn[][] = [];
  let next = 0;
  return {
    seen,
    step: (request) => {
      seen.push([...request.turns]);
      const answer = answers[Math.min(next, answers.length - 1)] ?? {};
      next += 1;
      return Promise.resolve({ text: '', toolCalls: [], stopReason: 'stop', usage: {}, ...answer });
    },
  };
}

const call = (name: string, args: unknown, id = name) => ({ id, name, argumentsText: JSON.stringify(args) });

async function loop(answers: Partial<ModelStep>[], extra: Partial<LoopOptions> = {}) {
  const client = await connectToDemo(new Client({ name: 'loop-test', version: '1' }));
  const tools = (await client.listTools()).tools;
  const model = scripted(answers);
  const approvals: string[] = [];
  const sent: string[] = [];
  const transcript = await runModelLoop({
    step: model.step,
    translation: translateTools('openai', tools),
    serverTools: tools,
    callTool: async (tool: Tool, args) => {
      sent.push(tool.name);
      const result = (await client.callTool({ name: tool.name, arguments: args })) as Record<string, unknown>;
      return { kind: 'result', result, durationMs: 0 };
    },
    approve: (tool) => {
      approvals.push(tool.name);
      return Promise.resolve(
        tool.name === 'delete_note' ? { allowed: false, reason: 'the person said no' } : { allowed: true },
      );
    },
    validate: schemaValidator,
    prompt: 'Go',
    maxSteps: 4,
    failureOf: () => undefined,
    ...extra,
  });
  return { transcript, seen: model.seen, approvals, sent };
}

describe('the model loop', () => {
  it('asks before a destructive tool only, and sends nothing the person refused or the schema refuses', async () => {
    const { transcript, seen, approvals, sent } = await loop([
      {
        toolCalls: [
          call('echo', { message: 'hi' }),
          call('delete_note', { id: 'n1' }),
          call('annotations_absent', {}),
          call('get_weather', { town: 'Paris' }),
        ],
      },
      { text: 'Done.' },
    ]);
    expect(approvals).toEqual(['delete_note', 'annotations_absent']);
    expect(sent).toEqual(['echo', 'annotations_absent']);
    expect(transcript.end).toEqual({ kind: 'answered' });
    expect(transcript.steps[0]?.calls.map((c) => c.outcome.kind)).toEqual([
      'called',
      'not-approved',
      'called',
      'invalid-arguments',
    ]);
    const results = seen[1]?.at(-1);
    expect(results?.role).toBe('tool');
    if (results?.role !== 'tool') return;
    expect(results.results[0]).toMatchObject({ text: 'hi', isError: false });
    expect(results.results[1]).toMatchObject({ text: 'Not called: the person said no', isError: true });
    expect(results.results[3]?.text).toContain('the arguments do not fit the inputSchema of "get_weather"');
  });

  it('stops a model that keeps calling at the step limit, and a cancelled run before its next step', async () => {
    const looping = await loop([{ toolCalls: [call('echo', { message: 'again' })] }]);
    expect(looping.transcript.end).toEqual({ kind: 'step-limit', limit: 4 });
    expect(looping.seen).toHaveLength(4);
    const controller = new AbortController();
    controller.abort();
    const cancelled = await loop([{ text: 'never asked' }], { signal: controller.signal });
    expect(cancelled.transcript.end).toEqual({ kind: 'cancelled' });
    expect(cancelled.seen).toHaveLength(0);
  });

  it('cuts a huge result before it goes back to the model, and says so', async () => {
    const { seen } = await loop([
      { toolCalls: [call('echo', { message: 'x'.repeat(40_000) })] },
      { text: 'ok' },
    ]);
    const results = seen[1]?.at(-1);
    if (results?.role !== 'tool') throw new Error('no tool results');
    expect(results.results[0]?.text.length).toBeLessThan(16_100);
    expect(results.results[0]?.text).toMatch(/\[cut: \d+ more characters\]$/);
  });
});
