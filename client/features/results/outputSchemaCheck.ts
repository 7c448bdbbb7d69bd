import { compileSchema, type CompiledSchema, type SchemaError } from '../../schema/jsonSchemaEngine';

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
  const errors = validate(structuredContent);
  if (errors.length === 0) return { kind: 'pass' };
  return { kind: 'fail', violations: errors.map(describeError) };
}

// A tool's schema object is the same object on every call (it comes from the cached tools
// list), so it is compiled once.
const compiled = new WeakMap<object, CompiledSchema | Error>();

function compile(schema: unknown): CompiledSchema | Error {
  if (typeof schema !== 'object' || schema === null) {
    if (typeof schema !== 'boolean') return new Error('the outputSchema is not an object');
  }
  const key = typeof schema === 'object' && schema !== null ? schema : undefined;
  const cached = key && compiled.get(key);
  if (cached) return cached;
  let result: CompiledSchema | Error;
  try {
    result = compileSchema(schema);
  } catch (error) {
    result = error instanceof Error ? error : new Error(String(error));
  }
  if (key) compiled.set(key, result);
  return result;
}

function describeError(error: SchemaError): SchemaViolation {
  const { params } = error;
  let message = error.message;
  if (typeof params.additionalProperty === 'string') message += `: '${params.additionalProperty}'`;
  if (Array.isArray(params.allowedValues))
    message += `: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return { path: error.instancePath, message };
}
