// Entry point: `node dist/server/demo/demoServer.js` speaks MCP over stdio. stdout carries only
// protocol messages, so every diagnostic goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDemoServer } from './createDemoServer.js';

const server = createDemoServer();

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  // close() aborts in-flight handlers such as slow_count; exiting afterwards also drops any
  // timers they left, so the process never outlives its client.
  await server.close().catch(() => undefined);
  process.exit(0);
}

// StdioServerTransport does not watch for EOF, so without this the process would keep running
// after the client closes stdin.
process.stdin.once('end', () => void shutdown());
process.stdin.once('close', () => void shutdown());
// EPIPE when the client has gone away: nothing left to talk to.
process.stdout.on('error', () => void shutdown());

await server.connect(new StdioServerTransport());
process.stderr.write('mcp-inspect demo server ready\n');
