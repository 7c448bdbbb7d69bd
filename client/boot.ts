/*
 * The page's first module, and a small one: index.html loads it before the rest of the page
 * (vite.config.ts puts it there), so the socket opens, says hello and has the welcome and history
 * waiting while the browser still fetches and evaluates React, the SDK and zod. main.tsx takes
 * the connection over; the module runs once however many import it.
 */
import { startEarlyConnection, type EarlyConnection } from './bridge/earlyConnection';

declare global {
  interface Window {
    mcpInspectEarlyConnection?: EarlyConnection;
  }
}

// The workspace's page (workspace.html, `mcp-inspect --all`) shares this chunk with the page of a
// server but is none: it opens no socket and leaves the token to its own code.
// One connection per page, kept on the window, not per instance of this module: a browser keys
// modules by the address asked for, and one page that reaches this file by two addresses runs it
// twice. A server's frame in a workspace once did (its script tag named the frame's own
// /s/<id>/assets/, the entry's import the shared /assets/ the workspace redirects to); its
// index.html now names the shared one (server/http/firstScreen.ts), and this stays as the guard:
// two instances opened two sockets, the later took the session from the earlier, and when that
// was the page's own (the order varies), the frame never connected.
export const earlyConnection =
  document.documentElement.dataset.page === 'workspace'
    ? undefined
    : (window.mcpInspectEarlyConnection ??= startEarlyConnection());
