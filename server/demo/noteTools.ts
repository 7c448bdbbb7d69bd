// Tools that change state, so the inspector can show the destructive/idempotent hints next to
// tools that really do destroy or add something.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { DemoState } from './demoState.js';

export function registerNoteTools(server: McpServer, state: DemoState): void {
  server.registerTool(
    'delete_note',
    {
      title: 'Delete a note',
      description: 'Deletes an in-memory note by id. Deleting a missing note is not an error.',
      inputSchema: z.object({ id: z.string().max(20).describe('Note id, e.g. "1"') }),
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ id }) => {
      if (!state.notes.delete(id)) {
        return { content: [{ type: 'text', text: `Note ${id} does not exist; nothing deleted` }] };
      }
      // The notes template's list callback feeds resources/list, so that list just changed.
      state.notesChanged();
      return { content: [{ type: 'text', text: `Deleted note ${id}` }] };
    },
  );

  server.registerTool(
    'add_note',
    {
      title: 'Add a note',
      description: 'Adds an in-memory note and returns its id; an empty text is refused as invalid.',
      inputSchema: z.object({ text: z.string().min(1).max(10_000).describe('Note text') }),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    ({ text }) => {
      const id = state.notes.add(text);
      state.notesChanged();
      return { content: [{ type: 'text', text: `Added note ${id}` }] };
    },
  );
}
