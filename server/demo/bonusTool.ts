// The `bonus` tool that toggle_bonus_tool adds and removes. Whether it is listed lives in DemoState;
// each McpServer instance mirrors that flag onto itself, because the SDK sends
// notifications/tools/list_changed when a connected instance registers or removes a tool.
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/server';
import type { DemoState } from './demoState.js';

// Per instance, so several instances (a probe and a connection, several sessions) never clash.
const bonusTools = new WeakMap<McpServer, RegisteredTool>();

/** Adds or removes this instance's `bonus` tool so it matches the shared flag. */
export function syncBonusTool(server: McpServer, state: DemoState): void {
  const bonus = bonusTools.get(server);
  if (state.bonusListed && !bonus) {
    const registered = server.registerTool(
      'bonus',
      {
        title: 'Bonus',
        description: 'Only listed after toggle_bonus_tool has added it.',
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      () => ({ content: [{ type: 'text', text: 'bonus!' }] }),
    );
    bonusTools.set(server, registered);
  } else if (!state.bonusListed && bonus) {
    bonus.remove();
    bonusTools.delete(server);
  }
}
