// A legacy (SDK v1) stdio server that accepts nothing before initialize: it exits on any other
// first message, as some servers do, so a server/discover probe ends it. For the page's session
// tests of the era fallback (inspectorSession.test.ts).
import process from 'node:process';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'strict-legacy', version: '1.0.0' });
server.registerPrompt('first', { description: 'first' }, () => ({ messages: [] }));
const transport = new StdioServerTransport();
await server.connect(transport);
const handle = transport.onmessage;
let first = true;
transport.onmessage = (message, extra) => {
  if (first && message.method !== 'initialize') process.exit(3);
  first = false;
  handle?.(message, extra);
};
