// Builds the demo server without connecting it, so tests can drive it over any transport.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { NoteStore } from './notes.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { registerTools } from './tools.js';

const INSTRUCTIONS = `# mcp-inspect demo server

A fixture server for trying out mcp-inspect. Nothing here touches the network or the disk.

- **Tools**: one per content type (\`echo\`, \`get_json\`, \`render_image\`, \`play_tone\`,
  \`link_resource\`, \`embed_text_resource\`, \`embed_blob_resource\`), structured output
  (\`get_weather\`), errors (\`fail\`), progress and cancellation (\`slow_count\`), in-memory notes
  (\`add_note\`, \`delete_note\`), \`tools/list_changed\` (\`toggle_bonus_tool\`) and logging
  (\`log_message\`).
- **Resources**: \`demo://docs/readme\`, \`demo://images/swatch.png\` and the
  \`demo://notes/{id}\` template.
- **Prompts**: \`review_code\` (with language completion) and \`greeting\`.`;

export function createDemoServer(): McpServer {
  const server = new McpServer(
    { name: 'mcp-inspect-demo', version: '1.0.0', title: 'mcp-inspect demo server' },
    {
      instructions: INSTRUCTIONS,
      // Declared up front because toggle_bonus_tool registers a tool after connect(), when the
      // SDK can no longer add capabilities.
      capabilities: { tools: { listChanged: true }, resources: {}, prompts: {}, logging: {} },
    },
  );
  const notes = new NoteStore();
  registerTools(server, notes);
  registerResources(server, notes);
  registerPrompts(server);
  return server;
}
