import { SpawnedServer } from '../targets/spawnServer.js';
import { VerbFailure } from './exitCodes.js';
import { parseVerbArgs } from './verbOptions.js';
import { VerbOutput } from './verbOutput.js';

/**
 * A headless verb, from its command line to its exit code. As for the page, a stdio server is
 * started as soon as the command line is read, before the MCP client and the rest are loaded
 * (~100 ms of module loading), so the two start up side by side.
 */
export async function runVerb(argv: readonly string[], demoServerPath: string): Promise<void> {
  let parsed: ReturnType<typeof parseVerbArgs>;
  try {
    parsed = parseVerbArgs(argv, demoServerPath);
  } catch (error) {
    if (!(error instanceof VerbFailure)) throw error;
    const ours = argv.indexOf('--') < 0 ? argv : argv.slice(0, argv.indexOf('--'));
    new VerbOutput({ json: ours.includes('--json'), quiet: false, serverStderr: false }).failure(error);
    process.exitCode = error.exitCode;
    return;
  }
  if ('help' in parsed) return;
  const early = parsed.target.kind === 'stdio' ? new SpawnedServer(parsed.target) : undefined;
  const { executeVerb } = await import('./execute.js');
  process.exitCode = await executeVerb(parsed, early);
}
