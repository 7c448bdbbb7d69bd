/**
 * How a host is to start mcp-inspect: Node by its absolute path, and the CLI's script by its
 * absolute path. Hosts start servers with a bare environment (Claude Desktop on macOS has no
 * shell PATH), and the bin's `#!/usr/bin/env node` would need `node` on the PATH; absolute paths
 * need nothing.
 */
export interface ProxyLauncher {
  command: string;
  /** What comes before `proxy`: the CLI's script. */
  prefix: string[];
}

export function launcherFor(cliScript: string, node: string = process.execPath): ProxyLauncher {
  return { command: node, prefix: [cliScript] };
}

/** The args of a stdio entry run through the proxy: `<cli.js> proxy -- <command> <args…>`. */
export function wrappedArgs(launcher: ProxyLauncher, command: string, args: readonly string[]): string[] {
  return [...launcher.prefix, 'proxy', '--', command, ...args];
}

/**
 * What may stand before `proxy` in a wrapped entry: mcp-inspect's bin, or its script as the
 * package ships it (`…/server/cli.js`; another tool's cli.js with a proxy command is not ours).
 */
const LAUNCHER = /(^|[\\/])(server[\\/]cli\.m?js|mcp-inspect(\.cmd|\.ps1|\.exe)?)$/i;

/**
 * The marker of a wrapped stdio entry is its shape: the command line (command, then args) has
 * `proxy` right after mcp-inspect's bin or script (`…/cli.js proxy`, `mcp-inspect proxy`), then
 * `--`, then the server's own command. What follows `--` is the original entry, as the host
 * would have run it (edited since, if the person edited it there).
 */
export function unwrappedCommand(
  command: string,
  args: readonly string[],
): { command: string; args: string[] } | undefined {
  const line = [command, ...args];
  const proxy = line.indexOf('proxy');
  if (proxy < 1 || proxy > 2) return undefined;
  // Windows paths too, whatever this machine is.
  if (!LAUNCHER.test(line[proxy - 1] ?? '')) return undefined;
  const dash = line.indexOf('--', proxy + 1);
  const original = line[dash + 1];
  if (dash < 0 || original === undefined) return undefined;
  return { command: original, args: line.slice(dash + 2) };
}

/**
 * The local address a URL entry is pointed at: the proxy's port on 127.0.0.1, with the path of
 * the original URL (the query stays with the proxy: it may hold a key).
 */
export function localProxyUrl(original: string, port: number): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(original);
  const pathPart = match?.[1] ?? '';
  return `http://127.0.0.1:${port}${pathPart === '' ? '/' : pathPart}`;
}

/** A command line as a POSIX shell reads it, each word quoted only when it needs to be. */
export function shellLine(words: readonly string[]): string {
  return words
    .map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`))
    .join(' ');
}

/** The command the person runs for a URL entry's proxy. */
export function proxyCommandWords(launcher: ProxyLauncher, url: string, port: number): string[] {
  return [launcher.command, ...launcher.prefix, 'proxy', '--url', url, '--port', String(port)];
}
