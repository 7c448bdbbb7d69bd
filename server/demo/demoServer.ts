// Entry point of the bundled demo server.
//   node dist/server/demo/demoServer.js                      stdio, both protocol eras
//   node dist/server/demo/demoServer.js --http [--port N]    Streamable HTTP on 127.0.0.1, both eras
import { parseArgs } from 'node:util';
import { preloadSchemas } from '@modelcontextprotocol/server';
import { serveDemoStdio } from './demoStdio.js';

const { values } = parseArgs({
  options: { http: { type: 'boolean', default: false }, port: { type: 'string' } },
  strict: true,
});

if (values.http) {
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a port number, got ${values.port}\n`);
    process.exit(2);
  }
  // Imported only here: the HTTP stack (@modelcontextprotocol/node, Hono's adapter) reads
  // fetch's globals as it loads, which makes Node load its fetch implementation, ~25 ms of CPU
  // that a stdio start (every run of mcp-inspect with no arguments) does not need.
  const { serveDemoHttp } = await import('./demoHttp.js');
  try {
    const { url } = await serveDemoHttp({ port });
    process.stderr.write(`mcp-inspect demo server listening on ${url}\n`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(
      code === 'EADDRINUSE'
        ? `port ${port} on 127.0.0.1 is taken: choose another with --port (0 picks a free one)\n`
        : `could not listen on 127.0.0.1:${port}: ${(error as Error).message}\n`,
    );
    process.exit(1);
  }
} else {
  serveDemoStdio();
}
// The SDK builds its wire schemas on the first message: 60–130 ms in front of the first answer
// (measured, spawn then server/discover 1.5 s later), against 13–26 ms once built. Under
// mcp-inspect the demo waits idle for the page while the bridge loads, so they are built then;
// setImmediate runs after any input already waiting is read, so a first message that is already
// there is answered first.
setImmediate(preloadSchemas);
