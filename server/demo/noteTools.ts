// Tools that change state, so the inspector can show the destructive/idempotent hints next to
// tools that really do destroy or add something.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import type { NoteStore } from './notes.js';

export function registerNoteTools(server: McpServer, notes: NoteStore): void {
  server.registerTool(
    'delete_note',
    {
      title: 'Delete a note',
      description: 'Deletes an in-memory note by id. Deleting a missing note is not an error.',
      inputSchema: { id: z.string().describe('Note id, e.g. "1"') },
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ id }) => {
      if (!notes.delete(id)) {
        return { content: [{ type: 'text', text: `Note ${id} does not exist; nothing deleted` }] };
      }
      // The notes template's list callback feeds resources/list, so that list just changed.
      server.sendResourceListChanged();
      return { content: [{ type: 'text', text: `Deleted note ${id}` }] };
    },
  );

  server.registerTool(
    'add_note',
    {
      title: 'Add a note',
      description: 'Adds an in-memory note and returns its id.',
      inputSchema: { text: z.string().min(1).describe('Note text') },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    ({ text }) => {
      const id = notes.add(text);
      server.sendResourceListChanged();
      return { content: [{ type: 'text', text: `Added note ${id}` }] };
    },
  );
}
