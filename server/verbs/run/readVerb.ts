import { readOwner, readResource } from '../../../shared/core/index.js';
import { resourceLines } from '../render/content.js';
import { timedRequest } from './failures.js';
import { metaOf, type VerbContext } from './verbContext.js';

/**
 * `read <uri>`: one text content printed as it is (so `read … > file` keeps the text), several with
 * a header line each; binary contents summarised, or saved with `--save-media`. A modern server's
 * input rounds are answered as a call's are.
 */
export async function readVerb(context: VerbContext): Promise<void> {
  const { out, session, request } = context;
  const uri = request.subject ?? '';
  const { result, latencyMs } = await timedRequest(
    context,
    'resources/read',
    `resources/read ${uri}`,
    (signal) =>
      readResource(session.client, uri, { answerer: session.answerer, owner: readOwner(uri), signal }),
  );
  if (out.json) {
    out.document({ ...result, meta: metaOf(context, latencyMs) });
    return;
  }
  const contents = result.contents as Record<string, unknown>[];
  if (contents.length === 0) {
    out.notice(`${uri} has no contents`);
    return;
  }
  const single = contents.length === 1;
  out.lines(
    contents.flatMap((content) => resourceLines(content, context.media, single ? undefined : 'resource')),
  );
}
