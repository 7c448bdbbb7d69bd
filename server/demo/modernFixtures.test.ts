// The modern-only e2e fixtures refuse the 2025 handshake with -32022 and serve a 2026-07-28 client:
// over stdio (modernOnly.mjs) and over Streamable HTTP (modernOnlyHttp.mjs).
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { fixturePath as fixture } from '../testSupport/targets.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'legacy', version: '1' } },
};
const UNSUPPORTED = {
  jsonrpc: '2.0',
  id: 1,
  error: {
    code: -32022,
    message: 'Unsupported protocol version: 2025-11-25',
    data: { supported: ['2026-07-28'], requested: '2025-11-25' },
  },
};

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** A v2 client in auto mode: confirms the input_required round and records log levels. */
async function exercise(client: Client): Promise<{ confirmed: unknown; logged: string[] }> {
  const logged: string[] = [];
  client.setNotificationHandler(
    'notifications/message',
    (notification) => void logged.push(notification.params.level),
  );
  client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { confirm: true } }));
  expect(client.getProtocolEra()).toBe('modern');
  const confirmed = (await client.callTool({ name: 'confirm_action', arguments: { action: 'ship' } }))
    .content;
  // No log level on the request: no log messages at all.
  await client.callTool({ name: 'log_levels', arguments: {} });
  await client.callTool({
    name: 'log_levels',
    arguments: {},
    _meta: { 'io.modelcontextprotocol/logLevel': 'warning' },
  });
  return { confirmed, logged };
}

const modernClient = () =>
  new Client(
    { name: 'auto', version: '1' },
    { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: { form: {} } } },
  );

/** The first line on `stream`, read without closing it (the child may still write to it). */
function firstLine(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += String(chunk);
      if (!text.includes('\n')) return;
      stream.off('data', onData);
      resolve(text.slice(0, text.indexOf('\n')));
    };
    stream.on('data', onData).once('error', reject);
  });
}

describe('the modern-only fixtures', () => {
  it('over stdio: refuse initialize with -32022, and serve a modern client', async () => {
    const child = spawn(process.execPath, [fixture('modernOnly.mjs')], { stdio: ['pipe', 'pipe', 'ignore'] });
    children.push(child);
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
    expect(JSON.parse(await firstLine(child.stdout))).toEqual(UNSUPPORTED);

    const client = modernClient();
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [fixture('modernOnly.mjs')] }),
    );
    expect(await exercise(client)).toEqual({
      confirmed: [{ type: 'text', text: 'ship: confirmed' }],
      logged: ['warning', 'error'],
    });
    await client.close();
  });

  it('over HTTP: refuse initialize with -32022, and serve a modern client', async () => {
    const child = spawn(process.execPath, [fixture('modernOnlyHttp.mjs'), '--port', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    const url = /listening on (\S+)/.exec(await firstLine(child.stderr))?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

    const refused = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(INITIALIZE),
    });
    expect(await refused.json()).toEqual(UNSUPPORTED);

    const client = modernClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(await exercise(client)).toEqual({
      confirmed: [{ type: 'text', text: 'ship: confirmed' }],
      logged: ['warning', 'error'],
    });
    await client.close();
  });
});
