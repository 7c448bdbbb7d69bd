import type { TargetSpec } from '../targets/targetSpec.js';

type StdioTarget = Extract<TargetSpec, { kind: 'stdio' }>;

/** The verbs' options that take a value and cannot change the server's process. */
const VALUE_OPTIONS = new Set([
  '--arg',
  '--args',
  '--elicit',
  '--sampling-reply',
  '--root',
  '--traffic',
  '--timeout',
  '--log-level',
  '--save-media',
  '--allow-env',
]);
/** And those that take none. */
const FLAGS = new Set([
  '--json',
  '-q',
  '--quiet',
  '--server-stderr',
  '--no-validate',
  '--task',
  '--trust-file',
  '--raw',
]);
const ERAS = new Set(['auto', 'modern', 'legacy']);

/**
 * The stdio server of a verb's usual command lines, read before commander and the rest load
 * (~50 ms here), so it can be started first thing, as the page's CLI does (see session/quickTarget.ts):
 * `mcp-inspect call echo --arg message=hi -- node build/index.js`, or no server (the demo). Any
 * option that could change the server (`-e`, `--cwd`, `--url`, `--config`…), `--help`, or one it
 * does not know gives undefined, and the server starts once the full parser has read the line,
 * which has the last word either way (`sameStdioTarget`).
 */
export function quickVerbTarget(args: readonly string[], demoServerPath: string): StdioTarget | undefined {
  // Verbs that serve a file or compare eras start no server of this shape.
  if (args[0] === 'mock' || args[0] === 'parity' || args[0] === 'diff') return undefined;
  const dash = args.indexOf('--');
  // `test` without a command: the server is the collection's, known once its file is read.
  if (args[0] === 'test' && dash < 0) return undefined;
  const ours = dash < 0 ? args : args.slice(0, dash);
  let era: StdioTarget['era'] = 'auto';
  for (let at = 1; at < ours.length; at += 1) {
    const arg = ours[at] ?? '';
    if (!arg.startsWith('-')) continue; // the verb's subject
    const [name = '', inline] = arg.split(/=(.*)/s, 2);
    if (FLAGS.has(arg)) continue;
    if (name === '--era') {
      const value = inline ?? ours[at + 1];
      if (inline === undefined) at += 1;
      if (value === undefined || !ERAS.has(value)) return undefined;
      era = value as StdioTarget['era'];
    } else if (VALUE_OPTIONS.has(name)) {
      if (inline === undefined) at += 1;
    } else {
      return undefined;
    }
  }
  const [command, ...rest] = dash < 0 ? [] : args.slice(dash + 1);
  if (command === undefined) {
    // `--` with nothing after it is the full parser's to judge.
    if (dash >= 0) return undefined;
    return { kind: 'stdio', command: process.execPath, args: [demoServerPath], env: {}, demo: true, era };
  }
  return { kind: 'stdio', command, args: rest, env: {}, demo: false, era };
}
