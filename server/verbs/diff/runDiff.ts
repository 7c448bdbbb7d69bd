import type { Surface } from '../../../shared/core/surface.js';
import { maskUrl } from '../../../shared/urlSecrets.js';
import type { SurfaceChange } from '../../../shared/surfaceDiff/changes.js';
import { diffSurfaces, failedLists, hasBreaking } from '../../../shared/surfaceDiff/diffSurfaces.js';
import { readSurfaceFile } from '../../../shared/surfaceDiff/snapshotFile.js';
import { readInputFile } from '../inputFile.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import { diffReportLines } from './diffReport.js';
import type { VerbOutput } from '../verbOutput.js';
import type { VerbRequest } from '../verb.js';
import type { DiffRequest } from './diffVerb.js';
import { liveSurface } from '../snapshot/runSnapshot.js';
import type { VerbContext } from '../run/verbContext.js';

/** One side of a comparison: its surface and what it was read from. */
export interface DiffSide {
  surface: Surface;
  /** A file's path, or the live target's description. */
  source: string;
  kind: 'snapshot' | 'recording' | 'live';
}

/** A snapshot or recording file, read; a file that cannot be read or parsed fails with its line (exit 1). */
export function fileSide(path: string): DiffSide {
  const text = readInputFile(path);
  const read = readSurfaceFile(text);
  if ('error' in read) {
    const where = read.line !== undefined && !read.error.startsWith('line ') ? `line ${read.line}: ` : '';
    throw new VerbFailure(EXIT.usage, 'usage', `${path}: ${where}${read.error}`);
  }
  return { surface: read.surface, source: path, kind: read.kind };
}

/** `diff <a>` against the live target (the verb's connected session). */
export async function diffVerb(context: VerbContext<DiffRequest>): Promise<void> {
  const a = fileSide(context.request.a);
  const b: DiffSide = {
    surface: await liveSurface(context),
    source: targetName(context.request),
    kind: 'live',
  };
  report(context.out, a, b);
}

/** `diff <a> <b>`, two files: no server. Resolves with the exit code. */
export function diffFiles(request: VerbRequest<DiffRequest>, out: VerbOutput): number {
  if (request.b === undefined) return EXIT.usage;
  try {
    report(out, fileSide(request.a), fileSide(request.b));
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof VerbFailure)) throw error;
    out.failure(error);
    return error.exitCode;
  }
}

/**
 * Prints the comparison; a breaking change ends the verb with exit code 7. A side whose list
 * failed ends it with exit 4 whatever was seen: what that list holds is unknown, so the result
 * cannot be "compatible".
 */
function report(out: VerbOutput, a: DiffSide, b: DiffSide): void {
  const changes: SurfaceChange[] = diffSurfaces(a.surface, b.surface);
  const failed = failedLists(a.surface, b.surface);
  const breaking = changes.filter((change) => change.kind === 'breaking').length;
  if (out.json) {
    out.document({
      a: { source: a.source, kind: a.kind },
      b: { source: b.source, kind: b.kind },
      breaking,
      compatible: changes.length - breaking,
      ...(failed.length > 0 ? { failedLists: failed } : {}),
      changes,
    });
  } else {
    out.lines(diffReportLines(a.source, b.source, changes));
  }
  if (failed.length > 0)
    throw new VerbFailure(EXIT.connect, 'list-failed', `the comparison is incomplete: ${failed.join('; ')}`);
  if (hasBreaking(changes))
    throw new VerbFailure(
      EXIT.breaking,
      'breaking-change',
      `${breaking} breaking change${breaking === 1 ? '' : 's'} from ${a.source} to ${b.source}`,
    );
}

function targetName(request: VerbRequest): string {
  const target = request.target;
  if (target.kind === 'url') return maskUrl(target.url);
  if (target.demo) return 'the demo server';
  return [target.command, ...target.args].join(' ');
}
