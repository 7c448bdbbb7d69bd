// A text resource, a binary resource and a template, which between them cover every shape
// resources/list, resources/templates/list and resources/read can take.
import { type McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import { README_CACHE_HINT } from './cacheHints.js';
import type { DemoState } from './demoState.js';
import {
  README_DESCRIPTION,
  README_MARKDOWN,
  README_MIME_TYPE,
  README_URI,
  SWATCH_SIZE,
  SWATCH_URI,
  swatchPng,
} from './fixtures.js';

const noteUri = (id: string): string => `demo://notes/${id}`;

export function registerResources(server: McpServer, state: DemoState): void {
  const { notes } = state;
  server.registerResource(
    'readme',
    README_URI,
    {
      title: 'Demo README',
      description: README_DESCRIPTION,
      mimeType: README_MIME_TYPE,
      // Fixed text: its own hint, longer and shareable, beats the server-wide resources/read one.
      cacheHint: README_CACHE_HINT,
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: README_MIME_TYPE, text: README_MARKDOWN }] }),
  );

  server.registerResource(
    'swatch',
    SWATCH_URI,
    {
      title: 'Colour swatch',
      description: `A ${SWATCH_SIZE}x${SWATCH_SIZE} gradient PNG, served as a base64 blob.`,
      mimeType: 'image/png',
      size: swatchPng().length,
    },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'image/png', blob: swatchPng().toString('base64') }],
    }),
  );

  server.registerResource(
    'note',
    new ResourceTemplate('demo://notes/{id}', {
      // Listing the concrete notes puts them in resources/list next to the static resources.
      list: () => ({
        resources: notes.ids().map((id) => ({
          uri: noteUri(id),
          name: `note-${id}`,
          title: `Note ${id}`,
          mimeType: 'text/plain',
        })),
      }),
      complete: { id: (value) => notes.ids().filter((id) => id.startsWith(value)) },
    }),
    {
      title: 'Note',
      description: 'An in-memory note; add_note and delete_note change which ids exist.',
      mimeType: 'text/plain',
    },
    (uri, variables) => {
      // A template variable can match a list in RFC 6570; this template only ever yields one.
      const id = String(variables.id);
      const text = notes.get(id);
      if (text === undefined) {
        // The SDK sends it as -32602 with data.uri in both eras: 2026-07-28 requires that code
        // for an unknown resource (the v1 demo sent -32002).
        throw new ResourceNotFoundError(uri.href, `Note ${id} not found`);
      }
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text }] };
    },
  );
}
