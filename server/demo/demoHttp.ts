// The demo over Streamable HTTP, in both eras, on 127.0.0.1 only. Modern (2026-07-28) requests go to
// the SDK's createMcpHandler, which builds an instance per request; 2025-era traffic (initialize,
// then a session) goes to LegacyHttpSessions. isLegacyRequest is the SDK's own routing test, so the
// two legs can never disagree about a request's era.
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { listenLoopbackMcp } from '../loopback/loopbackMcpListener.js';
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
  // Loopback only, Host and Origin checked: the demo has no authentication.
  const listener = await listenLoopbackMcp(
    DEMO_HTTP_PATH,
    options.port ?? 0,
    (req, res) => void serve(req, res),
  );

  return {
    url: listener.url,
    state,
    legacySessions,
    close: async () => {
      await Promise.all([modern.close(), legacySessions.closeAll()]);
      await listener.close();
    },
  };
}
