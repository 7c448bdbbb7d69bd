import { checkValue } from '../../shared/schema/problems.js';

/** One way the arguments do not fit the schema: where (a path into the arguments) and why. */
export interface ArgumentProblem {
  path: string;
  message: string;
}

/**
 * Checks a tool's arguments against its `inputSchema` before they are sent, with the product's
 * one JSON Schema engine (shared/schema/engine.ts: the page's forms read the same schema the same
 * way) and in the words the page's problem list uses: every problem, each with its path
 * (`items[0].name`, `(arguments)` for the arguments as a whole), the keyword's expectation in the
 * message. A schema the engine cannot use (an unknown `$ref`, a bad pattern) is reported as such
 * rather than blocking the call.
 */
export function checkArguments(
  args: Record<string, unknown>,
  inputSchema: unknown,
): { problems: ArgumentProblem[] } | { unusable: string } {
  if (typeof inputSchema !== 'object' || inputSchema === null) return { problems: [] };
  const checked = checkValue(args, inputSchema, '(arguments)');
  if ('unusable' in checked) return checked;
  return { problems: checked.problems.map((problem) => ({ path: problem.field, message: problem.message })) };
}
