// Lists, reads and prompts through the core, over the SDKs' in-memory transports against real SDK
// servers that page their lists: every page is followed, in both eras.
import { describe, expect, it } from 'vitest';
import { McpServer, acceptedContent, inputRequired } from '@modelcontextprotocol/server';
import type { Answerer } from './answerer.js';
import { connectClient, createCoreClient } from './clientSession.js';
import type { EraChoice } from '../eras.js';
import {
  getPrompt,
  listPrompts,
  listResourceTemplates,
  listResources,
  listTools,
  readResource,
} from './lists.js';
import { v2Connection } from './testServers.js';

const PAGES = 3;
const PER_PAGE = 2;

/** The items of page `cursor` (undefined for the first), and the cursor of the next. */
function page<T>(cursor: string | undefined, item: (n: number) => T) {
  const index = cursor === undefined ? 0 : Number(cursor);
  const items = Array.from({ length: PER_PAGE }, (_, i) => item(index * PER_PAGE + i));
  return { items, ...(index + 1 < PAGES ? { nextCursor: String(index + 1) } : {}) };
}

/** An SDK v2 server whose four lists come in three pages each, and whose reads and prompts ask. */
function pagingServer(): McpServer {
  const server = new McpServer(
    { name: 'pages', version: '2.0.0' },
    { capabilities: { tools: {}, resources: {}, prompts: {} } },
  );
  const s = server.server;
  s.setRequestHandler('tools/list', (request) => {
    const { items, ...next } = page(request.params?.cursor, (n) => ({
      name: `tool-${n}`,
      inputSchema: { type: 'object' as const },
    }));
    return { tools: items, ...next };
  });
  s.setRequestHandler('prompts/list', (request) => {
    const { items, ...next } = page(request.params?.cursor, (n) => ({ name: `prompt-${n}` }));
    return { prompts: items, ...next };
  });
  s.setRequestHandler('resources/list', (request) => {
    const { items, ...next } = page(request.params?.cursor, (n) => ({ uri: `demo://r/${n}`, name: `r${n}` }));
    return { resources: items, ...next };
  });
  s.setRequestHandler('resources/templates/list', (request) => {
    const { items, ...next } = page(request.params?.cursor, (n) => ({
      uriTemplate: `demo://t/${n}/{x}`,
      name: `t${n}`,
    }));
    return { resourceTemplates: items, ...next };
  });
  return server;
}

const nobody: Answerer = {
  elicit: () => Promise.reject(new Error('nobody to answer')),
  sample: () => Promise.reject(new Error('nobody to answer')),
  roots: () => [],
};

async function connected(era: EraChoice, make: () => McpServer, answerer: Answerer = nobody) {
  const core = createCoreClient({ era, clientInfo: { name: 'core-test', version: '0' }, answerer });
  await connectClient(core.client, v2Connection(make));
  return core.client;
}

const names = (items: { name: string }[]) => items.map((item) => item.name);
const all = (prefix: string) => Array.from({ length: PAGES * PER_PAGE }, (_, n) => `${prefix}${n}`);

describe('listing every page', () => {
  for (const era of ['modern', 'legacy'] as const) {
    it(`${era}: tools, prompts, resources and templates, each across all its pages`, async () => {
      const client = await connected(era, pagingServer);
      expect(client.getProtocolEra()).toBe(era);
      expect(names((await listTools(client)).items)).toEqual(all('tool-'));
      expect(names((await listPrompts(client)).items)).toEqual(all('prompt-'));
      expect(names((await listResources(client)).items)).toEqual(all('r'));
      expect(names((await listResourceTemplates(client)).items)).toEqual(all('t'));
    });
  }
});

describe('reads and prompts that ask (2026-07-28 input rounds)', () => {
  const WHO = { type: 'object' as const, properties: { name: { type: 'string' as const } } };
  const asking = () => {
    const server = new McpServer({ name: 'asks', version: '2.0.0' });
    server.registerResource('secret', 'demo://secret', {}, async (uri, ctx) => {
      const who = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, 'who');
      if (!who) {
        return inputRequired({
          inputRequests: { who: inputRequired.elicit({ message: 'Who reads?', requestedSchema: WHO }) },
        });
      }
      return { contents: [{ uri: uri.href, text: `for ${who.name}` }] };
    });
    server.registerPrompt('greet', {}, async (ctx) => {
      const who = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, 'who');
      if (!who) {
        return inputRequired({
          inputRequests: { who: inputRequired.elicit({ message: 'Who?', requestedSchema: WHO }) },
        });
      }
      return { messages: [{ role: 'user', content: { type: 'text', text: `Hello ${who.name}` } }] };
    });
    return server;
  };

  it('answers each round through the answerer, under the owner given', async () => {
    const owners: (string | undefined)[] = [];
    const answerer: Answerer = {
      ...nobody,
      elicit: async (_params, context) => {
        owners.push(context.origin?.owner);
        return { action: 'accept', content: { name: 'Ada' } };
      },
    };
    const client = await connected('modern', asking, answerer);
    const read = await readResource(client, 'demo://secret', { answerer, owner: 'resource:demo://secret' });
    expect(read.contents[0]).toMatchObject({ text: 'for Ada' });
    const prompt = await getPrompt(client, 'greet', {}, { answerer, owner: 'prompt:greet' });
    expect(prompt.messages[0]?.content).toMatchObject({ text: 'Hello Ada' });
    expect(owners).toEqual(['resource:demo://secret', 'prompt:greet']);
  });
});
