import type { SchemaValidator } from '../../shared/collections/expectations.js';
import { checkArguments } from './argumentCheck.js';

/**
 * The collections' JSON Schema check (arguments against an inputSchema, structuredContent against
 * an outputSchema) with the engine `call` uses: each problem with its path.
 */
export const schemaValidator: SchemaValidator = (value, schema) => {
  const checked = checkArguments(value as Record<string, unknown>, schema);
  if ('unusable' in checked) return checked;
  return { problems: checked.problems.map((problem) => `${problem.path}: ${problem.message}`) };
};
