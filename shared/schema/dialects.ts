import type { SchemaDraft } from '@cfworker/json-schema';

/** The meta-schema URIs of the dialects the engine reads, as the specs write them. */
export const DIALECT_URIS = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  '7': 'http://json-schema.org/draft-07/schema',
  '4': 'http://json-schema.org/draft-04/schema',
} as const satisfies Record<SchemaDraft, string>;

export type Dialect = (typeof DIALECT_URIS)[SchemaDraft];

/** MCP says a schema that declares no `$schema` is 2020-12 (since 2025-11-25). */
export const DEFAULT_DIALECT: Dialect = DIALECT_URIS['2020-12'];

function bare(uri: string): string {
  return uri.replace(/#$/, '').replace(/^https?:/, '');
}

/**
 * The dialect a schema declares: one the engine reads (the default when it declares none), or the
 * unknown URI it names. draft-06 reads as draft-07 for values (its keywords mean the same there)
 * but is reported unknown here, where a meta-schema is needed.
 */
export function declaredDialect(schema: unknown): { dialect: Dialect } | { unknown: string } {
  const declared =
    typeof schema === 'object' && schema !== null && !Array.isArray(schema)
      ? (schema as Record<string, unknown>).$schema
      : undefined;
  if (typeof declared !== 'string') return { dialect: DEFAULT_DIALECT };
  for (const known of Object.values(DIALECT_URIS))
    if (bare(known) === bare(declared)) return { dialect: known };
  return { unknown: declared };
}

/** The draft the engine validates a value with: what the schema declares, else 2020-12. */
export function draftOf(schema: unknown): SchemaDraft {
  const found = declaredDialect(schema);
  if ('unknown' in found) return /draft-06/.test(found.unknown) ? '7' : '2020-12';
  const entry = Object.entries(DIALECT_URIS).find(([, uri]) => uri === found.dialect);
  return (entry?.[0] ?? '2020-12') as SchemaDraft;
}
