import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';

/** One way the arguments do not fit the schema: where (a path into the arguments) and why. */
export interface ArgumentProblem {
  path: string;
  message: string;
}

/**
 * Keywords whose error only says that something below did not match: the error below says what,
 * and where.
 */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'allOf',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'dependentSchemas',
  'if',
  'then',
  'else',
]);

/**
 * Checks a tool's arguments against its `inputSchema` before they are sent, with a validator
 * that interprets the schema (no code generated, no eval: the same engine can run in a page
 * under a strict CSP). Every problem is listed, each with its path. A schema the validator cannot
 * use (an unknown `$ref`, a bad pattern) is reported as such rather than blocking the call.
 */
export function checkArguments(
  args: Record<string, unknown>,
  inputSchema: unknown,
): { problems: ArgumentProblem[] } | { unusable: string } {
  if (typeof inputSchema !== 'object' || inputSchema === null) return { problems: [] };
  let errors: OutputUnit[];
  try {
    const validator = new Validator(inputSchema as Schema, draftOf(inputSchema as Schema), false);
    const result = validator.validate(args);
    if (result.valid) return { problems: [] };
    errors = result.errors;
  } catch (error) {
    return { unusable: (error as Error).message };
  }
  const leaves = errors.filter((error) => !WRAPPERS.has(error.keyword));
  const shown = leaves.length > 0 ? leaves : errors;
  const seen = new Set<string>();
  const problems: ArgumentProblem[] = [];
  for (const error of shown) {
    const problem = { path: readablePath(error.instanceLocation), message: wordsFor(error) };
    const key = `${problem.path}\u0000${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return { problems };
}

/** The validator's words, but where it only says "False boolean schema.": what that means here. */
function wordsFor(error: OutputUnit): string {
  if (error.keyword !== 'false') return error.error;
  return /\/additionalProperties$|^#\/[^/]+$/.test(error.keywordLocation)
    ? 'not a property the schema allows'
    : 'the schema allows no value here';
}

/** The draft a schema declares; MCP's default dialect is 2020-12. */
function draftOf(schema: Schema): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-04/.test(declared)) return '4';
  if (/draft-07|draft-06/.test(declared)) return '7';
  if (/2019-09/.test(declared)) return '2019-09';
  return '2020-12';
}

/** `#/items/0/name` as `items[0].name`; the arguments themselves as `(arguments)`. */
function readablePath(pointer: string): string {
  const parts = pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts.length === 0) return '(arguments)';
  return parts.reduce(
    (path, part, i) => (/^\d+$/.test(part) ? `${path}[${part}]` : i === 0 ? part : `${path}.${part}`),
    '',
  );
}
