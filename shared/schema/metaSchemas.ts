import type { SchemaDraft } from '@cfworker/json-schema';
import { compileSchema, type CompiledSchema } from './engine.js';
import draft04 from './metaSchemas/draft-04.json' with { type: 'json' };
import draft07 from './metaSchemas/draft-07.json' with { type: 'json' };
import draft201909 from './metaSchemas/draft-2019-09.json' with { type: 'json' };
import draft202012 from './metaSchemas/draft-2020-12.json' with { type: 'json' };

/**
 * The meta-schemas as json-schema.org publishes them (copied from ajv's `dist/refs`, MIT), each
 * dialect's main document first and its vocabularies after, with two changes for an engine that
 * does not implement `$dynamicRef`: 2020-12's `"$dynamicRef": "#meta"` is a `$ref` to the 2020-12
 * meta-schema (what it resolves to for a schema that does not extend the dialect), and `format`
 * is dropped (formats are annotations here, as lint reads them).
 */
const DOCUMENTS: Record<SchemaDraft, readonly object[]> = {
  '2020-12': draft202012,
  '2019-09': draft201909,
  '7': draft07,
  '4': draft04,
};

const compiled = new Map<SchemaDraft, CompiledSchema>();

/** A check of a schema against its dialect's meta-schema, read once per dialect. */
export function metaSchemaOf(draft: SchemaDraft): CompiledSchema {
  let found = compiled.get(draft);
  if (!found) {
    const [main, ...vocabularies] = DOCUMENTS[draft];
    found = compileSchema(main, { draft, documents: vocabularies, formats: false });
    compiled.set(draft, found);
  }
  return found;
}
