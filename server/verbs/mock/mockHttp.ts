import { randomUUID } from 'node:crypto';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { ReplayBook } from '../../../shared/recording/replayBook.js';
import { listenLoopbackMcp } from '../../loopback/loopbackMcpListener.js';
import { MockSession, type MockLog } from './mockSession.js';

export const MOCK_HTTP_PATH = '/mcp';

/**
 * The mock over Streamable HTTP on 127.0.0.1, through the SDK's server transport (the framing,
 * sessions and SSE streams are the SDK's; the answers are the recording's). An `initialize` opens
 * a legacy session (Mcp-Session-Id), whose requests go to it; any other request without a session
 * is served on its own, as a modern (sessionless) server serves every request. Notifications
 * travel on the stream of the request they followed.
 */
export async function serveMockHttp(
  book: ReplayBook,
  options: { port: number; speed: number; log: MockLog },
): Promise<{ url: string; close(): Promise<void> }> {
  const sessions = new Map<
    string,
    { transport: WebStandardStreamableHTTPServerTransport; session: MockSession }
  >();
  // The transport checks MCP-Protocol-Version against these: the recording's own version is one.
  const supportedProtocolVersions = [
    ...new Set([...SUPPORTED_PROTOCOL_VERSIONS, ...(book.protocolVersion ? [book.protocolVersion] : [])]),
  ];
  const open = (sessionIdGenerator: (() => string) | undefined) => {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator,
      supportedProtocolVersions,
      ...(sessionIdGenerator
        ? {
            onsessioninitialized: (id: string) => void sessions.set(id, { transport, session }),
          }
        : {}),
    });
    const session = new MockSession(
      book,
      options.speed,
      (message, relatedTo) =>
        void transport
          .send(message, relatedTo === undefined ? undefined : { relatedRequestId: relatedTo })
          .catch(() => undefined),
      options.log,
    );
    transport.onmessage = (message) => session.handle(message);
    transport.onclose = () => {
      session.close();
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    return transport;
  };

  const handle = toNodeHandler({
    fetch: async (request: Request) => {
      const sessionId = request.headers.get('mcp-session-id');
      if (sessionId) {
        const known = sessions.get(sessionId);
        if (!known)
          return Response.json(
            { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } },
            { status: 404 },
          );
        return known.transport.handleRequest(request);
      }
      const body: unknown =
        request.method === 'POST'
          ? await request
              .clone()
              .json()
              .catch(() => undefined)
          : undefined;
      const initialize = (body as { method?: unknown } | undefined)?.method === 'initialize';
      const transport = open(initialize && book.era === 'legacy' ? () => randomUUID() : undefined);
      await transport.start();
      return transport.handleRequest(request);
    },
  });
  // Loopback only: a recording may hold what its session saw, and the mock asks for no credentials.
  const listener = await listenLoopbackMcp(MOCK_HTTP_PATH, options.port, (req, res) => void handle(req, res));
  return {
    url: listener.url,
    close: async () => {
      await Promise.all(
        [...sessions.values()].map(({ transport }) => transport.close().catch(() => undefined)),
      );
      await listener.close();
    },
  };
}
