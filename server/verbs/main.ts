import { sameStdioTarget } from '../session/quickTarget.js';
import { SpawnedServer } from '../targets/spawnServer.js';
import { EXIT, VerbFailure } from '../session/exitCodes.js';

import type { SharedRequest } from './verb.js';
import { parseVerbArgs } from './verbOptions.js';
import { VerbOutput } from './verbOutput.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A headless verb, from its command line to its exit code. As for the page, a stdio server is
 * started as soon as the command line is read (`early`, from cli.ts's quick reading, before even
 * the option parser loads), before the MCP client and the rest are loaded (~100 ms of module
 * loading), so the two start up side by side. The full parser has the last word: a server started
 * early runs only if it is the one asked for.
 */
export async function runVerb(
  argv: readonly string[],
  demoServerPath: string,
  started?: { target: Extract<SharedRequest['target'], { kind: 'stdio' }>; server: SpawnedServer },
): Promise<void> {
  // Until the verb runs (and says more), Ctrl-C ends a server already started, and the CLI.
  const interrupted = (): void => {
    started?.server.discard();
    process.exit(EXIT.interrupted);
  };
  for (const signal of SIGNALS) process.once(signal, interrupted);
  const running = (): void => {
    for (const signal of SIGNALS) process.off(signal, interrupted);
  };
  let parsed: ReturnType<typeof parseVerbArgs>;
  try {
    parsed = parseVerbArgs(argv, demoServerPath);
  } catch (error) {
    started?.server.discard();
    if (!(error instanceof VerbFailure)) throw error;
    const ours = argv.indexOf('--') < 0 ? argv : argv.slice(0, argv.indexOf('--'));
    new VerbOutput({ json: ours.includes('--json'), quiet: false, serverStderr: false }).failure(error);
    process.exitCode = error.exitCode;
    return;
  }
  if ('help' in parsed) {
    started?.server.discard();
    return;
  }
  // A server a file names is said before it starts (a file can name any command or URL).
  if (parsed.serverLine !== undefined)
    new VerbOutput({ json: parsed.json, quiet: parsed.quiet, serverStderr: false }).notice(parsed.serverLine);
  const apart = parsed.runs.apart();
  if (apart) {
    // Two files, a recording to serve, two connections, lint's rules: no one session to start early.
    started?.server.discard();
    running();
    process.exitCode = await apart(
      new VerbOutput({ json: parsed.json, quiet: parsed.quiet, serverStderr: parsed.serverStderr }),
    );
    return;
  }
  let early: SpawnedServer | undefined;
  if (started && sameStdioTarget(started.target, parsed.target)) {
    // The link takes over a process started for this very spec (see TargetRuns).
    parsed.target = started.target;
    early = started.server;
  } else {
    started?.server.discard();
    if (parsed.target.kind === 'stdio') early = new SpawnedServer(parsed.target);
  }
  const { executeVerb } = await import('./execute.js');
  running();
  process.exitCode = await executeVerb(parsed, early);
}
