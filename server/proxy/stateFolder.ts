import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The per-user folder where mcp-inspect keeps state between runs (capture files, the
 * rendezvous file): `$XDG_STATE_HOME/mcp-inspect`, else `~/.local/state/mcp-inspect` (the XDG
 * default, used on macOS too, where nothing else is conventional for a CLI's state), or
 * `%LOCALAPPDATA%\mcp-inspect` on Windows. Only Node's own modules: the proxy loads this.
 */
export function stateFolder(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_STATE_HOME;
  if (xdg && xdg.startsWith('/')) return join(xdg, 'mcp-inspect');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'mcp-inspect');
  return join(env.HOME || homedir(), '.local', 'state', 'mcp-inspect');
}

/** Where capture files go unless `--capture-dir` says otherwise. */
export function defaultCaptureDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(stateFolder(env), 'captures');
}
