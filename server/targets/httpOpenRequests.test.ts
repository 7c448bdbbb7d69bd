// The bridge keeps a bounded number of requests open to an HTTP server: each holds a response
// stream until answered, and a server that never answers must not make them pile up.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DemoHttpServer, serveDemoHttp } from '../demo/demoHttp.js';
import { HttpTarget } from './httpTarget.js';
import type { TargetEvents } from './target.js';

let demo: DemoHttpServer;
beforeAll(async () => {
  demo = await serveDemoHttp({ port: 0 });
});
afterAll(async () => {
  await demo.close();
});

const MODERN = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'limits', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

function slowCall(id: number, delayMs: number): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'slow_count', arguments: { steps: 1, delayMs }, _meta: META },
  };
}

it('refuses a request past the limit at once, saying why, and sends again once answers come', async () => {
  const answered: Array<string | number> = [];
  const events: TargetEvents = {
    onMessage: (message) => {
      if ('id' in message && !('method' in message) && message.id !== undefined) answered.push(message.id);
    },
    onStderr: () => undefined,
    onTransportError: () => undefined,
    onHttpExchange: () => undefined,
    onNote: () => undefined,
    onExit: () => undefined,
  };
  const target = new HttpTarget(
    { url: demo.url, transport: 'streamable-http', headers: {} },
    events,
    undefined,
    { maxOpenRequests: 2 },
  );
  target.setProtocolVersion(MODERN);
  await target.start();
  try {
    const first = target.send(slowCall(1, 400));
    const second = target.send(slowCall(2, 400));
    await expect(target.send(slowCall(3, 0))).rejects.toThrow(
      /Not sent: 2 requests to this server are still waiting for an answer/,
    );
    await Promise.all([first, second]);
    await expect.poll(() => answered.sort(), { timeout: 5_000 }).toEqual([1, 2]);
    await target.send(slowCall(4, 0));
    await expect.poll(() => answered.includes(4), { timeout: 5_000 }).toBe(true);
  } finally {
    await target.close();
  }
});
