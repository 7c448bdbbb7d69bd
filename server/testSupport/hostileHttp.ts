import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

/**
 * Hostile HTTP servers for the attack tests of URL targets: a real loopback listener (node:http,
 * in the test's process) that records what it was sent, and an MCP server written with the SDK
 * whose `attack` tool is answered by the test's handler instead, so everything but the attack
 * is the real protocol.
 */

/** One request as the listener got it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface Listener {
  port: number;
  /** `http://127.0.0.1:<port><path>`. */
  url(path?: string): string;
  /** Every request it got, oldest first. */
  seen: SeenRequest[];
  /** Stops listening and drops every connection, even the ones it never answered. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (a free port) and answers with `handler`. */
export async function listen(handler: RequestListener): Promise<Listener> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: (path = '/mcp') => `http://127.0.0.1:${port}${path}`,
    seen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What the attack is given: the request (its body already read) and the response to play it on. */
export type Attack = (res: ServerResponse, req: IncomingMessage, message: { id?: unknown }) => void;

/**
 * An MCP server over Streamable HTTP (SDK v2, serving the 2025 and 2026 eras) with an `echo`
 * tool; a `tools/call` of the tool `attack` goes to `attack` instead of the SDK.
 */
export function mcpWithAttack(attack: Attack): RequestListener {
  const handler = createMcpHandler(() => {
    const server = new McpServer(
      { name: 'hostile-fixture', version: '1.0.0' },
      { capabilities: { tools: {} } },
    );
    server.registerTool(
      'echo',
      { description: 'Returns the message as text.', inputSchema: z.object({ message: z.string() }) },
      ({ message }) => ({ content: [{ type: 'text', text: message }] }),
    );
    return server;
  });
  const serve = toNodeHandler(handler, { maxRequestBodySize: 64 * 1024 * 1024 });
  return (req, res) => {
    if (req.method !== 'POST') {
      void serve(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let message: { id?: unknown; method?: unknown; params?: { name?: unknown } } | undefined;
      try {
        message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof message;
      } catch {
        message = undefined;
      }
      if (message?.method === 'tools/call' && message.params?.name === 'attack') attack(res, req, message);
      else void serve(req, res, message);
    });
  };
}

/**
 * Writes `chunk` again and again for as long as the peer reads, up to `totalBytes` (Infinity: for
 * ever), then ends; stops when the peer goes away. What a server that streams without end does.
 */
export function pour(res: ServerResponse, chunk: Buffer, totalBytes = Infinity): void {
  let sent = 0;
  const more = (): void => {
    while (sent < totalBytes && !res.destroyed) {
      const piece = totalBytes - sent >= chunk.length ? chunk : chunk.subarray(0, totalBytes - sent);
      sent += piece.length;
      if (!res.write(piece)) {
        res.once('drain', more);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  res.on('close', () => res.off('drain', more));
  more();
}

/** `id` as a JSON-RPC result of `tools/call` would start: the head of an answer that never ends. */
export function resultHead(id: unknown): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`;
}
