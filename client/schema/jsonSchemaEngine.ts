/**
 * The page's JSON Schema engine: the product's one (shared/schema/engine.ts, which compiles no
 * code, so the page's CSP has no 'unsafe-eval'), and its SDK validator. Loaded after the first
 * screen (see lazySchemaEngine.ts), with the forms and result checks that need it.
 */
export {
  compileSchema,
  UnusableSchemaError,
  type CompiledSchema,
  type SchemaError,
} from '../../shared/schema/engine';
export { sdkSchemaValidator as schemaEngine } from '../../shared/schema/sdkValidator';
