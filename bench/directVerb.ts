// What `mcp-inspect call echo` and `mcp-inspect tools` do, done by a bare SDK v2 client: spawn the
// server over the SDK's stdio transport, connect in the era asked, call or list, print the text,
// close. The verbs bench bundles this with esbuild as the CLI is bundled, and launches it as a
// process, so both figures include Node's start and their module loading.
//   node directVerb.mjs <legacy|modern> <call|tools> <server.js>
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/**
 * The SDK probes server/discover on a short-lived sibling process when given its own stdio
 * transport exactly, and in place for a subclass: a subclass is the cheaper of the two, and what
 * the CLI does too (one process, probed in place).
 */
class InPlaceStdio extends StdioClientTransport {}

const [era = 'legacy', verb = 'call', server = ''] = process.argv.slice(2);
const client = new Client(
  { name: 'direct-sdk-bench', version: '0' },
  { versionNegotiation: era === 'modern' ? { mode: { pin: '2026-07-28' } } : { mode: 'legacy' } },
);
await client.connect(new InPlaceStdio({ command: process.execPath, args: [server], stderr: 'ignore' }));
if (verb === 'tools') {
  const { tools } = await client.listTools();
  process.stdout.write(`${tools.map((tool) => tool.name).join('\n')}\n`);
} else {
  const result = await client.callTool({ name: 'echo', arguments: { message: 'hi' } });
  const [block] = result.content as { type: string; text?: string }[];
  process.stdout.write(`${block?.text ?? ''}\n`);
}
await client.close();
