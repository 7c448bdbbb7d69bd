import type { OutputUnit, Schema } from '@cfworker/json-schema';

/**
 * One way a value does not fit its schema: where in the value, which keyword, what the schema
 * expected there, and the sentence a person reads ("must be integer", "must be <= 10"). The
 * shape is ajv's (`instancePath`, `keyword`, `params`, `message`), which rjsf and the page's
 * problem lists read, so every consumer keeps its words.
 */
export interface SchemaError {
  /** JSON Pointer into the value; '' is the value itself. */
  instancePath: string;
  keyword: string;
  /** Where in the schema, as a JSON Pointer fragment: `#/properties/count/maximum`. */
  schemaPath: string;
  /** The keyword's details: `limit`, `type`, `missingProperty`, `allowedValues`, `pattern`… */
  params: Record<string, unknown>;
  /** What the schema says at that keyword (the bound, the type, the pattern), when it says one. */
  expected?: unknown;
  message: string;
}

/**
 * Keywords whose failure only says that something below did not fit: the failure below says
 * what, and where (as ajv reports them, so every consumer sees the same list).
 */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'allOf',
  '$ref',
  '$recursiveRef',
  'dependentSchemas',
  'dependencies',
  'then',
  'else',
]);

const ITEM_WRAPPERS = new Set(['items', 'additionalItems', 'unevaluatedItems']);

type Lookup = Record<string, Schema | boolean>;

/** The engine's report of a failed validation, in the words and shape described above. */
export function describeFailure(units: OutputUnit[], root: Schema | boolean, lookup: Lookup): SchemaError[] {
  const errors: SchemaError[] = [];
  const falseSeen = new Set<string>();
  units.forEach((unit, index) => {
    if (unit.keyword === 'false') {
      const error = falseSchema(unit, units.slice(0, index).reverse());
      // Each item past the limit fails alike: the array is said to be too long once.
      const key = `${error.instancePath}\u0000${error.schemaPath}\u0000${error.message}`;
      if (!falseSeen.has(key)) errors.push(error);
      falseSeen.add(key);
      return;
    }
    if (unit.keyword === 'dependencies' && /does not have "/.test(unit.error)) {
      errors.push(dependentRequired(unit));
      return;
    }
    if (WRAPPERS.has(unit.keyword)) return;
    const expected = schemaAt(root, unit.keywordLocation, lookup);
    errors.push({
      instancePath: pointer(unit.instanceLocation),
      keyword: unit.keyword,
      schemaPath: unit.keywordLocation,
      ...words(unit, expected, schemaAt(root, parentOf(unit.keywordLocation), lookup)),
      ...(expected === undefined ? {} : { expected }),
    });
  });
  return asAjvOrders(errors);
}

/**
 * The engine checks an object's properties in the value's key order, an unexpected one where it
 * comes; ajv (whose order the page's lists and their tests keep) says it before the errors inside
 * the object's properties. Each such error moves before the first error below its object.
 */
function asAjvOrders(errors: SchemaError[]): SchemaError[] {
  const ordered = errors.filter((error) => !UNEXPECTED_PROPERTY.has(error.keyword));
  for (const error of errors) {
    if (!UNEXPECTED_PROPERTY.has(error.keyword)) continue;
    const below = ordered.findIndex((other) => other.instancePath.startsWith(`${error.instancePath}/`));
    if (below < 0) ordered.push(error);
    else ordered.splice(below, 0, error);
  }
  return ordered;
}

const UNEXPECTED_PROPERTY = new Set(['additionalProperties', 'unevaluatedProperties']);

function words(
  unit: OutputUnit,
  expected: unknown,
  owner: unknown,
): { params: Record<string, unknown>; message: string } {
  switch (unit.keyword) {
    case 'type': {
      const type = Array.isArray(expected) ? expected.join(',') : String(expected);
      return { params: { type }, message: `must be ${type}` };
    }
    case 'required': {
      const missingProperty = quoted(unit.error, /required property "(.*)"\.$/s);
      return { params: { missingProperty }, message: `must have required property '${missingProperty}'` };
    }
    case 'dependentRequired':
      return dependentRequired(unit);
    case 'enum':
      return { params: { allowedValues: expected }, message: 'must be equal to one of the allowed values' };
    case 'const':
      return { params: { allowedValue: expected }, message: 'must be equal to constant' };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = comparisonOf(unit.keyword, owner);
      const limit = typeof expected === 'number' ? expected : limitOf(unit.keyword, owner);
      return { params: { comparison, limit }, message: `must be ${comparison} ${limit}` };
    }
    case 'minLength':
      return {
        params: { limit: expected },
        message: `must NOT have fewer than ${String(expected)} characters`,
      };
    case 'maxLength':
      return {
        params: { limit: expected },
        message: `must NOT have more than ${String(expected)} characters`,
      };
    case 'minItems':
      return { params: { limit: expected }, message: `must NOT have fewer than ${String(expected)} items` };
    case 'maxItems':
      return { params: { limit: expected }, message: `must NOT have more than ${String(expected)} items` };
    case 'minProperties':
      return {
        params: { limit: expected },
        message: `must NOT have fewer than ${String(expected)} properties`,
      };
    case 'maxProperties':
      return {
        params: { limit: expected },
        message: `must NOT have more than ${String(expected)} properties`,
      };
    case 'multipleOf':
      return { params: { multipleOf: expected }, message: `must be multiple of ${String(expected)}` };
    case 'pattern':
      return { params: { pattern: expected }, message: `must match pattern "${String(expected)}"` };
    case 'format':
      return { params: { format: expected }, message: `must match format "${String(expected)}"` };
    case 'uniqueItems': {
      const [j, i] = [...unit.error.matchAll(/\d+/g)].map((match) => Number(match[0]));
      return {
        params: { i, j },
        message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      };
    }
    case 'anyOf':
      return { params: {}, message: 'must match a schema in anyOf' };
    case 'oneOf':
      return { params: {}, message: 'must match exactly one schema in oneOf' };
    case 'not':
      return { params: {}, message: 'must NOT be valid' };
    case 'if': {
      const failingKeyword = /"else"/.test(unit.error) ? 'else' : 'then';
      return { params: { failingKeyword }, message: `must match "${failingKeyword}" schema` };
    }
    case 'contains':
    case 'minContains':
    case 'maxContains':
      return { params: {}, message: lowerFirst(unit.error) };
    case 'propertyNames':
      return {
        params: { propertyName: quoted(unit.error, /name "(.*)" does not/s) },
        message: 'property name must be valid',
      };
    default:
      return { params: {}, message: lowerFirst(unit.error) };
  }
}

