import type { Command } from 'commander';
import { DEFAULT_COLLECTION_FILE } from '../../../shared/collections/format.js';
import { openReporters, parseReporters, type Reporter } from '../../session/collectionFile.js';
import { collect } from '../optionValues.js';
import type { OwnInput, SessionPlan, VerbRequest } from '../verb.js';
import type { SessionContext } from '../run/verbContext.js';
import { addEvalOptions, evalRequest, type EvalRequest, type RawEvalOptions } from './evalOptions.js';
import type { ItemAnswerer } from '../../../shared/collections/coreDriver.js';

/** What `test` and `eval` run a collection with, beyond every verb's options. */
export interface CollectionRunRequest {
  /** `--reporter`s, their files opened once every option passed. */
  reporters: Reporter[];
  /** `--only <name>`: the items to run. */
  only: string[];
  /** The model and its runs (see evalOptions.ts): eval's, and test's when a model is named. */
  model?: EvalRequest;
}

export interface RawCollectionRunOptions extends RawEvalOptions {
  reporter?: string[];
  only?: string[];
}

/** The collection file: the subject, else the default one. */
export function collectionFileOf(subject: string | undefined): string {
  return subject ?? DEFAULT_COLLECTION_FILE;
}

/** test's and eval's own options: the model-provider flags, and the reports. */
export function addCollectionRunOptions(program: Command): void {
  addEvalOptions(program, collect);
  program
    .option(
      '--reporter <kind[=file]>',
      'also report as junit=FILE, json=FILE, or tap (TAP 14 on stdout; tap=FILE for a file) (repeatable)',
      collect,
    )
    .option(
      '--only <name>',
      'run only this item (repeatable); items it takes values from must be named too',
      collect,
    );
}

/** The reports and the model; `wantsModel`: eval always, test when a model is named. */
export function collectionRunRequest(
  { options, env, fail }: OwnInput<RawCollectionRunOptions>,
  wantsModel: boolean,
): CollectionRunRequest {
  const reporters = parseReporters(options.reporter ?? []);
  if ('error' in reporters) return fail(reporters.error);
  if (options.json === true && reporters.some((r) => r.kind === 'tap' && r.path === undefined))
    fail('--json and --reporter tap both print on stdout: give the TAP report a file, tap=PATH');
  const model = wantsModel ? evalRequest(options, env) : undefined;
  if (model && 'error' in model) return fail(model.error);
  return { reporters, only: options.only ?? [], ...(model ? { model } : {}) };
}

export function openReportFiles(own: CollectionRunRequest, fail: (message: string) => never): void {
  const problem = openReporters(own.reporters);
  if (problem) fail(problem.error);
}

/** The server's requests during an item are answered with the item's saved answers. */
export async function itemsSession<Own extends CollectionRunRequest>(
  request: VerbRequest<Own>,
  run: (context: SessionContext & { request: VerbRequest<Own> }, items: ItemAnswerer) => Promise<void>,
): Promise<SessionPlan> {
  const { ItemAnswerer } = await import('../../../shared/collections/coreDriver.js');
  const items = new ItemAnswerer();
  return { answerer: items, run: (context) => run({ ...context, request }, items) };
}
