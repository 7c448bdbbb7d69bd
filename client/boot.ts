/*
 * The page's first module, and a small one: index.html loads it before the rest of the page
 * (vite.config.ts puts it there), so the socket opens, says hello and has the welcome and history
 * waiting while the browser still fetches and evaluates React, the SDK and zod. main.tsx takes
 * the connection over; the module runs once however many import it.
 */
import { startEarlyConnection } from './bridge/earlyConnection';

// The workspace's page (workspace.html, `mcp-inspect --all`) shares this chunk with the page of a
// server but is none: it opens no socket and leaves the token to its own code.
export const earlyConnection =
  document.documentElement.dataset.page === 'workspace' ? undefined : startEarlyConnection();
