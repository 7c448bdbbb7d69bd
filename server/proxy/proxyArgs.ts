import { parseInjectRule, type InjectRule } from './injectRules.js';

/** What `mcp-inspect proxy …` was asked to do. */
export interface ProxyRequest {
  target:
    | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
    | { kind: 'url'; url: string; port: number };
  /** Where capture files go; undefined for the per-user default; null for none (`--no-capture`). */
  captureDir: string | null | undefined;
  inject: InjectRule[];
}

export const PROXY_HELP = `Usage: mcp-inspect proxy [options] -- <server command> [args…]
       mcp-inspect proxy --url <server url> [--port N] [options]

A transparent proxy a host (Claude Desktop, Cursor, VS Code…) runs in place of its MCP server.
Over stdio it starts the server and relays stdin and stdout byte for byte (its own messages go to
stderr, never stdout); the server's stderr, exit status and signals pass through. With --url it
serves the server on http://127.0.0.1:N/ (Streamable HTTP and SSE) and forwards every request.
What passes is captured to a file in the per-user state folder (secrets masked) and streamed to an
mcp-inspect page when one is open.

Options:
  --url <url>            forward to this HTTP(S) MCP server instead of starting one
  --port <n>             the HTTP proxy's port on 127.0.0.1 (default: a free one, printed on stderr)
  -e, --env KEY=VALUE    a variable for the server, its value masked in the capture (repeatable)
  --cwd <dir>            the server's working directory
  --capture-dir <dir>    where capture files go (default $XDG_STATE_HOME/mcp-inspect/captures,
                         else ~/.local/state/mcp-inspect/captures)
  --no-capture           no capture file (a page that is open still sees the session)
  --inject <rule>        a fault to put into the session (repeatable), e.g.
                           'tools/call name=echo -> error -32603 "boom"'
                           'tools/call -> delay 500ms'   'notifications/progress from=server -> drop'
                           'tools/call name=big -> truncate 100'
                         (see docs/capture.md)
  -h, --help             this help`;

export class ProxyUsageError extends Error {}

/** Reads the words after `proxy`. Throws ProxyUsageError with words for the person. */
export function parseProxyArgs(argv: readonly string[]): ProxyRequest | 'help' {
  let url: string | undefined;
  let port = 0;
  let cwd: string | undefined;
  let captureDir: string | null | undefined;
  const env: Record<string, string> = {};
  const inject: InjectRule[] = [];
  let i = 0;
  const value = (flag: string): string => {
    const next = argv[i + 1];
    if (next === undefined) throw new ProxyUsageError(`${flag} needs a value`);
    i += 1;
    return next;
  };
  for (; i < argv.length; i += 1) {
    const word = argv[i] as string;
    if (word === '--') {
      i += 1;
      break;
    }
    if (!word.startsWith('-')) break;
    const [flag, inline] =
      word.startsWith('--') && word.includes('=')
        ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word, undefined];
    const take = (): string => inline ?? value(flag);
    switch (flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--url':
        url = take();
        break;
      case '--port': {
        const text = take();
        port = Number(text);
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new ProxyUsageError(`--port ${text}: not a port number`);
        break;
      }
      case '-e':
      case '--env': {
        const pair = take();
        const at = pair.indexOf('=');
        if (at <= 0) throw new ProxyUsageError(`${flag} ${pair}: write KEY=VALUE`);
        env[pair.slice(0, at)] = pair.slice(at + 1);
        break;
      }
      case '--cwd':
        cwd = take();
        break;
      case '--capture-dir':
        captureDir = take();
        break;
      case '--no-capture':
        captureDir = null;
        break;
      case '--inject': {
        const rule = parseInjectRule(take());
        if ('error' in rule) throw new ProxyUsageError(rule.error);
        inject.push(rule);
        break;
      }
      default:
        throw new ProxyUsageError(`unknown option ${flag} (mcp-inspect proxy --help lists them)`);
    }
  }
  const command = argv.slice(i);
  if (url !== undefined) {
    if (command.length > 0) throw new ProxyUsageError('give --url or a server command, not both');
    if (!/^https?:\/\//i.test(url)) throw new ProxyUsageError(`--url ${url}: only http:// and https:// URLs`);
    if (Object.keys(env).length > 0 || cwd !== undefined)
      throw new ProxyUsageError('-e and --cwd are for a server command, not --url');
    return { target: { kind: 'url', url, port }, captureDir, inject };
  }
  const [first, ...args] = command;
  if (first === undefined)
    throw new ProxyUsageError('name the server: mcp-inspect proxy -- <command> [args…], or --url <url>');
  return {
    target: { kind: 'stdio', command: first, args, env, ...(cwd === undefined ? {} : { cwd }) },
    captureDir,
    inject,
  };
}
