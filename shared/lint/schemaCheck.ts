import type { SchemaDraft } from '@cfworker/json-schema';
import { DIALECT_URIS, declaredDialect } from '../schema/dialects.js';
import { compileSchema, type CompiledSchema, type SchemaError } from '../schema/engine.js';
import { metaSchemaOf } from '../schema/metaSchemas.js';
import { isSchemaObject } from './schemaWalk.js';

/**
 * JSON Schema checks for the lint rules, with the product's one engine (shared/schema/engine.ts):
 * is a schema valid against the meta-schema of the dialect it declares (2020-12 when it declares
 * none, as MCP says since 2025-11-25), and does a value fit it. A server's schema is not ours to
 * reject for style: unknown keywords pass, and formats are not checked here (the portability rules
 * speak of them instead).
 */
const DIALECTS = {
  [DIALECT_URIS['2020-12']]: '2020-12',
  [DIALECT_URIS['2019-09']]: '2019-09',
  [DIALECT_URIS['7']]: '7',
} as const satisfies Record<string, SchemaDraft>;

/** The dialects lint checks; draft-04 and draft-06 are said to be unknown to many clients. */
export type Dialect = keyof typeof DIALECTS;

export const DEFAULT_DIALECT: Dialect = DIALECT_URIS['2020-12'];

/** The dialect a schema declares: one we check, `undefined` for the default, or the unknown URI. */
export function dialectOf(schema: unknown): { dialect: Dialect } | { unknown: string } {
  const found = declaredDialect(isSchemaObject(schema) ? schema : undefined);
  if ('dialect' in found && found.dialect in DIALECTS) return { dialect: found.dialect as Dialect };
  return { unknown: 'unknown' in found ? found.unknown : String((schema as { $schema?: unknown }).$schema) };
}

/** What is wrong with a schema against its dialect's meta-schema: none, or the problems, one a line. */
export function metaSchemaProblems(schema: unknown, dialect: Dialect): string[] {
  const draft = DIALECTS[dialect];
  const errors = metaSchemaOf(draft)(schema);
  if (errors.length > 0) return describe(errors);
  // A schema that meets the meta-schema may still not be usable (a `$ref` to nowhere).
  try {
    compile(schema, draft);
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/** Checks a value against a schema; `undefined` when the schema cannot be used. */
export function valueProblems(schema: unknown, value: unknown): string[] | undefined {
  const found = dialectOf(schema);
  let check: CompiledSchema;
  try {
    check = compile(schema, DIALECTS['dialect' in found ? found.dialect : DEFAULT_DIALECT]);
    return describe(check(value));
  } catch {
    return undefined;
  }
}

/** Read without `$id`: the same `$id` seen on two tools must not clash. */
function compile(schema: unknown, draft: SchemaDraft): CompiledSchema {
  if (!isSchemaObject(schema)) return compileSchema(schema, { draft, formats: false });
  const { $id: _id, ...rest } = schema;
  return compileSchema(rest, { draft, formats: false });
}

function describe(errors: readonly SchemaError[]): string[] {
  return errors.slice(0, 5).map((error) => `${error.instancePath || '(root)'} ${error.message}`);
}
