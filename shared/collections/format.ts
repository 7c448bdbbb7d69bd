import { parseJsonText } from '../jsonText.js';
import { stableJson } from '../core/stableJson.js';
import { readEvals, type EvalItem } from './evalFormat.js';
import { parsePath } from './jsonPath.js';

/**
 * A collection: calls saved with what is expected of them, in a file the person commits. Written
 * with `stableJson` (sorted keys, two-space indent, one item per block) so that a save reads as a
 * small diff; never holding a secret (`${env:NAME}` stands for one, in the target and in
 * arguments).
 */
export const COLLECTION_FORMAT_VERSION = 1;

/** The default file name, in the folder the CLI runs in. */
export const DEFAULT_COLLECTION_FILE = 'mcp-inspect.collection.json';

/** The server the collection is for; strings may hold `${env:NAME}`. */
export interface CollectionTarget {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  transport?: 'streamable-http' | 'sse';
  era?: 'auto' | 'modern' | 'legacy';
}

export type ElicitationAnswer =
  { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

/** How the server's requests during the item are answered; an ask with no answer here fails the item. */
export interface ItemAnswers {
  elicitation?: ElicitationAnswer;
  /** The text of the reply to every sampling request. */
  samplingReply?: string;
}

export type PathOp = 'equals' | 'contains' | 'matches' | 'exists';

export type Expectation =
  | { type: 'succeeds' }
  | { type: 'isError' }
  /** A JSON-RPC error; any code when `code` is left out. */
  | { type: 'rpcError'; code?: number }
  | { type: 'path'; path: string; op: PathOp; value?: unknown }
  | { type: 'outputSchema' }
  | { type: 'textContains'; text: string }
  | { type: 'contentTypes'; types: string[] }
  | { type: 'latency'; underMs: number }
  | { type: 'snapshot'; value: unknown; ignore?: string[] };

export type ExpectationType = Expectation['type'];

export const EXPECTATION_TYPES: readonly ExpectationType[] = [
  'succeeds',
  'isError',
  'rpcError',
  'path',
  'outputSchema',
  'textContains',
  'contentTypes',
  'latency',
  'snapshot',
];

interface ItemBase {
  name: string;
  answers?: ItemAnswers;
  /** Checked one by one; none means `succeeds`. */
  expect: Expectation[];
}

export type CollectionItem =
  | (ItemBase & { kind: 'tool'; tool: string; arguments?: Record<string, unknown> })
  | (ItemBase & { kind: 'prompt'; prompt: string; arguments?: Record<string, string> })
  | (ItemBase & { kind: 'resource'; uri: string });

export type ItemKind = CollectionItem['kind'];

export interface Collection {
  formatVersion: typeof COLLECTION_FORMAT_VERSION;
  name?: string;
  target?: CollectionTarget;
  items: CollectionItem[];
  /** Prompts given to a model with the server's tools, and what it should do (see evalFormat.ts). */
  evals?: EvalItem[];
}

/** The file's text for a collection: the same collection always writes the same bytes. */
export function collectionText(collection: Collection): string {
  return stableJson(collection);
}

export type ParsedCollection = { collection: Collection } | { error: string; line?: number; column?: number };

/**
 * Reads a collection file. A syntax error is named by line and column; a value of the wrong
 * shape by where it is (`items[2].expect[0].op`), with what was expected there.
 */
export function parseCollection(text: string): ParsedCollection {
  const read = parseJsonText(text);
  if ('error' in read) return { error: read.error, line: read.line, column: read.column };
  try {
    return { collection: readCollection(read.value) };
  } catch (error) {
    if (error instanceof ShapeError) return { error: error.message };
    throw error;
  }
}

class ShapeError extends Error {}

function fail(where: string, expected: string): never {
  throw new ShapeError(`${where}: expected ${expected}`);
}

function object(value: unknown, where: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(where, 'an object');
  return value as Record<string, unknown>;
}

function string(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(where, 'a string');
  return value;
}

function optionalString(value: unknown, where: string): string | undefined {
  return value === undefined ? undefined : string(value, where);
}

function stringMap(value: unknown, where: string): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const map = object(value, where);
  for (const [key, item] of Object.entries(map)) string(item, `${where}.${key}`);
  return map as Record<string, string>;
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      throw new ShapeError(`${where}: unknown field "${key}" (allowed: ${allowed.join(', ')})`);
  }
}

