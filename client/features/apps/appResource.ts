import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { RESOURCE_MIME_TYPE, type McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';

/** An app as the host needs it: its document and what its resource declares. */
export interface AppResource {
  uri: string;
  html: string;
  /** `_meta.ui.csp` as declared; the sandbox keeps only the plain origins of it. */
  csp: unknown;
  permissions: McpUiResourcePermissions | undefined;
  /** Whether the app asked for a visible border and background; undefined leaves it to the host. */
  prefersBorder: boolean | undefined;
  /** `_meta.ui.domain`: a dedicated origin the inspector does not provide (one sandbox origin). */
  domain: string | undefined;
}

/**
 * Reads a `resources/read` answer the way the spec requires of an app resource: one content for
 * the URI, `text/html;profile=mcp-app`, HTML as text or base64 blob. Anything else is a reason
 * the app cannot be shown, in the person's words.
 */
export function parseAppResource(result: ReadResourceResult, uri: string): AppResource | { problem: string } {
  const contents = result.contents ?? [];
  const content =
    contents.find((candidate) => candidate.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined);
  if (!content) {
    return {
      problem: `resources/read of ${uri} returned ${contents.length} contents and none for this URI.`,
    };
  }
  const mimeType = content.mimeType?.replace(/\s+/g, '').toLowerCase();
  if (mimeType !== RESOURCE_MIME_TYPE) {
    return {
      problem: `The app's resource has mimeType ${JSON.stringify(content.mimeType ?? null)}; MCP Apps must be ${RESOURCE_MIME_TYPE}.`,
    };
  }
  let html: string;
  if ('text' in content && typeof content.text === 'string') {
    html = content.text;
  } else if ('blob' in content && typeof content.blob === 'string') {
    try {
      html = decodeBase64Utf8(content.blob);
    } catch {
      return { problem: "The app's resource blob is not valid base64." };
    }
  } else {
    return { problem: "The app's resource has neither text nor blob." };
  }
  if (html.trim() === '') return { problem: "The app's resource is empty." };
  const ui = ((content._meta as { ui?: unknown } | undefined)?.ui ?? {}) as Record<string, unknown>;
  return {
    uri,
    html,
    csp: ui.csp,
    permissions: isObject(ui.permissions) ? (ui.permissions as McpUiResourcePermissions) : undefined,
    prefersBorder: typeof ui.prefersBorder === 'boolean' ? ui.prefersBorder : undefined,
    domain: typeof ui.domain === 'string' ? ui.domain : undefined,
  };
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodeBase64Utf8(base64: string): string {
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}
