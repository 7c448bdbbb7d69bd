// A server's surface through the core, over in-memory transports against real SDK v2 servers:
// every declared list read (all pages), undeclared lists left empty, a failing list kept as a
// failure, and the stable form independent of the server's order.
import { describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Answerer } from './answerer.js';
import { connectClient, createCoreClient } from './clientSession.js';
import { stableJson } from './stableJson.js';
import { collectSurface, stableSurface } from './surface.js';
import { v2Connection } from './testServers.js';

const nobody: Answerer = {
  elicit: () => Promise.reject(new Error('nobody to answer')),
  sample: () => Promise.reject(new Error('nobody to answer')),
  roots: () => [],
};

async function surfaceOf(make: () => McpServer, era: 'modern' | 'legacy' = 'modern') {
  const core = createCoreClient({
    era,
    clientInfo: { name: 'surface-test', version: '0' },
    answerer: nobody,
  });
  await connectClient(core.client, v2Connection(make));
  try {
    return await collectSurface(core.client);
  } finally {
    await core.client.close();
  }
}

function toolsOnly(order: string[]) {
  return () => {
    const server = new McpServer({ name: 'tools-only', version: '1.2.3' });
    for (const name of order)
      server.registerTool(
        name,
        { description: `the ${name} tool`, inputSchema: z.object({ n: z.number() }) },
        () => ({
          content: [],
        }),
      );
    return server;
  };
}

describe('collectSurface', () => {
  for (const era of ['modern', 'legacy'] as const) {
    it(`${era}: server info, capabilities and the declared lists; undeclared lists empty`, async () => {
      const surface = await surfaceOf(toolsOnly(['b', 'a']), era);
      expect(surface.era).toBe(era);
      expect(surface.serverInfo).toMatchObject({ name: 'tools-only', version: '1.2.3' });
      expect(surface.tools.map((tool) => tool.name)).toEqual(['b', 'a']);
      expect(surface.tools[0]?.inputSchema).toMatchObject({
        type: 'object',
        properties: { n: { type: 'number' } },
      });
      expect(surface.prompts).toEqual([]);
      expect(surface.resources).toEqual([]);
      expect(surface.failures).toBeUndefined();
    });
  }

  it('keeps a list the server fails to give as a failure, and reads the others', async () => {
    const surface = await surfaceOf(() => {
      const server = toolsOnly(['a'])();
      server.registerPrompt('p', {}, () => ({ messages: [] }));
      server.server.setRequestHandler('prompts/list', () => {
        throw new Error('prompts are broken');
      });
      return server;
    });
    expect(surface.tools).toHaveLength(1);
    expect(surface.failures?.['prompts/list']).toContain('prompts are broken');
  });

  it('stableSurface gives the same bytes whatever order the server lists in', async () => {
    const one = stableSurface(await surfaceOf(toolsOnly(['b', 'a', 'c'])));
    const other = stableSurface(await surfaceOf(toolsOnly(['c', 'b', 'a'])));
    expect(one.tools.map((tool) => tool.name)).toEqual(['a', 'b', 'c']);
    expect(stableJson(one)).toBe(stableJson(other));
    expect(stableJson(one).endsWith('}\n')).toBe(true);
  });
});