function readCollection(value: unknown): Collection {
  const root = object(value, 'the collection');
  onlyKeys(root, ['formatVersion', 'name', 'target', 'items', 'evals'], 'the collection');
  if (root.formatVersion !== COLLECTION_FORMAT_VERSION) {
    throw new ShapeError(
      `formatVersion: expected ${COLLECTION_FORMAT_VERSION}${root.formatVersion === undefined ? ' (missing)' : `, found ${JSON.stringify(root.formatVersion)}: written by a newer mcp-inspect?`}`,
    );
  }
  if (!Array.isArray(root.items)) fail('items', 'an array of items');
  const items = root.items.map((item, i) => readItem(item, `items[${i}]`));
  const names = new Set<string>();
  items.forEach((item, i) => {
    if (names.has(item.name))
      throw new ShapeError(`items[${i}].name: "${item.name}" is the name of an earlier item too`);
    names.add(item.name);
  });
  const name = optionalString(root.name, 'name');
  const target = root.target === undefined ? undefined : readTarget(root.target);
  const evals = root.evals === undefined ? undefined : readEvals(root.evals);
  if (evals !== undefined && 'error' in evals) throw new ShapeError(evals.error);
  return {
    formatVersion: COLLECTION_FORMAT_VERSION,
    ...(name === undefined ? {} : { name }),
    ...(target ? { target } : {}),
    items,
    ...(evals === undefined ? {} : { evals }),
  };
}

function readTarget(value: unknown): CollectionTarget {
  const where = 'target';
  const raw = object(value, where);
  onlyKeys(raw, ['command', 'args', 'env', 'cwd', 'url', 'headers', 'transport', 'era'], where);
  const target: CollectionTarget = {};
  if (raw.command !== undefined) target.command = string(raw.command, `${where}.command`);
  if (raw.args !== undefined) {
    if (!Array.isArray(raw.args)) fail(`${where}.args`, 'an array of strings');
    target.args = raw.args.map((arg, i) => string(arg, `${where}.args[${i}]`));
  }
  const env = stringMap(raw.env, `${where}.env`);
  if (env) target.env = env;
  if (raw.cwd !== undefined) target.cwd = string(raw.cwd, `${where}.cwd`);
  if (raw.url !== undefined) target.url = string(raw.url, `${where}.url`);
  const headers = stringMap(raw.headers, `${where}.headers`);
  if (headers) target.headers = headers;
  if (raw.transport !== undefined) {
    if (raw.transport !== 'streamable-http' && raw.transport !== 'sse')
      fail(`${where}.transport`, '"streamable-http" or "sse"');
    target.transport = raw.transport;
  }
  if (raw.era !== undefined) {
    if (raw.era !== 'auto' && raw.era !== 'modern' && raw.era !== 'legacy')
      fail(`${where}.era`, '"auto", "modern" or "legacy"');
    target.era = raw.era;
  }
  if ((target.command === undefined) === (target.url === undefined)) {
    throw new ShapeError(`${where}: give either "command" or "url"`);
  }
  return target;
}

function readItem(value: unknown, where: string): CollectionItem {
  const raw = object(value, where);
  const name = string(raw.name, `${where}.name`);
  if (name.trim() === '') fail(`${where}.name`, 'a name');
  const at = `${where} ("${name}")`;
  const expect = raw.expect === undefined ? [] : raw.expect;
  if (!Array.isArray(expect)) fail(`${at}.expect`, 'an array of expectations');
  const expectations = expect.map((item, i) => readExpectation(item, `${at}.expect[${i}]`));
  const answers = raw.answers === undefined ? undefined : readAnswers(raw.answers, `${at}.answers`);
  const base = { name, expect: expectations, ...(answers ? { answers } : {}) };
  switch (raw.kind) {
    case 'tool': {
      onlyKeys(raw, ['name', 'kind', 'tool', 'arguments', 'answers', 'expect'], at);
      const args = raw.arguments === undefined ? undefined : object(raw.arguments, `${at}.arguments`);
      return {
        ...base,
        kind: 'tool',
        tool: string(raw.tool, `${at}.tool`),
        ...(args ? { arguments: args } : {}),
      };
    }
    case 'prompt': {
      onlyKeys(raw, ['name', 'kind', 'prompt', 'arguments', 'answers', 'expect'], at);
      const args = stringMap(raw.arguments, `${at}.arguments`);
      return {
        ...base,
        kind: 'prompt',
        prompt: string(raw.prompt, `${at}.prompt`),
        ...(args ? { arguments: args } : {}),
      };
    }
    case 'resource':
      onlyKeys(raw, ['name', 'kind', 'uri', 'answers', 'expect'], at);
      return { ...base, kind: 'resource', uri: string(raw.uri, `${at}.uri`) };
    default:
      return fail(`${at}.kind`, '"tool", "prompt" or "resource"');
  }
}

