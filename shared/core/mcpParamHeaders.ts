import type { Tool } from '@modelcontextprotocol/client';

/**
 * The `Mcp-Param-{Name}` headers (SEP-2243, MCP 2026-07-28) of one `tools/call`: each argument
 * whose schema property carries `x-mcp-header` is mirrored into a header, so an HTTP server can
 * route on it without reading the body. The SDK builds them only inside `callTool` and only
 * outside the browser; the core calls through `request`, and the HTTP request is the bridge's
 * (for the page) or the target link's (for the CLI), so both shells build them by the same rules
 * here and the bridge adds them to that one request.
 */
export function mcpParamHeaders(tool: Tool, args: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { headerName, path } of declarationsOf(tool.inputSchema)) {
    const text = primitiveText(valueAt(args, path));
    if (text !== undefined) headers[`Mcp-Param-${headerName}`] = encodeFieldValue(text);
  }
  return headers;
}

/**
 * The declarations of each input schema, found once: a load run calls the same tool thousands
 * of times, and walking its schema on every call was part of the modern era's extra CPU per call.
 * Keyed by the schema object, which a tool list gives anew when it is fetched again.
 */
const declarationsBySchema = new WeakMap<object, readonly Declaration[]>();

function declarationsOf(schema: Tool['inputSchema']): readonly Declaration[] {
  let found = declarationsBySchema.get(schema);
  if (found === undefined) {
    found = declarations(schema);
    declarationsBySchema.set(schema, found);
  }
  return found;
}

interface Declaration {
  headerName: string;
  path: string[];
}

/** Declarations reachable through `properties` alone, as the spec allows. */
function declarations(schema: unknown, path: string[] = []): Declaration[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null) return [];
  const found: Declaration[] = [];
  for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
    if (typeof property !== 'object' || property === null) continue;
    const header = (property as Record<string, unknown>)['x-mcp-header'];
    if (typeof header === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header)) {
      found.push({ headerName: header, path: [...path, name] });
    }
    found.push(...declarations(property, [...path, name]));
  }
  return found;
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function primitiveText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!Number.isInteger(value) || Number.isSafeInteger(value))
  ) {
    return String(value);
  }
  return undefined;
}

/** Both the browser and Node have these; shared/ is compiled with neither's lib (see platform.ts). */
const runtime = globalThis as unknown as {
  btoa(binary: string): string;
  TextEncoder: new () => { encode(text: string): Uint8Array };
};

const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';

/** A plain ASCII field value as is; anything else as `=?base64?…?=` of its UTF-8 bytes. */
export function encodeFieldValue(text: string): string {
  const plain =
    text.length > 0 &&
    text === text.trim() &&
    !(text.startsWith(SENTINEL_PREFIX) && text.endsWith(SENTINEL_SUFFIX)) &&
    [...text].every((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code === 9 || (code >= 32 && code <= 126);
    });
  if (plain) return text;
  const bytes = new runtime.TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCodePoint(byte);
  return `${SENTINEL_PREFIX}${runtime.btoa(binary)}${SENTINEL_SUFFIX}`;
}
