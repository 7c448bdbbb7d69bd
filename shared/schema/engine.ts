import { dereference, validate, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { draftOf } from './dialects.js';
import { describeFailure, type SchemaError } from './errorWords.js';

export type { SchemaError } from './errorWords.js';

/**
 * The product's one JSON Schema engine: the SDK clients (page and CLI), the forms, the result
 * check, both collection runners and lint all validate through it, so a schema means the same
 * everywhere and the page and `mcp-inspect test` agree on the same file.
 *
 * It is @cfworker/json-schema, which interprets a schema instead of compiling it to code: no
 * `new Function`, so the page's CSP needs no 'unsafe-eval' (server/http/httpApp.ts). It reads
 * 2020-12 (MCP's default), 2019-09, draft-07 and draft-04, by what the schema's `$schema` says.
 */

/** Checks a value; no errors means it fits. */
export type CompiledSchema = (value: unknown) => SchemaError[];

export interface CompileOptions {
  /**
   * Another schema the compiled one's local `$ref`s point into (rjsf validates a field's schema
   * whose `#/$defs/...` are in the form's root schema).
   */
  root?: unknown;
  /** The draft to read the schema as; by default the one it declares. */
  draft?: SchemaDraft;
  /** Schemas its `$ref`s may name by their `$id` (a meta-schema's vocabularies). */
  documents?: readonly object[];
  /**
   * Whether `format` is checked (by default it is, as the forms and `call` check an email field).
   * Lint leaves formats to its portability rules: a format is an annotation in 2020-12.
   */
  formats?: boolean;
}

/** A schema the engine cannot use: not an object or boolean, a `$ref` to nowhere, a bad pattern. */
export class UnusableSchemaError extends Error {
  override name = 'UnusableSchemaError';
}

// shared/ is typed without the DOM or Node; both have URL, which the engine takes a base URI as.
declare const URL: new (input: string) => NonNullable<Parameters<typeof dereference>[2]>;

const TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

const ROOT_URI = 'https://mcp-inspect.invalid/root';
const OWN_URI = 'https://mcp-inspect.invalid/schema';

/**
 * Reads a schema once, for any number of values. The schema is copied first: the engine marks
 * the schema objects it reads, and a server's schema (shown as it came) is not ours to change.
 */
export function compileSchema(schema: unknown, options: CompileOptions = {}): CompiledSchema {
  if (typeof schema === 'boolean') return (value) => run(value, schema, '2020-12', {});
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    throw new UnusableSchemaError('a JSON Schema is an object or a boolean');
  const draft = options.draft ?? draftOf(schema);
  let own = (options.formats === false ? withoutFormats(schema) : copyJson(schema)) as Schema;
  const lookup: Record<string, Schema | boolean> = Object.create(null) as Record<string, Schema>;
  try {
    if (options.root !== undefined && typeof options.root === 'object' && options.root !== schema) {
      dereference(copyJson(options.root) as Schema, lookup, new URL(ROOT_URI));
      own = pointLocalRefsAt(own, ROOT_URI) as Schema;
    }
    for (const document of options.documents ?? []) dereference(copyJson(document) as Schema, lookup);
    dereference(own, lookup, new URL(OWN_URI));
  } catch (error) {
    throw new UnusableSchemaError((error as Error).message);
  }
  checkUsable(lookup);
  return (value) => run(value, own, draft, lookup);
}

/** Whether a value fits a schema (the schema compiled once per call: for one-off checks). */
export function fits(schema: unknown, value: unknown, options?: CompileOptions): boolean {
  return compileSchema(schema, options)(value).length === 0;
}

function run(
  value: unknown,
  schema: Schema | boolean,
  draft: SchemaDraft,
  lookup: Record<string, Schema | boolean>,
): SchemaError[] {
  let units: OutputUnit[];
  try {
    units = validate(asJson(value), schema, draft, lookup, false).errors;
  } catch (error) {
    throw new UnusableSchemaError((error as Error).message);
  }
  return describeFailure(units, schema, lookup);
}

/**
 * A `$ref` the engine could not follow, or a pattern JavaScript cannot read, found now rather
 * than when a value first reaches it.
 */
function checkUsable(lookup: Record<string, Schema | boolean>): void {
  for (const entry of Object.values(lookup)) {
    if (typeof entry !== 'object') continue;
    const types: unknown[] = Array.isArray(entry.type)
      ? entry.type
      : entry.type === undefined
        ? []
        : [entry.type];
    const unknownType = types.find((type) => typeof type !== 'string' || !TYPES.has(type));
    if (unknownType !== undefined)
      throw new UnusableSchemaError(
        `type must be one of ${[...TYPES].join(', ')}, not ${JSON.stringify(unknownType)}`,
      );
    const ref = entry.__absolute_ref__;
    if (typeof ref === 'string' && lookup[ref] === undefined)
      throw new UnusableSchemaError(`can't resolve reference ${String(entry.$ref)}`);
    const patterns = [
      ...(typeof entry.pattern === 'string' ? [entry.pattern] : []),
      ...(isRecord(entry.patternProperties) ? Object.keys(entry.patternProperties) : []),
    ];
    for (const pattern of patterns) {
      try {
        new RegExp(pattern, 'u');
      } catch (error) {
        throw new UnusableSchemaError(
          `pattern ${JSON.stringify(pattern)} is not valid: ${(error as Error).message}`,
        );
      }
    }
  }
}

/** `#/...` refs made absolute into the root document (a copy; the schema is left as it was). */
function pointLocalRefsAt(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => pointLocalRefsAt(item, base));
  if (!isRecord(node)) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(node))
    copy[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith('#')
        ? base + child
        : pointLocalRefsAt(child, base);
  return copy;
}

/** A copy without `format` keywords (values under `const`, `enum`, `default`, `examples` kept). */
function withoutFormats(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutFormats);
  if (!isRecord(node)) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(node)) {
    if (key === 'format' && typeof child === 'string') continue;
    copy[key] = VALUE_KEYWORDS.has(key) ? copyJson(child) : withoutFormats(child);
  }
  return copy;
}

const VALUE_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/**
 * The value as JSON would carry it: a key set to `undefined` is absent (as a form leaves an
 * emptied field), which is how the SDK and the wire see it too.
 */
function asJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : asJson(item)));
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) if (child !== undefined) copy[key] = asJson(child);
  return copy;
}

/** A schema is JSON: copied as JSON (a schema holding anything else is not one). */
function copyJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