function readAnswers(value: unknown, where: string): ItemAnswers {
  const raw = object(value, where);
  onlyKeys(raw, ['elicitation', 'samplingReply'], where);
  const answers: ItemAnswers = {};
  if (raw.elicitation !== undefined) {
    const elicitation = object(raw.elicitation, `${where}.elicitation`);
    if (elicitation.action === 'accept') {
      answers.elicitation = {
        action: 'accept',
        content: object(elicitation.content ?? {}, `${where}.elicitation.content`),
      };
    } else if (elicitation.action === 'decline' || elicitation.action === 'cancel') {
      answers.elicitation = { action: elicitation.action };
    } else {
      fail(`${where}.elicitation.action`, '"accept", "decline" or "cancel"');
    }
  }
  if (raw.samplingReply !== undefined)
    answers.samplingReply = string(raw.samplingReply, `${where}.samplingReply`);
  return answers;
}

function readExpectation(value: unknown, where: string): Expectation {
  const raw = object(value, where);
  const only = (...keys: string[]) => onlyKeys(raw, ['type', ...keys], where);
  switch (raw.type) {
    case 'succeeds':
    case 'isError':
    case 'outputSchema':
      only();
      return { type: raw.type };
    case 'rpcError':
      only('code');
      if (raw.code !== undefined && !Number.isInteger(raw.code)) fail(`${where}.code`, 'an integer');
      return raw.code === undefined ? { type: 'rpcError' } : { type: 'rpcError', code: raw.code as number };
    case 'path': {
      only('path', 'op', 'value');
      const path = string(raw.path, `${where}.path`);
      const parsed = parsePath(path);
      if ('error' in parsed) throw new ShapeError(`${where}.path: ${parsed.error}`);
      const op = raw.op;
      if (op !== 'equals' && op !== 'contains' && op !== 'matches' && op !== 'exists')
        fail(`${where}.op`, '"equals", "contains", "matches" or "exists"');
      if (op === 'exists') return { type: 'path', path, op };
      if (!('value' in raw)) fail(`${where}.value`, `the value the path ${op}`);
      if (op === 'matches') {
        const pattern = string(raw.value, `${where}.value`);
        try {
          new RegExp(pattern, 'u');
        } catch (error) {
          throw new ShapeError(`${where}.value: not a regular expression: ${(error as Error).message}`);
        }
      }
      return { type: 'path', path, op, value: raw.value };
    }
    case 'textContains':
      only('text');
      return { type: 'textContains', text: string(raw.text, `${where}.text`) };
    case 'contentTypes': {
      only('types');
      if (!Array.isArray(raw.types)) fail(`${where}.types`, 'an array of content types');
      return {
        type: 'contentTypes',
        types: raw.types.map((type, i) => string(type, `${where}.types[${i}]`)),
      };
    }
    case 'latency':
      only('underMs');
      if (typeof raw.underMs !== 'number' || !(raw.underMs > 0))
        fail(`${where}.underMs`, 'a number of milliseconds above 0');
      return { type: 'latency', underMs: raw.underMs };
    case 'snapshot': {
      only('value', 'ignore');
      if (!('value' in raw)) fail(`${where}.value`, 'the saved result');
      const ignore = raw.ignore === undefined ? undefined : raw.ignore;
      if (ignore !== undefined && !Array.isArray(ignore)) fail(`${where}.ignore`, 'an array of paths');
      const paths = (ignore ?? []).map((path, i) => {
        const text = string(path, `${where}.ignore[${i}]`);
        const parsed = parsePath(text);
        if ('error' in parsed) throw new ShapeError(`${where}.ignore[${i}]: ${parsed.error}`);
        return text;
      });
      return { type: 'snapshot', value: raw.value, ...(ignore === undefined ? {} : { ignore: paths }) };
    }
    default:
      return fail(`${where}.type`, `one of ${EXPECTATION_TYPES.join(', ')}`);
  }
}
