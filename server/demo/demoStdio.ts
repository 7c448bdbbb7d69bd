// The demo over stdio, in both eras: serveStdio pins each connection to the era its first message
// asks for (an `initialize` handshake, or a modern `server/discover` / enveloped request) and builds
// the instance for it from the factory. stdout carries only protocol messages; diagnostics go to
// stderr.
import type { Transport } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { createDemoServer, followChanges } from './createDemoServer.js';
import { DemoState } from './demoState.js';

/** Serves one demo connection over `transport` (tests pass an in-memory one). */
export function serveDemoConnection(transport: Transport, state = new DemoState()): StdioServerHandle {
  return serveStdio(
    ({ era }) => {
      const server = createDemoServer(state, era);
      // One client per connection, but the instance still has to hear about changes its own calls
      // make (toggle_bonus_tool, add_note), which go through the shared state.
      followChanges(server, state);
      return server;
    },
    {
      legacy: 'serve',
      transport,
      onerror: (error) => process.stderr.write(`demo server: ${error.message}\n`),
    },
  );
}

/** Serves the demo on this process's stdin and stdout, and exits when the client goes away. */
export function serveDemoStdio(): void {
  const wire = new StdioServerTransport();
  const handle = serveDemoConnection(wire);

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
