import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';
import { compileSchema, type SchemaError } from './engine.js';

/**
 * The engine as the SDK client's `jsonSchemaValidator` (tool output and elicitation schemas),
 * given to every Client the page and the CLI make, so the SDK's checks read schemas as ours do.
 */
export const sdkSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const check = compileSchema(schema);
    return (input: unknown) => {
      const errors = check(input);
      return errors.length === 0
        ? { valid: true, data: input as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: errorsText(errors) };
    };
  },
};

/** `data/count must be integer, data must have required property 'x'`, as ajv said it. */
export function errorsText(errors: readonly SchemaError[]): string {
  return errors.map((error) => `data${error.instancePath} ${error.message}`).join(', ');
}
