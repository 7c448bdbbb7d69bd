import { nestingTooDeep } from '../../shared/jsonNesting.js';
import { MAX_DEPTH } from '../../shared/jsonText.js';
import { readBoundedText } from '../files/boundedRead.js';

/** The arguments as the command line gave them, before a schema types them. */
export interface RawArguments {
  /** `--arg key=value`, in order. */
  pairs: [string, string][];
  /** `--args '<json>'` or `--args @file.json`: an object. */
  object?: Record<string, unknown>;
}

/** Reads `--arg` and `--args` values; returns the problem in words for the person. */
export function readRawArguments(
  pairs: readonly string[],
  args: string | undefined,
): RawArguments | { error: string } {
  const read: RawArguments = { pairs: [] };
  const seen = new Set<string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = at > 0 ? pair.slice(0, at) : '';
    if (key === '') return { error: `--arg takes key=value, got "${pair}"` };
    if (seen.has(key)) return { error: `--arg ${key} is given twice` };
    seen.add(key);
    read.pairs.push([key, pair.slice(at + 1)]);
  }
  if (args !== undefined) {
    let text = args;
    if (args.startsWith('@')) {
      const read = readBoundedText(args.slice(1));
      if ('error' in read) return { error: `--args: ${read.error}` };
      text = read.text;
    }
    // The whole value goes on to be checked and sent: a deep one would end the verb in a RangeError.
    const deep = nestingTooDeep(text, MAX_DEPTH);
    if (deep) return { error: `--args: nested more than ${MAX_DEPTH} levels deep (arrays and objects)` };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { error: `--args is not JSON: ${(error as Error).message}` };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { error: '--args takes a JSON object of the arguments' };
    }
    read.object = value as Record<string, unknown>;
  }
  return read;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/**
 * The tool's arguments: `--args` first, each `--arg` on top, its value typed by the property's
 * schema in the tool's `inputSchema` (a number, a boolean, JSON for an object or an array, text for
 * a string). A property the schema does not type is read as JSON when it is JSON, else as text.
 */
export function toolArguments(
  raw: RawArguments,
  inputSchema: unknown,
): { args: Record<string, unknown> } | { error: string } {
  const args: Record<string, unknown> = { ...raw.object };
  const properties = (inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  for (const [key, text] of raw.pairs) {
    const types = typesOf(properties[key]);
    const value = typedValue(text, types);
    if ('error' in value) return { error: `--arg ${key}: ${value.error}` };
    args[key] = value.value;
  }
  return { args };
}

/** Prompt arguments are all strings (MCP's prompts/get). */
export function promptArguments(raw: RawArguments): { args: Record<string, string> } | { error: string } {
  const args: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw.object ?? {})) {
    if (typeof value !== 'string')
      return { error: `--args: a prompt's arguments are strings; "${key}" is not` };
    args[key] = value;
  }
  for (const [key, value] of raw.pairs) args[key] = value;
  return { args };
}

/** The JSON types a property's schema allows, from `type`, `enum`, `const` or its `anyOf`/`oneOf`. */
function typesOf(schema: unknown): Set<JsonType> {
  const types = new Set<JsonType>();
  if (typeof schema !== 'object' || schema === null) return types;
  const s = schema as Record<string, unknown>;
  const add = (value: unknown): void => {
    if (typeof value === 'string') types.add(value as JsonType);
    else if (Array.isArray(value)) value.forEach(add);
  };
  add(s.type);
  for (const value of [...(Array.isArray(s.enum) ? s.enum : []), ...('const' in s ? [s.const] : [])]) {
    types.add(jsonTypeOf(value));
  }
  for (const branch of [s.anyOf, s.oneOf]) {
    if (Array.isArray(branch))
      for (const option of branch) typesOf(option).forEach((type) => types.add(type));
  }
  return types;
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'number' || type === 'boolean' || type === 'object' ? type : 'string';
}

function typedValue(text: string, types: Set<JsonType>): { value: unknown } | { error: string } {
  // No type to go by: JSON where it reads as JSON, else the text itself.
  if (types.size === 0) {
    const parsed = parseJson(text);
    return { value: parsed === undefined ? text : parsed.value };
  }
  if ((types.has('number') || types.has('integer')) && text.trim() !== '' && Number.isFinite(Number(text))) {
    return { value: Number(text) };
  }
  if (types.has('boolean') && (text === 'true' || text === 'false')) return { value: text === 'true' };
  if (types.has('null') && text === 'null') return { value: null };
  if (types.has('object') || types.has('array')) {
    const parsed = parseJson(text);
    const fits = parsed !== undefined && (types.has(jsonTypeOf(parsed.value)) || !types.has('string'));
    if (fits) return parsed;
    if (!types.has('string')) {
      return { error: `expected JSON (${[...types].join(' or ')}), got ${JSON.stringify(text)}` };
    }
  }
  // A string, or a value of another type as typed: the schema check says what is wrong with it.
  return { value: text };
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** `--arg`/`--args` of a verb that takes arguments (call, prompt, load), read into its own request. */
export function argumentsOf(
  options: { arg?: string[]; args?: string },
  fail: (message: string) => never,
): RawArguments {
  const args = readRawArguments(options.arg ?? [], options.args);
  return 'error' in args ? fail(args.error) : args;
}
