import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';
import { lazySchemaValidator } from './lazySchemaEngine';

/**
 * What the SDK client's browser shim provides, with the page's own engine (loaded when needed)
 * as the SDK's default JSON Schema validator: the shim would otherwise pull the SDK's own bundled
 * copy of @cfworker/json-schema into the page, beside ours, for nothing. vite.config.ts points
 * `@modelcontextprotocol/client/_shims` here; the page passes the same engine to every Client it
 * makes anyway.
 */
export const CORS_IS_POSSIBLE = true;

export class DefaultJsonSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    return lazySchemaValidator.getValidator<T>(schema);
  }
}
