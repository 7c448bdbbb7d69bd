import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { ajv } from './jsonSchemaEngine';

/**
 * What the SDK client's browser shim provides, with the page's own engine as the SDK's default
 * JSON Schema validator: the shim would otherwise pull a second engine (@cfworker/json-schema)
 * into the page that nothing uses. vite.config.ts points `@modelcontextprotocol/client/_shims`
 * here; the page passes the same engine to every Client it makes anyway.
 */
export const CORS_IS_POSSIBLE = true;

export class DefaultJsonSchemaValidator extends AjvJsonSchemaValidator {
  constructor() {
    super(ajv);
  }
}
