import { parsePath } from './jsonPath.js';

/**
 * An eval: a prompt given to a model with the server's tools, and what the model is expected to
 * do with them; run K times for a pass rate. Evals sit in a collection's `evals` list, beside its
 * `items` (the calls a person saved), in the same committed file.
 */
export interface EvalItem {
  name: string;
  prompt: string;
  system?: string;
  /** The tools the model is given (server names); all of them when left out. */
  tools?: string[];
  /** How many times it runs, unless the command line says (--runs). */
  runs?: number;
  /** The share of runs that must pass, 0 to 1 (default 1: every run). */
  threshold?: number;
  /** Model requests per run at most (default 8): a model still calling tools then is stopped. */
  maxSteps?: number;
  /**
   * What happens when the model proposes a destructive tool: left out, the shell's own rule (the
   * page asks the person as for any call; headless refuses unless --allow-destructive or
   * --allow-tool); `allow` runs it without asking, in the page and headless; `refuse` never
   * runs it (the model is told), whatever the flags, to see how the model copes.
   */
  destructiveTools?: DestructivePolicy;
  expect: EvalExpectation[];
}

export type DestructivePolicy = 'allow' | 'refuse';

export type EvalArgumentOp = 'equals' | 'matches' | 'exists';

export type EvalExpectation =
  /** The model called the tool (at least once), or with `not`, never proposed it. */
  | { type: 'calledTool'; tool: string; not?: boolean }
  /** A call of the tool had arguments where the path equals / matches / exists. */
  | { type: 'arguments'; tool: string; path: string; op: EvalArgumentOp; value?: unknown }
  /** Every call's arguments fit its tool's inputSchema. */
  | { type: 'argumentsValid' }
  /** No tool the page would ask about (destructive) was proposed. */
  | { type: 'noDestructiveTool' }
  /** The model's final text contains the text, or matches the pattern. */
  | { type: 'finalText'; op: 'contains' | 'matches'; value: string }
  /** The model answered within this many requests. */
  | { type: 'maxSteps'; steps: number };

export const EVAL_EXPECTATION_TYPES = [
  'calledTool',
  'arguments',
  'argumentsValid',
  'noDestructiveTool',
  'finalText',
  'maxSteps',
] as const;

export const DEFAULT_EVAL_MAX_STEPS = 8;
/** An eval that repeats itself beyond this is a mistake in the file, not a measurement. */
export const MAX_EVAL_RUNS = 100;
export const MAX_EVAL_STEPS = 50;

class EvalShapeError extends Error {}

function fail(where: string, expected: string): never {
  throw new EvalShapeError(`${where}: expected ${expected}`);
}

function object(value: unknown, where: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(where, 'an object');
  return value as Record<string, unknown>;
}

function string(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(where, 'a string');
  return value;
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(value))
    if (!allowed.includes(key))
      throw new EvalShapeError(`${where}: unknown field "${key}" (allowed: ${allowed.join(', ')})`);
}

function integer(value: unknown, where: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    fail(where, `a whole number from ${min} to ${max}`);
  return value;
}

/** A collection's `evals` list, checked; a problem named by where it is (`evals[1].expect[0].op`). */
export function readEvals(value: unknown): EvalItem[] | { error: string } {
  try {
    if (!Array.isArray(value)) fail('evals', 'an array of evals');
    const evals = value.map((item, i) => readEval(item, `evals[${i}]`));
    const names = new Set<string>();
    evals.forEach((item, i) => {
      if (names.has(item.name))
        throw new EvalShapeError(`evals[${i}].name: "${item.name}" is the name of an earlier eval too`);
      names.add(item.name);
    });
    return evals;
  } catch (error) {
    if (error instanceof EvalShapeError) return { error: error.message };
    throw error;
  }
}

