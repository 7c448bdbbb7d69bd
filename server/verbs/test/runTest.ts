import type { CollectionRunRequest } from '../collections/collectionRun.js';
import { writeSync, closeSync } from 'node:fs';
import { mcpParamHeaders } from '../../../shared/core/index.js';
import { coreDriver, type ItemAnswerer } from '../../../shared/collections/coreDriver.js';
import {
  itemLines,
  jsonReport,
  junitReport,
  totalsLine,
  tapReport,
} from '../../../shared/collections/reports.js';
import { runCollection, type CollectionRun } from '../../../shared/collections/runner.js';
import { visibleControls } from '../../../shared/terminalText.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import { within } from '../../session/failures.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';
import type { Reporter } from '../../session/collectionFile.js';
import { runCollectionEvals } from '../eval/runEval.js';
import { schemaValidator } from '../../session/schemaValidator.js';

/**
 * `test [file]`: the collection's items run in order through the core, as `call`, `prompt` and
 * `read` make their requests; the server's requests during an item answered with the item's
 * saved answers. A line per item as it ends (stdout), the reports asked for, a summary; exit 8
 * when an item failed. The file is only read.
 */
export async function testVerb(
  context: VerbContext<CollectionRunRequest>,
  items: ItemAnswerer,
): Promise<void> {
  const { request, session, link, out } = context;
  const loaded = request.collection;
  if (!loaded) throw new VerbFailure(EXIT.usage, 'usage', 'no collection');
  const { collection, suite } = loaded;
  const unknown = request.only.filter((name) => !collection.items.some((item) => item.name === name));
  if (unknown.length > 0)
    throw new VerbFailure(
      EXIT.usage,
      'usage',
      `--only: ${loaded.path} has no item ${unknown.map((n) => `"${n}"`).join(', ')}`,
      [`its items: ${collection.items.map((item) => item.name).join(', ')}`],
    );
  const tapOnStdout = request.reporters.some(
    (reporter) => reporter.kind === 'tap' && reporter.path === undefined,
  );
  /** Readable lines go to stdout, unless stdout is for TAP or JSON. */
  const readable = !out.json && !tapOnStdout;
  const say = (lines: string[]) => (readable ? out.lines(lines) : lines.forEach((line) => out.notice(line)));
  const core = coreDriver({
    client: session.client,
    answerer: session.answerer,
    items,
    timeoutMs: request.timeoutMs,
    timeoutSetting: 'set with --timeout',
    headers: mcpParamHeaders,
    fatal: () => (link.wantsAuthorization ? link.authFailure() : link.ended ? link.failure() : undefined),
  });
  const driver = { ...core, listTools: () => within(core.listTools(), request.timeoutMs, 'tools/list') };
  const total = request.only.length > 0 ? request.only.length : collection.items.length;
  const timestamp = new Date().toISOString();
  say([suite]);
  let done = 0;
  const run = await runCollection(collection, driver, {
    validate: schemaValidator,
    env: (name) => process.env[name],
    ...(request.only.length > 0 ? { only: request.only } : {}),
    now: () => performance.now(),
    itemStarted: (item) => out.progress(`[${done + 1}/${total}] ${item.name}…`),
    itemDone: (item) => {
      done += 1;
      say(itemLines(item));
    },
  });
  say(['', totalsLine(run)]);
  writeReports(request.reporters, run, { suite, timestamp });
  if (tapOnStdout) process.stdout.write(visibleControls(tapReport(run)));
  if (out.json)
    out.document({
      ...(jsonReport(run, { suite, timestamp }) as object),
      meta: metaOf(context, run.durationMs, { file: loaded.path }),
    });
  // The collection's evals, after its items, when a model is given; else said, not silently skipped.
  const evals = collection.evals ?? [];
  let evalFailure: VerbFailure | undefined;
  if (evals.length > 0 && request.only.length === 0) {
    if (request.model) evalFailure = await runCollectionEvals(context, items, { reports: false, say });
    else
      out.notice(
        `${evals.length} eval${evals.length === 1 ? '' : 's'} not run: they need a model (--model; see mcp-inspect eval --help)`,
      );
  }
  if (evalFailure && (run.failed === 0 || evalFailure.exitCode !== EXIT.expectationFailed)) throw evalFailure;
  if (run.failed > 0) {
    throw new VerbFailure(
      EXIT.expectationFailed,
      'expectation-failed',
      `${run.failed} of ${run.items.length} item${run.items.length === 1 ? '' : 's'} of ${loaded.path} failed`,
    );
  }
}

function writeReports(
  reporters: readonly Reporter[],
  run: CollectionRun,
  context: { suite: string; timestamp: string },
): void {
  for (const reporter of reporters) {
    if (reporter.fd === undefined) continue;
    const text =
      reporter.kind === 'junit'
        ? junitReport(run, context)
        : reporter.kind === 'tap'
          ? tapReport(run)
          : `${JSON.stringify(jsonReport(run, context), null, 2)}\n`;
    writeSync(reporter.fd, text);
    closeSync(reporter.fd);
    reporter.fd = undefined;
  }
}
