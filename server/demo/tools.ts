// One entry point for all demo tools. Registration order is the order tools/list returns, which
// the end-to-end tests rely on, so new tools go at the end.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerBehaviourTools } from './behaviourTools.js';
import { registerContentTools } from './contentTools.js';
import { registerNoteTools } from './noteTools.js';
import type { NoteStore } from './notes.js';

export function registerTools(server: McpServer, notes: NoteStore): void {
  registerContentTools(server);
  registerNoteTools(server, notes);
  registerBehaviourTools(server);
}
