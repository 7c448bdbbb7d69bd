import type { Tool } from '@modelcontextprotocol/client';
import type { LintInput, RawFinding, Rule } from '../findings.js';
import { valueProblems } from '../schemaCheck.js';
import { isSchemaObject, objectDepth, typesOf, walkSchema, type SchemaVisit } from '../schemaWalk.js';
import { REF } from './references.js';

/**
 * Schema portability: valid JSON Schema that clients and model providers still treat differently.
 * A tool's schema goes from the server, through the client, to a model provider's function-calling
 * API, each of which accepts its own subset; these rules name the constructs that fall out of it.
 */

/** Formats JSON Schema 2020-12 defines: others are free text to every validator that ignores them. */
const KNOWN_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);
const MAX_DEPTH = 6;
const MAX_SCHEMA_BYTES = 16 * 1024;
const MAX_PROPERTIES = 50;
const COMBINATORS = ['oneOf', 'anyOf', 'allOf', 'not', 'if'] as const;

interface SchemaSite {
  tool: Tool;
  key: 'inputSchema' | 'outputSchema';
  path: string;
  schema: unknown;
}

function schemas(input: LintInput): SchemaSite[] {
  return input.surface.tools.flatMap((tool, index) =>
    (['inputSchema', 'outputSchema'] as const)
      .filter((key) => isSchemaObject((tool as Record<string, unknown>)[key]))
      .map((key) => ({
        tool,
        key,
        path: `tools[${index}].${key}`,
        schema: (tool as Record<string, unknown>)[key],
      })),
  );
}

/** Each subschema of each tool schema, for the rules that look at every level. */
function everySubschema(
  input: LintInput,
  pick: (visit: SchemaVisit, site: SchemaSite) => string | undefined,
): RawFinding[] {
  return schemas(input).flatMap((site) =>
    walkSchema(site.schema, site.path).flatMap((visit): RawFinding[] => {
      const message = pick(visit, site);
      return message === undefined
        ? []
        : [{ path: visit.path, subject: site.tool.name, subjectKind: 'tool', message }];
    }),
  );
}

