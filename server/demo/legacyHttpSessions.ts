// The 2025-era leg of the demo's HTTP endpoint, with sessions. createMcpHandler's own legacy
// fallback ('stateless') answers each legacy request from a fresh instance, so a tool that needs
// the client mid-call (elicitation, sampling: book_table) has nowhere to send its request and no
// initialize-declared capabilities to check. A session per `initialize`, as 2025-era servers do,
// keeps one instance and one transport per client: server→client requests, logging/setLevel and
// list_changed on the GET stream all work.
import { randomUUID } from 'node:crypto';
import { type McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

export class LegacyHttpSessions {
  private readonly sessions = new Map<
    string,
    { transport: WebStandardStreamableHTTPServerTransport; server: McpServer }
  >();

  constructor(private readonly createServer: () => McpServer) {}

  /** Serves one legacy HTTP request: a new session on `initialize`, otherwise the named session. */
  async fetch(request: Request): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const session = this.sessions.get(sessionId);
      // The 2025 transport spec: an unknown or ended session gets 404, and the client starts over.
      if (!session) return jsonRpcError(404, -32001, 'Session not found');
      return session.transport.handleRequest(request);
    }

    const server = this.createServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void this.sessions.set(id, { transport, server }),
      // DELETE from the client ends the session.
      onsessionclosed: (id) => void this.close(id),
    });
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    // Anything but an initialize without a session is refused by the transport (400); the instance
    // built for it has nothing to serve.
    if (transport.sessionId === undefined) await server.close().catch(() => undefined);
    return response;
  }

  /** How many sessions are open, for tests. */
  get size(): number {
    return this.sessions.size;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }

  private async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    await session.server.close().catch(() => undefined);
  }
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', id: null, error: { code, message } }, { status });
}
