// Builds one demo McpServer without connecting it. The serving entries (stdio, HTTP) call this per
// connection, session or request; everything the calls change lives in the shared DemoState.
import { McpServer } from '@modelcontextprotocol/server';
import { syncBonusTool } from './bonusTool.js';
import { DEMO_CACHE_HINTS } from './cacheHints.js';
import type { DemoState } from './demoState.js';
import { registerPrompts } from './prompts.js';
import { REQUEST_STATE_OPTIONS } from './requestState.js';
import { registerResources } from './resources.js';
import { LEGACY_TASKS_CAPABILITIES } from './tasks/legacyTasks.js';
import { MODERN_TASKS_CAPABILITIES } from './tasks/modernTasks.js';
import { DEMO_SKILLS } from './skills.js';
import { registerTools } from './tools.js';

/** The protocol era an instance serves, as the SDK's serving entries name it. */
export type DemoEra = 'legacy' | 'modern';

const INSTRUCTIONS = `# mcp-inspect demo server

A fixture server for trying out mcp-inspect. Nothing here touches the network or the disk. It
speaks both protocol eras: the 2025-11-25 \`initialize\` handshake and 2026-07-28 (\`server/discover\`).

- **Tools**: one per content type (\`echo\`, \`get_json\`, \`render_image\`, \`play_tone\`,
  \`link_resource\`, \`embed_text_resource\`, \`embed_blob_resource\`), structured output
  (\`get_weather\`), errors (\`fail\`), progress and cancellation (\`slow_count\`), in-memory notes
  (\`add_note\`, \`delete_note\`), \`tools/list_changed\` (\`toggle_bonus_tool\`), logging
  (\`log_message\`), an elicitation round then a sampling round (\`book_table\`), a task
  (\`long_task\`), an \`x-mcp-header\` argument (\`region_status\`) and an MCP App
  (\`weather_dashboard\`, whose app calls the app-only \`weather_refresh\`).
- **Resources**: \`demo://docs/readme\`, \`demo://images/swatch.png\`, the
  \`demo://notes/{id}\` template and the app's \`ui://mcp-inspect-demo/weather-dashboard.html\`.
- **Prompts**: \`review_code\` (with language completion) and \`greeting\`.
- **Skills** (\`io.modelcontextprotocol/skills\`): \`skill://greeting-style/SKILL.md\` and
  \`skill://release-notes/SKILL.md\`, whose \`templates/\` directory is readable with
  \`resources/directory/read\`.`;

export const DEMO_SERVER_INFO = {
  name: 'mcp-inspect-demo',
  version: '1.0.0',
  title: 'mcp-inspect demo server',
};

export function createDemoServer(state: DemoState, era: DemoEra = 'legacy'): McpServer {
  const server = new McpServer(DEMO_SERVER_INFO, {
    instructions: INSTRUCTIONS,
    capabilities: {
      // Declared up front because the bonus tool is registered after connect(), when the SDK can
      // no longer add capabilities.
      tools: { listChanged: true },
      resources: { listChanged: true },
      prompts: {},
      logging: {},
      // Tasks are declared differently per era: a core capability in 2025-11-25, an extension
      // since 2026-07-28.
      ...(era === 'legacy' ? LEGACY_TASKS_CAPABILITIES : MODERN_TASKS_CAPABILITIES),
    },
    cacheHints: DEMO_CACHE_HINTS,
    // book_table and long_task carry signed state between rounds; the SDK verifies it first.
    requestState: REQUEST_STATE_OPTIONS,
  });
  registerTools(server, state, era);
  registerResources(server, state);
  registerPrompts(server);
  // Skills (SEP-2640): skills/list, skills/get, resources/directory/read and the skill:// files.
  DEMO_SKILLS.attach(server);
  // Last, so `bonus` is at the end of tools/list whether it was listed before or after connect.
  syncBonusTool(server, state);
  return server;
}

/**
 * Keeps a long-lived instance (a stdio connection, a legacy HTTP session) in step with changes other
 * calls make: it adds or removes its `bonus` tool and announces new notes, and the SDK turns that
 * into list_changed notifications for its client. Stops following when the instance closes.
 */
export function followChanges(server: McpServer, state: DemoState): void {
  const unsubscribe = state.onChange((change) => {
    if (change === 'tools') syncBonusTool(server, state);
    else server.sendResourceListChanged();
  });
  const previous = server.server.onclose;
  server.server.onclose = () => {
    unsubscribe();
    previous?.();
  };
}
