import { collectSurface, type Surface } from '../../../shared/core/surface.js';
import { snapshotText } from '../../../shared/surfaceDiff/snapshotFile.js';
import { writeFileAtomic } from '../../files/atomicWrite.js';
import { terminalJson } from '../../../shared/terminalText.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import { requestFailure, within } from '../../session/failures.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';

/** The live server's surface, every declared list read (all pages), within `--timeout`. */
export async function liveSurface(context: VerbContext): Promise<Surface> {
  try {
    return await within(
      collectSurface(context.session.client),
      context.request.timeoutMs,
      'reading the lists',
    );
  } catch (error) {
    throw requestFailure(error, context.link, 'reading the lists');
  }
}

/**
 * `snapshot`: the surface as a stable JSON file. Without `--out` the file's text is the result, on
 * stdout (`> surface.json`); with it, the file is written whole (a temporary file renamed over it,
 * so an interrupted run never leaves half a snapshot to be committed; owner-only, as captures are)
 * and a summary is the result.
 */
export async function snapshotVerb(context: VerbContext<{ out?: string }>): Promise<void> {
  const { out, request } = context;
  const started = performance.now();
  const surface = await liveSurface(context);
  const text = snapshotText(surface);
  for (const [method, message] of Object.entries(surface.failures ?? {}))
    out.warning(`${method} failed, kept in the snapshot as a failure: ${message}`);
  const path = request.out;
  if (path === undefined) {
    // The same JSON, with the server's control and bidi characters as \u escapes.
    process.stdout.write(terminalJson(text));
    return;
  }
  try {
    // Owner-only, as every file a verb writes: created exclusively, never through a link.
    writeFileAtomic(path, text, 'private');
  } catch (error) {
    throw new VerbFailure(
      EXIT.usage,
      'usage',
      `--out: cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const counts = {
    tools: surface.tools.length,
    resources: surface.resources.length,
    resourceTemplates: surface.resourceTemplates.length,
    prompts: surface.prompts.length,
  };
  if (out.json) {
    out.document({
      path,
      bytes: Buffer.byteLength(text),
      counts,
      meta: metaOf(context, performance.now() - started),
    });
    return;
  }
  out.lines([
    `wrote ${path}: ${counts.tools} tools, ${counts.resources} resources, ${counts.resourceTemplates} resource templates, ${counts.prompts} prompts`,
  ]);
}
