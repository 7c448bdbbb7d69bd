import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';
import { sdkSchemaValidator } from './sdkValidator.js';

/**
 * What the SDK client's Node shim provides, with the project's one JSON Schema engine as the
 * SDK's default validator. The CLI's build (scripts/build-server.mjs) points
 * `@modelcontextprotocol/client/_shims` here: the SDK's own shim imports ajv (with fast-uri and
 * ajv-formats, 230 KB of the 3.2 MB the CLI compiled before printing its link) only to be the
 * default that every Client the CLI makes overrides with this engine anyway (connectSession.ts).
 * The browser's counterpart is client/schema/sdkShims.ts.
 */

/** In Node, a failing `fetch()` is never a CORS refusal (as the SDK's own Node shim says). */
export const CORS_IS_POSSIBLE = false;

export class DefaultJsonSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    return sdkSchemaValidator.getValidator<T>(schema);
  }
}
