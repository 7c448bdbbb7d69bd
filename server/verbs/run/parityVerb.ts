import type { Surface } from '../../../shared/core/surface.js';
import { eraDifferences } from '../../../shared/surfaceDiff/eraParity.js';
import { EXIT, VerbFailure } from '../exitCodes.js';
import { surfaceInEra } from '../surfaceInEra.js';
import type { VerbOutput } from '../verbOutput.js';
import type { VerbRequest } from '../verbOptions.js';

type Era = 'legacy' | 'modern';

/**
 * `parity`: the server's surface read twice, on two connections, one pinned to each era, and every
 * difference between them shown, apart from what the eras are meant to differ in (eraParity.ts).
 * Exit 0 when they agree, 7 when they differ; a server that cannot be spoken to in one of the eras
 * fails as a connection does (4), since there is nothing to compare.
 */
export async function runParity(request: VerbRequest, out: VerbOutput): Promise<number> {
  if (request.target.kind === 'stdio' && request.target.demo)
    out.notice('no server given: the bundled demo server');
  if (request.oauth)
    out.warning('parity does not sign in with OAuth yet: the server is reached without a token');
  try {
    // One after the other: a stdio server is started once per era, and two at once would share nothing.
    const legacy = await surfaceIn('legacy', request, out);
    const modern = await surfaceIn('modern', request, out);
    const differences = eraDifferences(legacy, modern);
    if (out.json) {
      out.document({
        agree: differences.length === 0,
        differences: differences.map(({ path, what, before, after }) => ({
          path,
          what,
          ...(before === undefined ? {} : { legacy: before }),
          ...(after === undefined ? {} : { modern: after }),
        })),
        meta: {
          legacy: { protocolVersion: legacy.protocolVersion ?? null },
          modern: { protocolVersion: modern.protocolVersion ?? null },
        },
      });
    } else if (differences.length === 0) {
      out.lines([
        `the eras agree: ${legacy.tools.length} tools, ${legacy.resources.length} resources, ${legacy.resourceTemplates.length} resource templates, ${legacy.prompts.length} prompts the same in ${legacy.protocolVersion ?? 'legacy'} and ${modern.protocolVersion ?? 'modern'}`,
      ]);
    } else {
      out.lines([
        `the eras differ: ${differences.length} difference${differences.length === 1 ? '' : 's'} (legacy ${legacy.protocolVersion ?? '?'} → modern ${modern.protocolVersion ?? '?'})`,
        ...differences.flatMap((difference) => [
          '',
          `  ${difference.what}`,
          `    at ${difference.path}`,
          ...('before' in difference ? [`    legacy: ${short(difference.before)}`] : []),
          ...('after' in difference ? [`    modern: ${short(difference.after)}`] : []),
        ]),
      ]);
    }
    if (differences.length === 0) return EXIT.ok;
    const failure = new VerbFailure(
      EXIT.breaking,
      'eras-differ',
      `the legacy and modern eras differ in ${differences.length} place${differences.length === 1 ? '' : 's'}`,
    );
    out.failure(failure);
    return failure.exitCode;
  } catch (error) {
    if (!(error instanceof VerbFailure)) throw error;
    out.failure(error);
    return error.exitCode;
  }
}

async function surfaceIn(era: Era, request: VerbRequest, out: VerbOutput): Promise<Surface> {
  return surfaceInEra(request.target, era, {
    timeoutMs: request.timeoutMs,
    notice: (line) => out.notice(line),
    stderr: (line) => out.serverStderr(line),
    warning: (message) => out.warning(message),
    elicit: request.elicit,
    samplingReply: request.samplingReply,
    roots: request.roots,
  });
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}
