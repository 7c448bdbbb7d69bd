// What `mcp-inspect load echo --concurrency C --requests N` does, done by a bare SDK v2 client:
// spawn the demo server over the SDK's stdio transport, connect in the era asked, make N echo
// calls with C in flight, print {"completed","elapsedMs"} for the calls alone, close. The load
// bench bundles it with esbuild as the CLI is bundled and runs it as a process beside the CLI.
//   node directLoad.mjs <legacy|modern> <server.js> <concurrency> <requests>
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** As directVerb.ts: a subclass is probed in place, as the CLI's transport is. */
class InPlaceStdio extends StdioClientTransport {}

const [era = 'legacy', server = '', concurrencyText = '8', requestsText = '1000'] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const requests = Number(requestsText);
const client = new Client(
  { name: 'direct-sdk-load-bench', version: '0' },
  { versionNegotiation: era === 'modern' ? { mode: { pin: '2026-07-28' } } : { mode: 'legacy' } },
);
await client.connect(new InPlaceStdio({ command: process.execPath, args: [server], stderr: 'ignore' }));
let started = 0;
let completed = 0;
const begin = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (started < requests) {
      started += 1;
      await client.callTool({ name: 'echo', arguments: { message: 'hi' } });
      completed += 1;
    }
  }),
);
const elapsedMs = performance.now() - begin;
process.stdout.write(`${JSON.stringify({ completed, elapsedMs })}\n`);
await client.close();
