import { EXIT } from '../session/exitCodes.js';
import { diffFiles } from './run/diffVerb.js';
import { VerbOutput } from './verbOutput.js';
import type { VerbRequest } from './verbOptions.js';

/**
 * The verbs that do not run over one connected session: `diff` of two files (no server), `mock`
 * (it is the server), `parity` (two connections, one per era). Resolves with the exit code.
 */
export function runApart(request: VerbRequest): Promise<number> | number {
  const out = new VerbOutput({
    json: request.json,
    quiet: request.quiet,
    serverStderr: request.serverStderr,
  });
  switch (request.surface?.verb) {
    case 'diff':
      return diffFiles(request, out);
    case 'mock':
      return import('./mock/runMock.js').then(({ runMock }) => runMock(request, out));
    case 'parity':
      return import('./run/parityVerb.js').then(({ runParity }) => runParity(request, out));
    default:
      return EXIT.usage;
  }
}
