import { Ajv as AjvDraft07, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isSchemaObject } from './schemaWalk.js';

/**
 * JSON Schema checks for the lint rules, with ajv: is a schema valid against the meta-schema of
 * the dialect it declares (2020-12 when it declares none, as MCP says since 2025-11-25), and does
 * a value fit it. ajv compiles schemas to functions (the page's CSP allows it, see httpApp.ts).
 * A server's schema is not ours to reject for style: unknown keywords and formats pass here, and
 * the portability rules speak of them instead.
 */
const OPTIONS = { strict: false, allErrors: true, validateFormats: false, validateSchema: false } as const;

const DIALECTS = {
  'https://json-schema.org/draft/2020-12/schema': () => new Ajv2020(OPTIONS),
  'https://json-schema.org/draft/2019-09/schema': () => new Ajv2019(OPTIONS),
  'http://json-schema.org/draft-07/schema': () => new AjvDraft07(OPTIONS),
} as const;

export type Dialect = keyof typeof DIALECTS;

export const DEFAULT_DIALECT: Dialect = 'https://json-schema.org/draft/2020-12/schema';

type AnyAjv = Ajv2020 | Ajv2019 | AjvDraft07;
const engines = new Map<Dialect, AnyAjv>();

function engine(dialect: Dialect): AnyAjv {
  let found = engines.get(dialect);
  if (!found) {
    found = DIALECTS[dialect]();
    engines.set(dialect, found);
  }
  return found;
}

/** The dialect a schema declares: one we check, `undefined` for the default, or the unknown URI. */
export function dialectOf(schema: unknown): { dialect: Dialect } | { unknown: string } {
  const declared = isSchemaObject(schema) && typeof schema.$schema === 'string' ? schema.$schema : undefined;
  if (declared === undefined) return { dialect: DEFAULT_DIALECT };
  const bare = declared.replace(/#$/, '').replace(/^https?:/, '');
  for (const known of Object.keys(DIALECTS) as Dialect[])
    if (known.replace(/^https?:/, '') === bare) return { dialect: known };
  return { unknown: declared };
}

/** What is wrong with a schema against its dialect's meta-schema: none, or the problems, one a line. */
export function metaSchemaProblems(schema: unknown, dialect: Dialect): string[] {
  const ajv = engine(dialect);
  const valid = ajv.validateSchema(schema as object);
  if (valid === true) return compileProblem(ajv, schema);
  return describe(ajv.errors ?? []);
}

/** A schema that meets the meta-schema may still not compile (a `$ref` to nowhere). */
function compileProblem(ajv: AnyAjv, schema: unknown): string[] {
  try {
    compile(ajv, schema);
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/** Checks a value against a schema; `undefined` when the schema cannot be compiled. */
export function valueProblems(schema: unknown, value: unknown): string[] | undefined {
  const found = dialectOf(schema);
  const ajv = engine('dialect' in found ? found.dialect : DEFAULT_DIALECT);
  let validate: ValidateFunction;
  try {
    validate = compile(ajv, schema);
  } catch {
    return undefined;
  }
  return validate(value) ? [] : describe(validate.errors ?? []);
}

/** Compiles without registering: the same `$id` seen on two tools must not clash. */
function compile(ajv: AnyAjv, schema: unknown): ValidateFunction {
  if (typeof schema === 'boolean') return ajv.compile(schema);
  if (!isSchemaObject(schema)) throw new Error('a JSON Schema is an object or a boolean');
  const { $id: _id, $schema: _dialect, ...rest } = schema;
  return ajv.compile(rest);
}

function describe(errors: ErrorObject[]): string[] {
  return errors
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`);
}
