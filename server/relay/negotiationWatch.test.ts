import { Client, InMemoryTransport, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import type { EraChoice } from '../../shared/eras.js';
import { isRequest, responseIdOf } from '../../shared/jsonRpcShape.js';
import { NegotiationWatch } from './negotiationWatch.js';

// The terminal's account of the negotiation, read from the frames of a real SDK client talking
// to real SDK servers under each era choice, as the bridge sees them pass.

function v2Server(legacy: 'serve' | 'reject'): Transport {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = () => {
    const mcp = new McpServer({ name: 'v2', version: '2.0.0', title: 'The v2 server' });
    mcp.registerTool('noop', { description: 'Does nothing.' }, () => ({ content: [] }));
    return mcp;
  };
  serveStdio(server, { transport: serverSide, legacy });
  return clientSide;
}

async function v1Server(): Promise<Transport> {
  const [clientSide, serverSide] = InMemoryTransportV1.createLinkedPair();
  await new McpServerV1({ name: 'v1', version: '1.0.0' }).connect(serverSide);
  return clientSide as unknown as Transport;
}

/** The transport with the watch looking at what passes, as the bridge's relay does. */
function watched(transport: Transport, watch: NegotiationWatch): Transport {
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options) => {
    if (isRequest(message)) watch.pageRequest(message.id, message.method, message);
    return send(message, options);
  };
  // The SDK sets its handler more than once (the era probe has its own): wrap whichever is set.
  let handler: Transport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    get: () =>
      handler &&
      ((message: JSONRPCMessage, extra?: unknown) => {
        const id = responseIdOf(message);
        if (id !== undefined) watch.response(id, message);
        (handler as (m: JSONRPCMessage, e?: unknown) => void)(message, extra);
      }),
    set: (value: Transport['onmessage']) => (handler = value),
  });
  return transport;
}

async function terminalLines(era: EraChoice, server: Transport): Promise<string[]> {
  const lines: string[] = [];
  const watch = new NegotiationWatch(
    () => era,
    (line) => lines.push(line),
  );
  const mode = era === 'legacy' ? 'legacy' : era === 'modern' ? { pin: '2026-07-28' } : 'auto';
  const client = new Client({ name: 'page', version: '1' }, { versionNegotiation: { mode } });
  const connected = await client.connect(watched(server, watch)).then(
    () => true,
    () => false,
  );
  // A modern session names its version on the first request after discover.
  if (connected && client.getProtocolEra() === 'modern') await client.listTools();
  await client.close();
  return lines;
}

describe("the terminal's negotiation line", () => {
  it('names the modern era, its version and the server', async () => {
    expect(await terminalLines('auto', v2Server('serve'))).toEqual([
      '● modern era: protocol 2026-07-28 with The v2 server 2.0.0',
    ]);
  });

  it('says the fallback of a legacy server as information, then the era', async () => {
    const lines = await terminalLines('auto', await v1Server());
    expect(lines[0]).toMatch(/^ℹ server\/discover is not served/);
    expect(lines.at(-1)).toMatch(/^● legacy era: protocol 2025-\d\d-\d\d with v1 1\.0\.0$/);
    expect(lines.join('\n')).not.toContain('✖');
  });

  it('says the legacy era when asked for it', async () => {
    expect(await terminalLines('legacy', v2Server('serve'))).toEqual([
      expect.stringMatching(/^● legacy era: protocol 2025-11-25 with The v2 server 2\.0\.0$/),
    ]);
  });

  it('says in plain words that a legacy server does not speak the modern era asked for', async () => {
    const [line] = await terminalLines('modern', await v1Server());
    expect(line).toMatch(/^✖ the server does not speak the modern era .* --era modern/);
    expect(line).toContain('--era auto');
  });

  it('says in plain words that a modern-only server refuses initialize, and what it speaks', async () => {
    const [line] = await terminalLines('legacy', v2Server('reject'));
    expect(line).toMatch(
      /^✖ the server refused the legacy era's initialize \(error -32022.*it speaks 2026-07-28/,
    );
  });
});