export const PORTABILITY_RULES: Rule[] = [
  {
    id: 'portable-root',
    family: 'portability',
    severity: 'warning',
    title: 'The root of a tool schema is a plain object, not oneOf/anyOf/allOf/not/if',
    why: "Model providers take a function's parameters as one object schema: OpenAI and Anthropic refuse a root oneOf/anyOf/allOf, and other clients flatten it, losing the alternatives.",
    fix: 'Make the root one object with every property, and say in descriptions which go together; or split the tool in one per alternative.',
    reference: REF.structuredOutputs,
    check: (input) =>
      schemas(input).flatMap((site): RawFinding[] => {
        const schema = site.schema as Record<string, unknown>;
        const used = COMBINATORS.filter((key) => key in schema);
        const refRoot = typeof schema.$ref === 'string';
        if (used.length === 0 && !refRoot) return [];
        return [
          {
            path: site.path,
            subject: site.tool.name,
            subjectKind: 'tool',
            message: `${site.key} of ${site.tool.name} has ${[...used, ...(refRoot ? ['$ref'] : [])].join(', ')} at its root`,
          },
        ];
      }),
  },
  {
    id: 'portable-ref',
    family: 'portability',
    severity: 'warning',
    title: 'No $ref to resolve',
    why: 'Many clients and providers do not resolve $ref (or only local ones into $defs): the referenced part reaches the model as an empty schema, or the tool is refused.',
    fix: 'Inline the referenced schema (zod: avoid reusing one schema object in two places, or use z.toJSONSchema with reused: "inline").',
    reference: REF.structuredOutputs,
    check: (input) =>
      everySubschema(input, ({ schema }) =>
        typeof schema.$ref === 'string'
          ? `$ref ${JSON.stringify(schema.$ref)} must be resolved by the client`
          : undefined,
      ),
  },
  {
    id: 'portable-type',
    family: 'portability',
    severity: 'warning',
    title: 'Every property says its type',
    why: 'Without a type, clients cannot draw a field or coerce a value, and several providers refuse the schema or let the model send anything.',
    fix: 'Give the property a "type" (or an enum/const).',
    reference: REF.structuredOutputs,
    check: (input) =>
      everySubschema(input, ({ schema, property }) => {
        if (property === undefined) return undefined;
        const typed = typesOf(schema).length > 0 || 'enum' in schema || 'const' in schema || '$ref' in schema;
        const combined = COMBINATORS.some((key) => key in schema);
        return typed || combined ? undefined : `property ${property} has no type`;
      }),
  },
  {
    id: 'portable-tuple',
    family: 'portability',
    severity: 'warning',
    title: 'No tuples (prefixItems, or items as a list)',
    why: 'Tuple forms differ between drafts (items as a list in draft-07, prefixItems in 2020-12) and most providers accept neither: the array reaches the model with no item schema.',
    fix: 'Use an object with named properties, or an array of one item schema.',
    reference: REF.structuredOutputs,
    check: (input) =>
      everySubschema(input, ({ schema }) =>
        'prefixItems' in schema
          ? 'a tuple (prefixItems)'
          : Array.isArray(schema.items)
            ? 'a tuple (items as a list, the draft-07 form)'
            : undefined,
      ),
  },
  {
    id: 'portable-pattern-properties',
    family: 'portability',
    severity: 'warning',
    title: 'No patternProperties',
    why: "Providers' schema subsets leave patternProperties out: the keys it allows are invisible to the model, and forms cannot draw them.",
    fix: 'Name the properties, or take a list of {key, value} objects.',
    reference: REF.structuredOutputs,
    check: (input) =>
      everySubschema(input, ({ schema }) =>
        'patternProperties' in schema ? 'patternProperties' : undefined,
      ),
  },
  {
    id: 'portable-format',
    family: 'portability',
    severity: 'hint',
    title: 'Formats are ones JSON Schema defines',
    why: 'A format no validator knows is ignored: the value is not checked, though the schema looks as if it were.',
    fix: 'Use a standard format (date-time, email, uri, uuid…), or a pattern.',
    reference: REF.jsonSchema,
    check: (input) =>
      everySubschema(input, ({ schema }) =>
        typeof schema.format === 'string' && !KNOWN_FORMATS.has(schema.format)
          ? `format ${JSON.stringify(schema.format)} is not one JSON Schema defines`
          : undefined,
      ),
  },
  {
    id: 'portable-default',
    family: 'portability',
    severity: 'warning',
    title: 'A default fits its own schema',
    why: 'Clients prefill forms and models copy defaults: a default the schema refuses makes the first call fail.',
    fix: 'Change the default to a value the schema accepts, or the schema to accept it.',
    reference: REF.jsonSchema,
    check: (input) =>
      everySubschema(input, ({ schema }) => {
        if (!('default' in schema)) return undefined;
        const { default: value, ...rest } = schema;
        const problems = valueProblems(rest, value);
        return problems && problems.length > 0
          ? `default ${JSON.stringify(value)?.slice(0, 60)} does not fit its schema: ${problems.join('; ')}`
          : undefined;
      }),
  },
  {
    id: 'portable-size',
    family: 'portability',
    severity: 'warning',
    title: `Schemas stay small: at most ${MAX_DEPTH} object levels, ${MAX_PROPERTIES} properties, ${MAX_SCHEMA_BYTES / 1024} KB`,
    why: 'Providers cap nesting (OpenAI: 5 levels, 100 properties in all) and every byte of every schema is sent with every request: a large schema costs context and is refused past the caps.',
    fix: 'Flatten the schema, drop what the model need not choose, or split the tool.',
    reference: REF.structuredOutputs,
    check: (input) =>
      schemas(input).flatMap((site): RawFinding[] => {
        const depth = objectDepth(site.schema);
        const properties = walkSchema(site.schema, '').filter((visit) => visit.property !== undefined).length;
        const bytes = JSON.stringify(site.schema).length;
        const problems = [
          ...(depth > MAX_DEPTH ? [`${depth} object levels deep`] : []),
          ...(properties > MAX_PROPERTIES ? [`${properties} properties`] : []),
          ...(bytes > MAX_SCHEMA_BYTES ? [`${Math.round(bytes / 1024)} KB`] : []),
        ];
        return problems.length === 0
          ? []
          : [
              {
                path: site.path,
                subject: site.tool.name,
                subjectKind: 'tool',
                message: `${site.key} of ${site.tool.name} is ${problems.join(', ')}`,
              },
            ];
      }),
  },
];
