// A collection run through the core against real SDK servers over in-memory transports: chaining
// (create, read back, delete), the server's requests answered with the item's saved answers, an
// unknown tool and refused arguments failing their item while the rest run, and failing
// expectations reported with expected against actual. Both eras.
import { describe, expect, it } from 'vitest';
import { McpServer, acceptedContent, inputRequired } from '@modelcontextprotocol/server';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { connectClient, createCoreClient } from '../../../shared/core/index.js';
import { v1Connection, v2Connection } from '../../../shared/core/testServers.js';
import { coreDriver, ItemAnswerer } from '../../../shared/collections/coreDriver.js';
import type { Collection } from '../../../shared/collections/format.js';
import { runCollection } from '../../../shared/collections/runner.js';
import { schemaValidator } from '../../session/schemaValidator.js';

/** A notes server: create, get and delete by id; an elicitation round; a tool that fails. */
function notesServer(): McpServer {
  const notes = new Map<number, string>();
  let next = 1;
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool(
    'create_note',
    {
      inputSchema: z.object({ text: z.string() }),
      outputSchema: z.object({ id: z.number(), text: z.string() }),
    },
    async ({ text }) => {
      const id = next++;
      notes.set(id, text);
      return { content: [{ type: 'text', text: `note ${id}` }], structuredContent: { id, text } };
    },
  );
  server.registerTool('get_note', { inputSchema: z.object({ id: z.number() }) }, async ({ id }) => {
    const text = notes.get(id);
    if (text === undefined) return { content: [{ type: 'text', text: `no note ${id}` }], isError: true };
    return { content: [{ type: 'text', text }] };
  });
  server.registerTool('delete_note', { inputSchema: z.object({ id: z.number() }) }, async ({ id }) => {
    notes.delete(id);
    return { content: [{ type: 'text', text: `deleted ${id}` }] };
  });
  server.registerTool('confirm', {}, async (ctx) => {
    const answer = acceptedContent<{ ok: boolean }>(ctx.mcpReq.inputResponses, 'confirmation');
    if (!answer) {
      return inputRequired({
        inputRequests: {
          confirmation: inputRequired.elicit({
            message: 'Sure?',
            requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
          }),
        },
      });
    }
    return { content: [{ type: 'text', text: answer.ok ? 'confirmed' : 'not confirmed' }] };
  });
  server.registerPrompt('greeting', { argsSchema: { name: z.string() } }, async ({ name }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Hello ${name}` } }],
  }));
  server.registerResource('readme', 'notes://readme', {}, async (uri) => ({
    contents: [{ uri: uri.href, text: 'The notes server.' }],
  }));
  return server;
}

const chained: Collection = {
  formatVersion: 1,
  items: [
    {
      name: 'create',
      kind: 'tool',
      tool: 'create_note',
      arguments: { text: 'milk ${env:WHO}' },
      expect: [
        { type: 'outputSchema' },
        { type: 'path', path: '$.structuredContent.text', op: 'equals', value: 'milk Ada' },
      ],
    },
    {
      name: 'read back',
      kind: 'tool',
      tool: 'get_note',
      arguments: { id: '${item:create.structuredContent.id}' },
      expect: [{ type: 'textContains', text: 'milk Ada' }],
    },
    {
      name: 'delete',
      kind: 'tool',
      tool: 'delete_note',
      arguments: { id: '${item:create.structuredContent.id}' },
      expect: [],
    },
    {
      name: 'gone',
      kind: 'tool',
      tool: 'get_note',
      arguments: { id: '${item:create.structuredContent.id}' },
      expect: [{ type: 'isError' }],
    },
    {
      name: 'confirm',
      kind: 'tool',
      tool: 'confirm',
      answers: { elicitation: { action: 'accept', content: { ok: true } } },
      expect: [
        { type: 'textContains', text: 'confirmed' },
        { type: 'contentTypes', types: ['text'] },
      ],
    },
    {
      name: 'prompt',
      kind: 'prompt',
      prompt: 'greeting',
      arguments: { name: 'Ada' },
      expect: [{ type: 'textContains', text: 'Hello Ada' }],
    },
    {
      name: 'readme',
      kind: 'resource',
      uri: 'notes://readme',
      expect: [{ type: 'path', path: '$.contents[0].text', op: 'contains', value: 'notes' }],
    },
  ],
};

async function run(
  collection: Collection,
  transport: Promise<Parameters<typeof connectClient>[1]> | Parameters<typeof connectClient>[1],
  era: 'modern' | 'legacy',
) {
  const items = new ItemAnswerer();
  const core = createCoreClient({
    era,
    clientInfo: { name: 'collection-test', version: '0' },
    answerer: items,
  });
  await connectClient(core.client, await transport);
  try {
    const driver = coreDriver({ client: core.client, answerer: core.answerer, items, timeoutMs: 10_000 });
    return await runCollection(collection, driver, {
      validate: schemaValidator,
      env: (name) => ({ WHO: 'Ada' })[name],
    });
  } finally {
    await core.client.close();
  }
}

describe('running a collection through the core', () => {
  it('chains create, read back, delete; answers the elicitation with the saved answer (2026-07-28)', async () => {
    const result = await run(chained, v2Connection(notesServer), 'modern');
    expect(result.items.map((item) => [item.name, item.status, item.reason])).toEqual([
      ['create', 'passed', undefined],
      ['read back', 'passed', undefined],
      ['delete', 'passed', undefined],
      ['gone', 'passed', undefined],
      ['confirm', 'passed', undefined],
      ['prompt', 'passed', undefined],
      ['readme', 'passed', undefined],
    ]);
    expect(result.items[1]?.arguments).toEqual({ id: 1 });
    expect(result).toMatchObject({ passed: 7, failed: 0 });
  });

  it('an unknown tool, refused arguments and a dangling placeholder fail their item; the rest run', async () => {
    const collection: Collection = {
      formatVersion: 1,
      items: [
        { name: 'typo', kind: 'tool', tool: 'create_note_', arguments: {}, expect: [] },
        { name: 'bad args', kind: 'tool', tool: 'create_note', arguments: { text: 7 }, expect: [] },
        {
          name: 'dangling',
          kind: 'tool',
          tool: 'get_note',
          arguments: { id: '${item:typo.structuredContent.id}' },
          expect: [],
        },
        {
          name: 'wrong',
          kind: 'tool',
          tool: 'create_note',
          arguments: { text: 'x' },
          expect: [
            { type: 'succeeds' },
            { type: 'path', path: '$.structuredContent.text', op: 'equals', value: 'y' },
          ],
        },
        { name: 'fine', kind: 'resource', uri: 'notes://readme', expect: [] },
      ],
    };
    const result = await run(collection, v2Connection(notesServer), 'modern');
    expect(result.items.map((item) => item.status)).toEqual(['error', 'error', 'error', 'failed', 'passed']);
    expect(result.items[0]?.reason).toMatch(
      /^the server has no tool "create_note_" \(its tools: create_note, get_note/,
    );
    expect(result.items[1]?.reason).toBe(
      'the arguments do not fit the inputSchema of "create_note": text: must be string',
    );
    expect(result.items[2]?.reason).toBe(
      '${item:typo.structuredContent.id}: the item "typo" has no result to take a value from',
    );
    expect(result.items[3]?.expectations.map((e) => [e.pass, e.expected, e.actual])).toEqual([
      [true, 'a result', 'a result'],
      [false, '"y"', '"x"'],
    ]);
    expect(result).toMatchObject({ passed: 1, failed: 4 });
  });

  it('a legacy server: its own sampling request answered with the saved reply; a JSON-RPC error expected', async () => {
    const server = new McpServerV1({ name: 'legacy', version: '1.0.0' });
    server.registerTool('summarise', {}, async () => {
      const reply = await server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }],
        maxTokens: 10,
      });
      return { content: [{ type: 'text', text: `model said: ${(reply.content as { text: string }).text}` }] };
    });
    const collection: Collection = {
      formatVersion: 1,
      items: [
        {
          name: 'sampled',
          kind: 'tool',
          tool: 'summarise',
          answers: { samplingReply: 'short' },
          expect: [{ type: 'textContains', text: 'model said: short' }],
        },
        { name: 'no prompt', kind: 'prompt', prompt: 'nope', arguments: {}, expect: [{ type: 'rpcError' }] },
      ],
    };
    const result = await run(collection, v1Connection(server), 'legacy');
    expect(result.items.map((item) => [item.name, item.status])).toEqual([
      ['sampled', 'passed'],
      ['no prompt', 'passed'],
    ]);
  });
});
