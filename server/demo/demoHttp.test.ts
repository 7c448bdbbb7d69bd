// The demo's Streamable HTTP mode: one loopback endpoint serving a 2025-era client with a session
// and a 2026-07-28 client without one, in the same process.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoHttpServer, serveDemoHttp } from './demoHttp.js';

let demo: DemoHttpServer;
beforeAll(async () => {
  demo = await serveDemoHttp({ port: 0 });
});
afterAll(async () => {
  await demo.close();
});

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

function postStatus(url: URL, headers: Record<string, string>): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('error', reject).end('{}');
  });
}

function modernClient(): Client {
  return new Client({ name: 'auto', version: '1' }, { versionNegotiation: { mode: 'auto' } });
}

describe('the demo over Streamable HTTP', () => {
  it('listens on 127.0.0.1 at /mcp only, and refuses a foreign Host', async () => {
    const url = new URL(demo.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/mcp');
    expect((await fetch(new URL('/other', url))).status).toBe(404);
    // A page on another site that reaches this port through DNS rebinding sends its own Host
    // (which fetch will not set, hence node:http), and its own Origin.
    expect(await postStatus(url, { host: 'evil.example' })).toBe(403);
    expect(await postStatus(url, { origin: 'http://evil.example' })).toBe(403);
  });

  it('gives a v1 SDK client a session, in which book_table asks it for input', async () => {
    const client = new V1Client(
      { name: 'v1', version: '1' },
      { capabilities: { elicitation: {}, sampling: {} } },
    );
    client.setRequestHandler(ElicitRequestSchema, () => ({
      action: 'accept',
      content: { name: 'Ada', seats: 2 },
    }));
    client.setRequestHandler(CreateMessageRequestSchema, () => ({
      role: 'assistant',
      model: 'test-model',
      content: { type: 'text', text: 'Welcome!' },
    }));
    const transport = new V1HttpTransport(new URL(demo.url));
    await client.connect(transport);

    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(demo.legacySessions.size).toBe(1);
    expect((await client.callTool({ name: 'book_table', arguments: {} })).content).toEqual([
      {
        type: 'text',
        text: 'Booked a table for 2 at Chez MCP under the name Ada.\nWelcome line (from test-model): Welcome!',
      },
    ]);

    // DELETE ends the session on the server too.
    await transport.terminateSession();
    expect(demo.legacySessions.size).toBe(0);
    await client.close();
  });

  it('runs a 2025 task for a v1 client over its session', async () => {
    const client = new V1Client({ name: 'v1', version: '1' });
    const transport = new V1HttpTransport(new URL(demo.url));
    await client.connect(transport);

    const types: string[] = [];
    for await (const message of client.experimental.tasks.callToolStream(
      { name: 'long_task', arguments: { steps: 2, stepMs: 10 } },
      CallToolResultSchema,
      { task: { ttl: 60_000 } },
    )) {
      types.push(
        message.type === 'result' ? `result: ${JSON.stringify(message.result.content)}` : message.type,
      );
    }
    expect(types[0]).toBe('taskCreated');
    expect(types.at(-1)).toBe('result: [{"type":"text","text":"Counted all 2 steps."}]');
    await transport.terminateSession();
    await client.close();
  });

  it('serves a v2 client in auto mode in the modern era, mirroring region into Mcp-Param-Region', async () => {
    const client = modernClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));

    expect(client.getProtocolEra()).toBe('modern');
    // The client learns from tools/list which arguments to mirror into headers.
    await client.listTools();
    const result = await client.callTool({ name: 'region_status', arguments: { region: 'eu-west' } });
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'Region eu-west: all systems normal (made up).\nMcp-Param-Region header: eu-west',
      },
    ]);
    await client.close();
  });

  it('refuses an Mcp-Param-Region header that disagrees with the body, with -32020', async () => {
    const response = await fetch(demo.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'region_status',
        'mcp-param-region': 'us-east',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'region_status', arguments: { region: 'eu-west' }, _meta: MODERN_META },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ id: 1, error: { code: -32020 } });
  });

  it('tells a modern client about list changes on its subscriptions/listen stream', async () => {
    const client = modernClient();
    const seen: string[] = [];
    client.setNotificationHandler('notifications/tools/list_changed', () => void seen.push('tools'));
    await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));
    const subscription = await client.listen({ toolsListChanged: true });

    await client.callTool({ name: 'toggle_bonus_tool', arguments: {} });
    await expect.poll(() => seen).toEqual(['tools']);
    // A fresh per-request instance lists what the shared state says.
    expect((await client.listTools(undefined, { cacheMode: 'bypass' })).tools.at(-1)?.name).toBe('bonus');
    await client.callTool({ name: 'toggle_bonus_tool', arguments: {} });
    await subscription.close();
    await client.close();
  });

  it('leaves no listeners behind from per-request modern instances', async () => {
    const before = demo.state.listenerCount;
    const client = modernClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));
    for (let i = 0; i < 5; i++) await client.callTool({ name: 'echo', arguments: { message: `${i}` } });
    await client.close();
    expect(demo.state.listenerCount).toBe(before);
  });
});