function readEval(value: unknown, where: string): EvalItem {
  const raw = object(value, where);
  const name = string(raw.name, `${where}.name`);
  if (name.trim() === '') fail(`${where}.name`, 'a name');
  const at = `${where} ("${name}")`;
  onlyKeys(
    raw,
    ['name', 'prompt', 'system', 'tools', 'runs', 'threshold', 'maxSteps', 'destructiveTools', 'expect'],
    at,
  );
  const item: EvalItem = { name, prompt: string(raw.prompt, `${at}.prompt`), expect: [] };
  if (item.prompt.trim() === '') fail(`${at}.prompt`, 'the text given to the model');
  if (raw.system !== undefined) item.system = string(raw.system, `${at}.system`);
  if (raw.tools !== undefined) {
    if (!Array.isArray(raw.tools)) fail(`${at}.tools`, "an array of the server's tool names");
    item.tools = raw.tools.map((tool, i) => string(tool, `${at}.tools[${i}]`));
  }
  if (raw.runs !== undefined) item.runs = integer(raw.runs, `${at}.runs`, 1, MAX_EVAL_RUNS);
  if (raw.threshold !== undefined) {
    if (typeof raw.threshold !== 'number' || raw.threshold < 0 || raw.threshold > 1)
      fail(`${at}.threshold`, 'a share of runs from 0 to 1');
    item.threshold = raw.threshold;
  }
  if (raw.maxSteps !== undefined) item.maxSteps = integer(raw.maxSteps, `${at}.maxSteps`, 1, MAX_EVAL_STEPS);
  if (raw.destructiveTools !== undefined) {
    if (raw.destructiveTools !== 'allow' && raw.destructiveTools !== 'refuse')
      fail(`${at}.destructiveTools`, '"allow" or "refuse" (left out: the page asks, headless refuses)');
    item.destructiveTools = raw.destructiveTools;
  }
  const expect = raw.expect === undefined ? [] : raw.expect;
  if (!Array.isArray(expect)) fail(`${at}.expect`, 'an array of expectations');
  item.expect = expect.map((entry, i) => readExpectation(entry, `${at}.expect[${i}]`));
  return item;
}

function readExpectation(value: unknown, where: string): EvalExpectation {
  const raw = object(value, where);
  const only = (...keys: string[]) => onlyKeys(raw, ['type', ...keys], where);
  switch (raw.type) {
    case 'calledTool': {
      only('tool', 'not');
      if (raw.not !== undefined && typeof raw.not !== 'boolean') fail(`${where}.not`, 'true or false');
      const tool = string(raw.tool, `${where}.tool`);
      return raw.not === true ? { type: 'calledTool', tool, not: true } : { type: 'calledTool', tool };
    }
    case 'arguments': {
      only('tool', 'path', 'op', 'value');
      const path = string(raw.path, `${where}.path`);
      const parsed = parsePath(path);
      if ('error' in parsed) throw new EvalShapeError(`${where}.path: ${parsed.error}`);
      const op = raw.op;
      if (op !== 'equals' && op !== 'matches' && op !== 'exists')
        fail(`${where}.op`, '"equals", "matches" or "exists"');
      const tool = string(raw.tool, `${where}.tool`);
      if (op === 'exists') return { type: 'arguments', tool, path, op };
      if (!('value' in raw)) fail(`${where}.value`, `the value the path ${op}`);
      if (op === 'matches') checkPattern(string(raw.value, `${where}.value`), `${where}.value`);
      return { type: 'arguments', tool, path, op, value: raw.value };
    }
    case 'argumentsValid':
    case 'noDestructiveTool':
      only();
      return { type: raw.type };
    case 'finalText': {
      only('op', 'value');
      if (raw.op !== 'contains' && raw.op !== 'matches') fail(`${where}.op`, '"contains" or "matches"');
      const text = string(raw.value, `${where}.value`);
      if (raw.op === 'matches') checkPattern(text, `${where}.value`);
      return { type: 'finalText', op: raw.op, value: text };
    }
    case 'maxSteps':
      only('steps');
      return { type: 'maxSteps', steps: integer(raw.steps, `${where}.steps`, 1, MAX_EVAL_STEPS) };
    default:
      return fail(`${where}.type`, `one of ${EVAL_EXPECTATION_TYPES.join(', ')}`);
  }
}

function checkPattern(pattern: string, where: string): void {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    throw new EvalShapeError(`${where}: not a regular expression: ${(error as Error).message}`);
  }
}
