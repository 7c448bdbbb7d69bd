import type { JsonSchemaType, jsonSchemaValidator } from '@modelcontextprotocol/client';
import Ajv2020 from 'ajv/dist/2020';
import draft07MetaSchema from 'ajv/dist/refs/json-schema-draft-07.json';
import addFormats from 'ajv-formats';

/**
 * The page's one JSON Schema engine, on the 2020-12 dialect that MCP 2026-07-28 makes the
 * default for `inputSchema` and `outputSchema`: the SDK client validates with it, the result
 * view checks `structuredContent` with it, and the forms (rjsf, loaded later with the tools
 * panel) are given this same instance. One engine means a schema that draws a form is also the
 * schema the checks read, keyword for keyword.
 *
 * Schemas that declare draft-07 (what zod-to-json-schema writes for SDK v1 servers) still
 * compile: the draft-07 meta-schema is known, and the keywords they use mean the same in 2020-12.
 *
 * ajv compiles each schema to a function: this is why the page's Content Security Policy allows
 * 'unsafe-eval' (see server/http/httpApp.ts).
 */
export const ajv = new Ajv2020({
  // What rjsf configures too; a server's own schema is not ours to reject for style, so unknown
  // keywords and formats pass, and every failing path is reported, not only the first.
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  verbose: true,
  discriminator: false,
  validateSchema: false,
});
addFormats(ajv);
ajv.addMetaSchema(draft07MetaSchema);

/**
 * The SDK's validator interface over the same instance. Written here rather than taken from
 * `@modelcontextprotocol/client/validators/ajv`, whose module bundles a second copy of ajv
 * (150 KB of the page's script) for these few lines.
 */
export const schemaEngine: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType) {
    const validate = compileSchema(schema);
    return (input: unknown) =>
      validate(input)
        ? { valid: true as const, data: input as T, errorMessage: undefined }
        : { valid: false as const, data: undefined, errorMessage: ajv.errorsText(validate.errors) };
  },
};

/** Meta-schemas the engine knows; a schema declaring another (draft-04/06) is read as 2020-12. */
const KNOWN_DIALECTS = [
  'https://json-schema.org/draft/2020-12/schema',
  'http://json-schema.org/draft-07/schema',
];

/**
 * Compiles a server's schema with the shared engine. A schema's `$id` registers it in the
 * engine, so the same tool listed again (a refetch makes new objects) replaces the old entry
 * instead of failing as a duplicate.
 */
export function compileSchema(schema: unknown): ReturnType<typeof ajv.compile> {
  if (typeof schema === 'boolean') return ajv.compile(schema);
  if (typeof schema !== 'object' || schema === null)
    throw new Error('a JSON Schema is an object or a boolean');
  const record = schema as Record<string, unknown>;
  const dialect = typeof record.$schema === 'string' ? record.$schema.replace(/#$/, '') : undefined;
  const readable =
    dialect === undefined || KNOWN_DIALECTS.includes(dialect) ? record : withoutDialect(record);
  if (typeof record.$id === 'string') ajv.removeSchema(record.$id);
  return ajv.compile(readable);
}

function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dropped, ...rest } = schema;
  return rest;
}