/**
 * A `false` schema (the engine reports its place as the value's): below `additionalProperties`
 * or `unevaluatedProperties` it means a property the schema does not allow, said of the object
 * that holds it, as ajv says it.
 */
function falseSchema(unit: OutputUnit, before: OutputUnit[]): SchemaError {
  const instancePath = pointer(unit.instanceLocation);
  const slash = instancePath.lastIndexOf('/');
  const parentPath = slash < 0 ? '' : instancePath.slice(0, slash);
  const key = unescapeToken(instancePath.slice(slash + 1));
  const wrapper = before.find(
    (candidate) => WRAPPERS.has(candidate.keyword) && pointer(candidate.instanceLocation) === parentPath,
  );
  if (
    wrapper &&
    (wrapper.keyword === 'additionalProperties' || wrapper.keyword === 'unevaluatedProperties')
  ) {
    const additional = wrapper.keyword === 'additionalProperties';
    return {
      instancePath: parentPath,
      keyword: wrapper.keyword,
      schemaPath: wrapper.keywordLocation,
      params: additional ? { additionalProperty: key } : { unevaluatedProperty: key },
      expected: false,
      message: additional ? 'must NOT have additional properties' : 'must NOT have unevaluated properties',
    };
  }
  if (wrapper && ITEM_WRAPPERS.has(wrapper.keyword)) {
    // Items past those the schema allows: said of the array, with how many it may have.
    const limit = Number(key);
    return {
      instancePath: parentPath,
      keyword: wrapper.keyword,
      schemaPath: wrapper.keywordLocation,
      params: { limit },
      expected: false,
      message: `must NOT have more than ${limit} items`,
    };
  }
  return {
    instancePath,
    keyword: 'false schema',
    schemaPath: wrapper ? `${wrapper.keywordLocation}/${encodeURI(key)}` : '#',
    params: {},
    expected: false,
    message: 'boolean schema is false',
  };
}

function dependentRequired(unit: OutputUnit): SchemaError {
  const [property = '', missingProperty = ''] = [...unit.error.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(
    (m) => m[1] ?? '',
  );
  return {
    instancePath: pointer(unit.instanceLocation),
    keyword: 'dependentRequired',
    schemaPath: unit.keywordLocation,
    params: { property, missingProperty },
    message: `must have property ${missingProperty} when property ${property} is present`,
  };
}

/** draft-04 writes an exclusive bound as `exclusiveMinimum: true` beside `minimum`. */
function comparisonOf(keyword: string, owner: unknown): string {
  const record = typeof owner === 'object' && owner !== null ? (owner as Record<string, unknown>) : {};
  if (keyword === 'minimum') return record.exclusiveMinimum === true ? '>' : '>=';
  if (keyword === 'maximum') return record.exclusiveMaximum === true ? '<' : '<=';
  return keyword === 'exclusiveMinimum' ? '>' : '<';
}

function limitOf(keyword: string, owner: unknown): unknown {
  return typeof owner === 'object' && owner !== null
    ? (owner as Record<string, unknown>)[keyword]
    : undefined;
}

/**
 * The schema at a keyword location, following `$ref`s as the engine followed them (its
 * locations run on through a reference into the schema it names).
 */
function schemaAt(root: Schema | boolean, location: string, lookup: Lookup): unknown {
  let node: unknown = root;
  for (const token of location.replace(/^#\/?/, '').split('/')) {
    if (token === '') continue;
    if (typeof node !== 'object' || node === null) return undefined;
    const record = node as Schema;
    if (token === '$ref' && typeof record.__absolute_ref__ === 'string')
      node = lookup[record.__absolute_ref__];
    else if (token === '$recursiveRef')
      // The outermost `$recursiveAnchor` wins (dynamic scope): for one document, its root.
      node =
        typeof root === 'object' && root.$recursiveAnchor === true
          ? root
          : lookup[String(record.__absolute_recursive_ref__)];
    else node = (record as Record<string, unknown>)[unescapeToken(safeDecode(token))];
  }
  return node;
}

function parentOf(location: string): string {
  return location.slice(0, location.lastIndexOf('/'));
}

/** The engine's `#/a%20b/0` as a JSON Pointer, `/a b/0`. */
function pointer(location: string): string {
  return safeDecode(location.replace(/^#/, ''));
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

function quoted(text: string, pattern: RegExp): string {
  return pattern.exec(text)?.[1] ?? '';
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');
}
