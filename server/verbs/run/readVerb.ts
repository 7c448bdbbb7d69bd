import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { readOwner, readResource } from '../../../shared/core/index.js';
import { resourceLines } from '../render/content.js';
import { abortAfter, printRpcError, requestFailure, TimedOut } from './failures.js';
import { metaOf, type VerbContext } from './verbContext.js';

/**
 * `read <uri>`: one text content printed as it is (so `read … > file` keeps the text), several with
 * a header line each; binary contents summarised, or saved with `--save-media`. A modern server's
 * input rounds are answered as a call's are.
 */
export async function readVerb(context: VerbContext): Promise<void> {
  const { out, session, link, request } = context;
  const uri = request.subject ?? '';
  const controller = new AbortController();
  const stop = abortAfter(controller, request.timeoutMs, 'resources/read');
  const started = performance.now();
  let result: ReadResourceResult;
  try {
    result = await readResource(session.client, uri, {
      answerer: session.answerer,
      owner: readOwner(uri),
      signal: controller.signal,
    });
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    printRpcError(context, error, performance.now() - started);
    throw requestFailure(reason instanceof TimedOut ? reason : error, link, `resources/read ${uri}`);
  } finally {
    stop();
  }
  const latencyMs = performance.now() - started;
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
