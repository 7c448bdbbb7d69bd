import type { TargetRequest } from '../../../shared/wire';
import { splitArgs } from './argsText';

/**
 * What the person typed in "Compare with another server", as the CLI takes a server: a URL
 * (http or https: Streamable HTTP, or SSE, found as the connection form finds it), else a command
 * line, split as a shell would (quotes group) but never run by one. A leading `--`, as in
 * `mcp-inspect diff a.json -- node build/index.js`, is allowed. No secrets travel: another
 * server gets no header or variable of this one.
 */
export function targetFromText(text: string): { target: TargetRequest } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '')
    return { error: 'Type a command line (node build/index.js) or a URL (http://127.0.0.1:3001/mcp)' };
  const url = /^--url\s+(\S+)$/.exec(trimmed)?.[1] ?? trimmed;
  if (/^https?:\/\//i.test(url)) {
    if (/\s/.test(url)) return { error: 'A URL has no spaces' };
    try {
      new URL(url);
    } catch {
      return { error: `Not a URL: ${url}` };
    }
    return { target: { kind: 'url', url, transport: 'auto', headers: {} } };
  }
  const split = splitArgs(trimmed);
  if ('error' in split) return { error: `The command line has an ${split.error}` };
  const words = split.args[0] === '--' ? split.args.slice(1) : split.args;
  const [command, ...args] = words;
  if (command === undefined || command === '') return { error: 'The command line names no command' };
  return { target: { kind: 'stdio', command, args, env: {} } };
}
