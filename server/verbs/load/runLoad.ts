import { callTool, mcpParamHeaders } from '../../../shared/core/index.js';
import { loadOutcomeOf } from '../../../shared/load/callOutcome.js';
import { LoadRun, type LoadOutcome } from '../../../shared/load/loadRun.js';
import { loadLines, loadProgressLine } from './loadLines.js';
import { toolAndArguments } from '../call/runCall.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';
import type { LoadRequest } from './loadVerb.js';

/** How often the progress line is rewritten on stderr. */
const PROGRESS_EVERY_MS = 1000;

/**
 * `load <tool>`: the tool looked up and its arguments checked once, as `call` does; then called
 * many times through the core (the same calls as `call` makes), C at a time. Progress on stderr;
 * the numbers, a text histogram and the grouped errors on stdout (one document with --json).
 * Memory stays bounded however long it runs: a histogram, not the samples.
 */
export async function loadVerb(context: VerbContext<LoadRequest>): Promise<void> {
  const { out, session, link, request } = context;
  const settings = request.load;
  const { tool, args } = await toolAndArguments(context);
  let calls = 0;
  let lost = false;
  const call = async (): Promise<LoadOutcome> => {
    calls += 1;
    const ended = await callTool({
      client: session.client,
      tool,
      args,
      timeoutMs: request.timeoutMs,
      answerer: session.answerer,
      owner: `load:${calls}`,
      timeoutSetting: 'set with --timeout',
      headers: mcpParamHeaders,
    });
    if (link.ended || link.wantsAuthorization) {
      // The server is gone: nothing more to measure.
      lost = true;
      run.stop();
    }
    return loadOutcomeOf(ended, request.timeoutMs);
  };
  const run = new LoadRun({
    ...settings,
    call,
    progress: (snapshot) => out.progress(loadProgressLine(snapshot)),
    progressEveryMs: PROGRESS_EVERY_MS,
  });
  const snapshot = await run.run();
  if (lost) throw link.wantsAuthorization ? link.authFailure() : link.failure();
  if (out.json) {
    out.document({
      tool: tool.name,
      settings,
      ...snapshot,
      meta: metaOf(context, snapshot.elapsedMs),
    });
    return;
  }
  out.lines(loadLines(tool.name, settings.concurrency, snapshot));
}
