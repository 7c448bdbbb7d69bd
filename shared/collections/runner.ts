import type { Tool } from '@modelcontextprotocol/client';
import { evaluate, type ExpectationResult, type Observation, type SchemaValidator } from './expectations.js';
import type { Collection, CollectionItem, Expectation, ItemAnswers } from './format.js';
import { resolveReferences } from './references.js';

/** An item's request that got no answer to check: why, in words. */
export type NoAnswer = { kind: 'failed'; reason: string };

/**
 * How a runner reaches the server: the CLI and the page each bring theirs (the core's client in
 * both; see coreDriver.ts). A failure that ends the whole run (the connection lost) is thrown.
 */
export interface CollectionDriver {
  listTools(): Promise<Tool[]>;
  callTool(tool: Tool, args: Record<string, unknown>, answers: ItemAnswers): Promise<Observation | NoAnswer>;
  getPrompt(
    name: string,
    args: Record<string, string>,
    answers: ItemAnswers,
  ): Promise<Observation | NoAnswer>;
  readResource(uri: string, answers: ItemAnswers): Promise<Observation | NoAnswer>;
}

export type ItemStatus = 'passed' | 'failed' | 'error';

/** How one item went. */
export interface ItemRun {
  name: string;
  kind: CollectionItem['kind'];
  /** What was called: the tool, the prompt, or the resource's URI. */
  subject: string;
  /** `passed`: every expectation held; `failed`: one did not; `error`: no answer to check (reason). */
  status: ItemStatus;
  reason?: string;
  expectations: ExpectationResult[];
  /** The arguments as sent, placeholders resolved. */
  arguments?: Record<string, unknown>;
  observation?: Observation;
}

export interface CollectionRun {
  items: ItemRun[];
  passed: number;
  failed: number;
  durationMs: number;
}

export interface RunOptions {
  validate: SchemaValidator;
  /** Environment variables for `${env:NAME}`; the page has none. */
  env?: (name: string) => string | undefined;
  /** Run only these items (by name); the others are skipped, and their results are not there to chain from. */
  only?: readonly string[];
  itemStarted?(item: CollectionItem, index: number): void;
  itemDone?(run: ItemRun, index: number): void;
  /** Milliseconds now, for the run's duration. */
  now?: () => number;
}

/** An item with no expectations must at least succeed. */
const DEFAULT_EXPECTATIONS: Expectation[] = [{ type: 'succeeds' }];

/**
 * Runs a collection's items in order, one at a time (a later item may take a value from an
 * earlier one's result). Each item ends passed, failed (an expectation did not hold) or in error
 * (no answer to check: an unknown tool, arguments its schema refuses, a placeholder with no
 * value, no answer in time); the next item runs either way.
 */
export async function runCollection(
  collection: Collection,
  driver: CollectionDriver,
  options: RunOptions,
): Promise<CollectionRun> {
  const now = options.now ?? (() => Date.now());
  const started = now();
  const results = new Map<string, unknown>();
  const earlier: string[] = [];
  const runs: ItemRun[] = [];
  let tools: Tool[] | undefined;
  for (const [index, item] of collection.items.entries()) {
    if (options.only && !options.only.includes(item.name)) {
      earlier.push(item.name);
      continue;
    }
    options.itemStarted?.(item, index);
    if (item.kind === 'tool' && tools === undefined) tools = await driver.listTools();
    const run = await runItem(item, driver, options, { results, earlier, tools: tools ?? [] });
    if (run.observation?.kind === 'result') results.set(item.name, run.observation.result);
    earlier.push(item.name);
    runs.push(run);
    options.itemDone?.(run, index);
  }
  const passed = runs.filter((run) => run.status === 'passed').length;
  return { items: runs, passed, failed: runs.length - passed, durationMs: now() - started };
}

async function runItem(
  item: CollectionItem,
  driver: CollectionDriver,
  options: RunOptions,
  state: { results: Map<string, unknown>; earlier: string[]; tools: Tool[] },
): Promise<ItemRun> {
  const subject = item.kind === 'tool' ? item.tool : item.kind === 'prompt' ? item.prompt : item.uri;
  const base = { name: item.name, kind: item.kind, subject, expectations: [] as ExpectationResult[] };
  const error = (reason: string, args?: Record<string, unknown>): ItemRun => ({
    ...base,
    status: 'error',
    reason,
    ...(args ? { arguments: args } : {}),
  });
  const sources = { env: options.env ?? (() => undefined), results: state.results, earlier: state.earlier };
  const resolvedSubject = resolveReferences(subject, sources);
  if ('error' in resolvedSubject) return error(resolvedSubject.error);
  const resolvedArgs = resolveReferences('arguments' in item ? (item.arguments ?? {}) : {}, sources);
  if ('error' in resolvedArgs) return error(resolvedArgs.error);
  const args = resolvedArgs.value as Record<string, unknown>;
  const answers = item.answers ?? {};

  let answer: Observation | NoAnswer;
  let outputSchema: unknown;
  if (item.kind === 'tool') {
    const tool = state.tools.find((candidate) => candidate.name === resolvedSubject.value);
    if (!tool) {
      const names = state.tools.map((candidate) => candidate.name);
      return error(
        `the server has no tool "${resolvedSubject.value}"${names.length > 0 ? ` (its tools: ${names.join(', ')})` : ' (it lists no tools)'}`,
        args,
      );
    }
    const checked = options.validate(args, tool.inputSchema);
    if ('problems' in checked && checked.problems.length > 0)
      return error(
        `the arguments do not fit the inputSchema of "${tool.name}": ${checked.problems.join('; ')}`,
        args,
      );
    outputSchema = tool.outputSchema;
    answer = await driver.callTool(tool, args, answers);
  } else if (item.kind === 'prompt') {
    const nonString = Object.entries(args).find(([, value]) => typeof value !== 'string');
    if (nonString)
      return error(
        `a prompt's arguments are strings; "${nonString[0]}" is ${JSON.stringify(nonString[1])}`,
        args,
      );
    answer = await driver.getPrompt(resolvedSubject.value, args as Record<string, string>, answers);
  } else {
    answer = await driver.readResource(resolvedSubject.value, answers);
  }
  if (answer.kind === 'failed') return error(answer.reason, item.kind === 'resource' ? undefined : args);
  const expectations = evaluate(item.expect.length > 0 ? item.expect : DEFAULT_EXPECTATIONS, answer, {
    kind: item.kind,
    outputSchema,
    validate: options.validate,
  });
  return {
    ...base,
    status: expectations.every((expectation) => expectation.pass) ? 'passed' : 'failed',
    expectations,
    ...(item.kind === 'resource' ? {} : { arguments: args }),
    observation: answer,
  };
}
