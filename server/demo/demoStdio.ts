// The demo over stdio, in both eras: serveStdio pins each connection to the era its first message
// asks for (an `initialize` handshake or a modern `server/discover` / enveloped request) and builds
// the instance for it from the factory. stdout carries only protocol messages; diagnostics go to
// stderr.
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createDemoServer, followChanges } from './createDemoServer.js';
import { DemoState } from './demoState.js';

export function serveDemoStdio(): void {
  const state = new DemoState();
  const wire = new StdioServerTransport();
  const handle = serveStdio(
    ({ era }) => {
      const server = createDemoServer(state, era);
      // One client per process, but the instance still has to hear about changes its own calls
      // make (toggle_bonus_tool, add_note), which go through the shared state.
      followChanges(server, state);
      return server;
    },
    {
      legacy: 'serve',
      transport: wire,
      onerror: (error) => process.stderr.write(`demo server: ${error.message}\n`),
    },
  );

  let closing = false;
  const shutdown = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    // Closing aborts in-flight handlers such as slow_count; exiting afterwards also drops timers
    // that running tasks hold, so the process never outlives its client.
    await handle.close().catch(() => undefined);
    process.exit(0);
  };
  // The transport closes itself when stdin ends (the client went away); serveStdio set its own
  // onclose when it started, so chain onto it.
  const onWireClose = wire.onclose;
  wire.onclose = () => {
    onWireClose?.();
    void shutdown();
  };
  // EPIPE when the client has gone away: nothing left to talk to.
  process.stdout.on('error', () => void shutdown());
  process.stderr.write('mcp-inspect demo server ready\n');
}
