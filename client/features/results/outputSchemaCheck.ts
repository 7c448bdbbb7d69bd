import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** One way structuredContent breaks its outputSchema: where (a JSON Pointer) and why. */
export interface SchemaViolation {
  /** JSON Pointer into structuredContent; '' is the value itself. */
  path: string;
  message: string;
}

/** What the page says about a result's structuredContent and the tool's outputSchema. */
export type StructuredContentCheck =
  /** Neither an outputSchema nor structuredContent: nothing to say. */
  | { kind: 'none' }
  /** structuredContent without an outputSchema to check it against. */
  | { kind: 'unchecked' }
  /** The tool declares an outputSchema but the (successful) result has no structuredContent. */
  | { kind: 'missing' }
  | { kind: 'pass' }
  | { kind: 'fail'; violations: SchemaViolation[] }
  /** The outputSchema itself could not be compiled. */
  | { kind: 'bad-schema'; message: string };

export interface CheckInput {
  outputSchema: unknown;
  structuredContent: unknown;
  isError: boolean | undefined;
}

/**
 * Checks a tool result the way the spec asks of a client: a tool that declares an
 * outputSchema must return structuredContent that conforms to it. A tool error is exempt
 * from returning it: it failed, and says so in its content.
 */
export function checkStructuredContent({
  outputSchema,
  structuredContent,
  isError,
}: CheckInput): StructuredContentCheck {
  const hasSchema = outputSchema !== undefined && outputSchema !== null;
  if (structuredContent === undefined) return hasSchema && !isError ? { kind: 'missing' } : { kind: 'none' };
  if (!hasSchema) return { kind: 'unchecked' };
  const validate = compile(outputSchema);
  if (validate instanceof Error) return { kind: 'bad-schema', message: validate.message };
  if (validate(structuredContent)) return { kind: 'pass' };
  return { kind: 'fail', violations: (validate.errors ?? []).map(describeError) };
}

// A tool's schema object is the same object on every call (it comes from the cached tools
// list), so it is compiled once.
const compiled = new WeakMap<object, ValidateFunction | Error>();

function compile(schema: unknown): ValidateFunction | Error {
  // `true` and `false` are schemas too (anything, nothing).
  if (typeof schema === 'boolean') return engineFor(undefined).ajv.compile(schema);
  if (typeof schema !== 'object' || schema === null) return new Error('the outputSchema is not an object');
  const cached = compiled.get(schema);
  if (cached) return cached;
  let result: ValidateFunction | Error;
  try {
    const dialect = (schema as { $schema?: unknown }).$schema;
    const engine = engineFor(typeof dialect === 'string' ? dialect : undefined);
    result = engine.ajv.compile(engine.known ? schema : withoutDialect(schema));
  } catch (error) {
    result = error instanceof Error ? error : new Error(String(error));
  }
  compiled.set(schema, result);
  return result;
}

interface Engine {
  ajv: Ajv;
  /** Whether this engine knows the schema's `$schema`; if not, it is dropped and draft-07 assumed. */
  known: boolean;
}

const engines = new Map<Dialect, Ajv>();
type Dialect = 'draft-07' | '2019-09' | '2020-12';

function ajvFor(dialect: Dialect): Ajv {
  const existing = engines.get(dialect);
  if (existing) return existing;
  // allErrors: an inspector shows every failing path, not the first. strict off: servers use
  // keywords of their own, which must not turn into a failed check.
  const options = { allErrors: true, strict: false } as const;
  const ajv =
    dialect === '2020-12'
      ? new Ajv2020(options)
      : dialect === '2019-09'
        ? new Ajv2019(options)
        : new Ajv(options);
  addFormats(ajv);
  engines.set(dialect, ajv);
  return ajv;
}

/**
 * The JSON Schema dialect a schema asks for. MCP (2025-11-25) says a schema without
 * `$schema` is 2020-12; the SDK's zod conversion writes draft-07.
 */
function engineFor(dialect: string | undefined): Engine {
  if (dialect === undefined || dialect.includes('2020-12')) return { ajv: ajvFor('2020-12'), known: true };
  if (dialect.includes('2019-09')) return { ajv: ajvFor('2019-09'), known: true };
  if (dialect.includes('draft-07')) return { ajv: ajvFor('draft-07'), known: true };
  // draft-04/06 or something else: close enough to draft-07 to check with, better than no check.
  return { ajv: ajvFor('draft-07'), known: false };
}

function withoutDialect(schema: object): object {
  const { $schema: _dropped, ...rest } = schema as Record<string, unknown>;
  return rest;
}

function describeError(error: ErrorObject): SchemaViolation {
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? error.keyword;
  if (typeof params.additionalProperty === 'string') message += `: '${params.additionalProperty}'`;
  if (Array.isArray(params.allowedValues))
    message += `: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return { path: error.instancePath, message };
}
