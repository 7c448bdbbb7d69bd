import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';

import type * as EngineModule from './jsonSchemaEngine';

type Engine = typeof EngineModule;

let engine: Engine | undefined;
let loading: Promise<Engine> | undefined;

/**
 * Loads the page's JSON Schema engine (shared/schema/engine.ts), which the first screen does not
 * need. The first screen lists tools without it; the forms and result checks that need it load
 * it with their own chunks, and the page loads it anyway once idle.
 */
export function loadSchemaEngine(): Promise<Engine> {
  loading ??= import('./jsonSchemaEngine').then((loaded) => (engine = loaded));
  return loading;
}

/**
 * The validator the SDK client is given: the engine, once loaded. The SDK compiles a tool's
 * `outputSchema` only when `callTool` runs (the page calls tools through `request` and checks
 * results itself), so this is never asked before the engine is there; if it were, the SDK turns
 * the throw into that call's error, with the reason.
 */
export const lazySchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    if (engine) return engine.schemaEngine.getValidator<T>(schema);
    void loadSchemaEngine();
    throw new Error('The JSON Schema engine is still loading: try again in a moment');
  },
};
