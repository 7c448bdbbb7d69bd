// Content shared by the resources and by the tools that link to or embed them; keeping one copy
// guarantees an embedded resource is byte-identical to what resources/read returns.
import { gradientPng } from './media.js';

export const README_URI = 'demo://docs/readme';
export const README_MIME_TYPE = 'text/markdown';
export const README_DESCRIPTION = 'What the mcp-inspect demo server offers, in markdown.';
export const README_MARKDOWN = [
  '# mcp-inspect demo server',
  '',
  'A small MCP server bundled with mcp-inspect so there is always something to inspect.',
  '',
  '- **Tools** cover every content type: text, JSON, image, audio, resource links and',
  '  embedded resources, plus structured output, errors, progress and cancellation.',
  '- **Resources** include this document, a PNG swatch and a `demo://notes/{id}` template.',
  '- **Prompts** show required, optional and autocompleted arguments.',
  '- **Both protocol eras**: the 2025-11-25 handshake and 2026-07-28, with a booking that asks',
  '  twice (`book_table`), a task (`long_task`) and an `x-mcp-header` argument (`region_status`).',
  '',
].join('\n');

export const SWATCH_URI = 'demo://images/swatch.png';
export const SWATCH_SIZE = 16;

let swatch: Buffer | undefined;

/** The 16x16 gradient served as a resource and embedded by a tool; built once on first use. */
export function swatchPng(): Buffer {
  swatch ??= gradientPng(SWATCH_SIZE);
  return swatch;
}
