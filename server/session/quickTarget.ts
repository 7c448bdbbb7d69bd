import type { TargetSpec } from '../targets/targetSpec.js';
import { urlInCommandPlace } from './urlInCommandPlace.js';

type StdioTarget = Extract<TargetSpec, { kind: 'stdio' }>;

/**
 * The stdio server of the usual command lines, read before the full parser (commander) loads,
 * so it can be started first thing: `mcp-inspect`, `mcp-inspect node build/index.js`,
 * `mcp-inspect --no-open --port 0 -- node server.js`. Any other option before the command (one
 * that could change the server: -e, --cwd, --config, --url…, or --help), or a URL in the
 * command's place (urlInCommandPlace.ts), gives undefined, and the server starts once the full
 * parser has read the line. The full parser has the last word either way (see `sameStdioTarget`).
 */
export function quickStdioTarget(args: readonly string[], demoServerPath: string): StdioTarget | undefined {
  let at = 0;
  while (at < args.length) {
    const arg = args[at] ?? '';
    if (arg === '--') {
      at += 1;
      break;
    }
    if (!arg.startsWith('-')) break; // the server's command: the rest is its own
    if (arg === '--no-open' || arg.startsWith('--port=')) at += 1;
    else if (arg === '--port') at += 2;
    else return undefined;
  }
  const [command, ...rest] = args.slice(at);
  if (urlInCommandPlace(command) !== undefined) return undefined;
  return command === undefined
    ? { kind: 'stdio', command: process.execPath, args: [demoServerPath], env: {}, demo: true, era: 'auto' }
    : { kind: 'stdio', command, args: rest, env: {}, demo: false, era: 'auto' };
}

/** Whether a server started from the quick reading is the one the command line asks for. */
export function sameStdioTarget(started: StdioTarget, asked: TargetSpec): boolean {
  return (
    asked.kind === 'stdio' &&
    asked.command === started.command &&
    asked.args.length === started.args.length &&
    asked.args.every((arg, i) => arg === started.args[i]) &&
    Object.keys(asked.env).length === 0 &&
    asked.cwd === undefined &&
    asked.demo === started.demo &&
    asked.era === started.era
  );
}
