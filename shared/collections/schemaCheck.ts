import { checkValue } from '../schema/problems.js';
import type { SchemaValidator } from './expectations.js';

/**
 * The collections' JSON Schema check (arguments against an inputSchema, structuredContent against
 * an outputSchema), one for both runners: the page and `mcp-inspect test` read a file's schemas
 * with the same engine and say each problem in the same words, `path: message`.
 */
export const collectionSchemaCheck: SchemaValidator = (value, schema) => {
  const checked = checkValue(value, schema, '(the value)');
  if ('unusable' in checked) return checked;
  return { problems: checked.problems.map((problem) => `${problem.field}: ${problem.message}`) };
};
