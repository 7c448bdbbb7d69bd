// The one SDK transport of both shells, with the shell's relay played by an in-memory link to a
// real SDK v2 server. What a pipe read or a batch of the bridge's socket does to timing is played
// by holding the server's messages and delivering a whole batch in one turn.
import { describe, expect, it } from 'vitest';
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createCoreClient } from './clientSession.js';
import { systemClock } from './platform.js';
import { RelayTransport } from './relayTransport.js';
import type { Answerer } from './answerer.js';

const nobody: Answerer = {
  elicit: () => Promise.reject(new Error('nobody to answer')),
  sample: () => Promise.reject(new Error('nobody to answer')),
  roots: () => [],
};

const STEPS = 5;

function progressServer(): McpServer {
  const server = new McpServer({ name: 'progress', version: '1.0.0' });
  server.registerTool('count', { description: 'Counts, telling each step' }, async (ctx) => {
    const token = ctx.mcpReq._meta?.progressToken;
    for (let step = 1; step <= STEPS; step += 1) {
      if (token !== undefined)
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken: token, progress: step, total: STEPS },
        });
    }
    return { content: [{ type: 'text', text: 'counted' }] };
  });
  return server;
}

/**
 * A relay that holds what the server sends after the handshake and delivers it in one turn when
 * an answer comes: the progress notifications and the answer behind them, as one read.
 */
async function batchedRelay(): Promise<RelayTransport> {
  const [shellSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(progressServer, { transport: serverSide });
  const held: JSONRPCMessage[] = [];
  const transport = new RelayTransport(
    1,
    (message) => {
      void shellSide.send(message);
      return true;
    },
    { shape: 'stdio' },
  );
  shellSide.onmessage = (message) => {
    held.push(message);
    if ('id' in message) for (const each of held.splice(0)) transport.deliver(each);
  };
  await shellSide.start();
  return transport;
}

describe('RelayTransport', () => {
  it('keeps the progress that comes in the same batch as the answer', async () => {
    const transport = await batchedRelay();
    const { client } = createCoreClient({
      era: 'modern',
      clientInfo: { name: 't', version: '0' },
      answerer: nobody,
    });
    await client.connect(transport);
    const seen: number[] = [];
    const result = await client.callTool(
      { name: 'count', arguments: {} },
      { onprogress: (progress) => seen.push(progress.progress) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'counted' }]);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    await client.close();
  });

  it('delivers what it holds before telling the client the run closed', async () => {
    const transport = new RelayTransport(1, () => true, { shape: 'http' });
    const order: string[] = [];
    transport.onmessage = (message) => order.push('method' in message ? message.method : 'answer');
    transport.onclose = () => order.push('closed');
    transport.deliver({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: 'x' },
    });
    transport.deliver({ jsonrpc: '2.0', id: 1, result: {} });
    transport.closeFromTarget();
    expect(order).toEqual(['notifications/message']);
    await new Promise((resolve) => systemClock.setTimeout(() => resolve(undefined), 5));
    expect(order).toEqual(['notifications/message', 'answer', 'closed']);
  });

  it('says so when the relay cannot take a message', async () => {
    const transport = new RelayTransport(1, () => false, {
      shape: 'http',
      lostMessage: 'The page lost its connection',
    });
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toThrow(
      'The page lost its connection',
    );
  });
});
