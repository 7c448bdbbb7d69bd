import type { CollectionRunRequest } from '../collections/collectionRun.js';
import { closeSync, writeSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/client';
import { mcpParamHeaders } from '../../../shared/core/index.js';
import { coreDriver, type ItemAnswerer } from '../../../shared/collections/coreDriver.js';
import {
  evalJsonReport,
  evalJunitReport,
  evalLines,
  evalTotalsLine,
  toolChoiceLines,
} from '../../../shared/models/evalReports.js';
import { runEvals } from '../../../shared/models/evalRunner.js';
import type { Approval } from '../../../shared/models/modelLoop.js';
import { translationLines } from '../../../shared/models/toolTranslation.js';
import { ModelFailure } from '../../models/modelFailure.js';
import { describeSettings, makeProvider } from '../../models/providerSettings.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import { within } from '../../session/failures.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';
import { schemaValidator } from '../../session/schemaValidator.js';

/**
 * `eval [file]` (and `test` on a collection with evals): each eval's prompt given to the model
 * with the server's tools, K times; the model's calls made through the core exactly as `call`
 * and `test` make them (their frames in --traffic); a line per eval, the tools the model chose,
 * the reports asked for; exit 8 when an eval's pass rate is below its threshold.
 *
 * Headless there is no one to ask: a call the page would confirm (a destructive tool, by its
 * hints or their defaults) is not made unless --allow-destructive or --allow-tool NAME allows
 * it; the model is told it was not allowed, and the run's transcript says so.
 */
export async function evalVerb(
  context: VerbContext<CollectionRunRequest>,
  items: ItemAnswerer,
): Promise<void> {
  const loaded = context.request.collection;
  if (loaded && (loaded.collection.evals ?? []).length === 0)
    throw new VerbFailure(EXIT.usage, 'usage', `${loaded.path} has no evals (a collection's "evals" list)`);
  const failure = await runCollectionEvals(context, items);
  if (failure) throw failure;
}

/**
 * The collection's evals, reported; the failure to exit with (a provider that cannot be used, an
 * eval below its threshold) returned, so `test` can run them after its items and say both.
 */
export async function runCollectionEvals(
  context: VerbContext<CollectionRunRequest>,
  items: ItemAnswerer,
  options: { reports: boolean; say?: (lines: string[]) => void } = { reports: true },
): Promise<VerbFailure | undefined> {
  const { request, session, link, out } = context;
  const loaded = request.collection;
  const settings = request.model;
  if (!loaded || !settings) throw new VerbFailure(EXIT.usage, 'usage', 'no collection or no model');
  const evals = loaded.collection.evals ?? [];
  const provider = await makeProvider(settings.provider);
  const described = describeSettings(settings.provider);
  const readable = !out.json;
  const say =
    options.say ??
    ((lines: string[]) => (readable ? out.lines(lines) : lines.forEach((line) => out.notice(line))));
  const core = coreDriver({
    client: session.client,
    answerer: session.answerer,
    items,
    timeoutMs: request.timeoutMs,
    timeoutSetting: 'set with --timeout',
    headers: mcpParamHeaders,
    fatal: () => (link.wantsAuthorization ? link.authFailure() : link.ended ? link.failure() : undefined),
  });
  const tools = await within(core.listTools(), request.timeoutMs, 'tools/list');
  const approve = async (tool: Tool): Promise<Approval> =>
    settings.allowDestructive || settings.allowTools.includes(tool.name)
      ? { allowed: true }
      : {
          allowed: false,
          reason: `"${tool.name}" may change or destroy something (its annotations), and no one is here to approve it: not called headless without --allow-destructive or --allow-tool ${tool.name}`,
        };
  const timestamp = new Date().toISOString();
  say([`${loaded.suite}: evals with ${described.kind} ${described.model} at ${described.baseUrl}`]);
  const suite = await runEvals(evals, {
    provider: provider.kind,
    model: provider.model,
    step: (stepRequest) => provider.step(stepRequest),
    serverTools: tools,
    callTool: (tool, args) => core.callTool(tool, args, {}),
    approve,
    validate: schemaValidator,
    failureOf: (error) =>
      error instanceof ModelFailure ? { kind: error.kind, message: error.message } : undefined,
    runs: settings.runs,
    threshold: settings.threshold,
    onRunDone: (item, run, of) =>
      out.progress(`${item.name}: run ${run.run}/${of} ${run.pass ? 'passed' : 'failed'}`),
    onEvalDone: (result) => say(evalLines(result)),
  });
  for (const line of translationLines(suite.translation)) out.notice(line);
  say(['', ...toolChoiceLines(suite), evalTotalsLine(suite)]);
  for (const reporter of options.reports ? request.reporters : []) {
    if (reporter.fd === undefined) continue;
    const text =
      reporter.kind === 'junit'
        ? evalJunitReport(suite, { suite: loaded.suite, timestamp })
        : `${JSON.stringify(evalJsonReport(suite, { suite: loaded.suite, timestamp }), null, 2)}\n`;
    writeSync(reporter.fd, text);
    closeSync(reporter.fd);
    reporter.fd = undefined;
  }
  if (out.json && options.reports)
    out.document({
      ...(evalJsonReport(suite, { suite: loaded.suite, timestamp }) as object),
      meta: metaOf(context, suite.durationMs, { file: loaded.path }),
    });
  if (suite.stopped) {
    const auth = suite.stopped.kind === 'auth' || suite.stopped.kind === 'no-key';
    return new VerbFailure(
      auth ? EXIT.auth : EXIT.connect,
      auth ? 'provider-auth' : 'provider-failed',
      suite.stopped.message,
    );
  }
  const failed = suite.evals.filter((result) => !result.pass);
  if (failed.length > 0)
    return new VerbFailure(
      EXIT.expectationFailed,
      'expectation-failed',
      `${failed.length} of ${suite.evals.length} eval${suite.evals.length === 1 ? '' : 's'} of ${loaded.path} below ${failed.length === 1 ? 'its' : 'their'} threshold: ${failed.map((result) => result.name).join(', ')}`,
    );
  return undefined;
}
