// The demo over Streamable HTTP, in both eras, on 127.0.0.1 only. Modern (2026-07-28) requests go to
// the SDK's createMcpHandler, which builds an instance per request; 2025-era traffic (initialize,
// then a session) goes to LegacyHttpSessions. isLegacyRequest is the SDK's own routing test, so the
// two legs can never disagree about a request's era.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  localhostHostValidation,
  localhostOriginValidation,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { createDemoServer, followChanges } from './createDemoServer.js';
import { DemoState } from './demoState.js';
import { LegacyHttpSessions } from './legacyHttpSessions.js';

export const DEMO_HTTP_PATH = '/mcp';

export type DemoHttpServer = {
  url: string;
  state: DemoState;
  legacySessions: LegacyHttpSessions;
  close(): Promise<void>;
};

export async function serveDemoHttp(options: { port?: number } = {}): Promise<DemoHttpServer> {
  const state = new DemoState();
  const onerror = (error: Error): void => void process.stderr.write(`demo server: ${error.message}\n`);

  // legacy: 'reject' because 2025-era traffic never reaches this handler: it is routed below.
  const modern = createMcpHandler(({ era }) => createDemoServer(state, era), { legacy: 'reject', onerror });
  const legacySessions = new LegacyHttpSessions(() => {
    const server = createDemoServer(state, 'legacy');
    followChanges(server, state);
    return server;
  });
  // Modern instances live for one request, so they cannot announce changes themselves: the
  // handler publishes them to every open subscriptions/listen stream instead.
  state.onChange((change) =>
    change === 'tools' ? modern.notify.toolsChanged() : modern.notify.resourcesChanged(),
  );

  const serve = toNodeHandler(
    {
      fetch: async (request) =>
        (await isLegacyRequest(request)) ? legacySessions.fetch(request) : modern.fetch(request),
    },
    { onerror },
  );
  // DNS rebinding protection: a web page must not be able to reach this loopback server.
  const validHost = localhostHostValidation();
  const validOrigin = localhostOriginValidation();

  const server = createServer((req, res) => {
    if (!validHost(req, res) || !validOrigin(req, res)) return;
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== DEMO_HTTP_PATH) {
      res
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`Not found: the MCP endpoint is ${DEMO_HTTP_PATH}\n`);
      return;
    }
    void serve(req, res);
  });
  await listen(server, options.port ?? 0);
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${DEMO_HTTP_PATH}`,
    state,
    legacySessions,
    close: async () => {
      await Promise.all([modern.close(), legacySessions.closeAll()]);
      // Open SSE streams would keep close() waiting forever.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: the demo has no authentication.
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
