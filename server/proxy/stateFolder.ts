import { homedir } from 'node:os';
import path from 'node:path';

/** Tests (and a person who wants it elsewhere) set the state folder with this variable. */
export const STATE_DIR_ENV_VAR = 'MCP_INSPECT_STATE_DIR';

/** The OS a state folder is named for: the running one, or another in tests of per-OS paths. */
export interface StatePlace {
  os: 'linux' | 'darwin' | 'win32';
  home: string;
  env: NodeJS.ProcessEnv;
}

function runningPlace(env: NodeJS.ProcessEnv): StatePlace {
  const os = process.platform === 'win32' ? 'win32' : process.platform === 'darwin' ? 'darwin' : 'linux';
  return { os, home: env.HOME || env.USERPROFILE || homedir(), env };
}

/**
 * The per-user folder where mcp-inspect keeps state between runs (capture files, the rendezvous
 * file, the wraps of host configs): `$MCP_INSPECT_STATE_DIR` if set; else `$XDG_STATE_HOME/
 * mcp-inspect` or `~/.local/state/mcp-inspect` (the XDG default), `~/Library/Application Support/
 * mcp-inspect` on macOS, `%LOCALAPPDATA%\mcp-inspect` on Windows. One function for every
 * feature, so a proxy, a wrap and a page always agree on where things are. Only Node's own
 * modules: the proxy loads this.
 */
export function stateFolder(
  env: NodeJS.ProcessEnv = process.env,
  place: StatePlace = runningPlace(env),
): string {
  const given = place.env[STATE_DIR_ENV_VAR];
  if (given) return given;
  if (place.os === 'win32') {
    const local = place.env.LOCALAPPDATA ?? path.win32.join(place.home, 'AppData', 'Local');
    return path.win32.join(local, 'mcp-inspect');
  }
  if (place.os === 'darwin') {
    return path.posix.join(place.home, 'Library', 'Application Support', 'mcp-inspect');
  }
  const xdg = place.env.XDG_STATE_HOME;
  const base = xdg && xdg.startsWith('/') ? xdg : path.posix.join(place.home, '.local', 'state');
  return path.posix.join(base, 'mcp-inspect');
}

/** Where capture files go unless `--capture-dir` says otherwise. */
export function defaultCaptureDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(stateFolder(env), 'captures');
}
