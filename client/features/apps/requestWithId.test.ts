import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { requestWithId } from './requestWithId';

describe('requestWithId', () => {
  it('tells the JSON-RPC id the SDK client sent a request under, and leaves the transport as it was', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.registerTool('add', { inputSchema: z.object({ a: z.number(), b: z.number() }) }, ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(clientSide);
    const sent: unknown[] = [];
    const transport = client.transport!;
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      sent.push(message);
      return send(message, options);
    };
    const watched = transport.send;

    const { result, id } = requestWithId(client, () =>
      client.request({ method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } }),
    );
    expect(id).toBeTypeOf('number');
    expect((await result).content).toEqual([{ type: 'text', text: '5' }]);
    expect(sent).toContainEqual(expect.objectContaining({ id, method: 'tools/call' }));
    expect(transport.send).toBe(watched);
    await client.close();
  });
});
