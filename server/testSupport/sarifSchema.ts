// The SARIF 2.1.0 schema (draft-04), as @microsoft/jest-sarif ships it, read by the product's own
// engine: a SARIF report a test wrote is checked against the standard, not against our idea of it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileSchema } from '../../shared/schema/engine.js';

const SCHEMA_FILE = fileURLToPath(
  new URL('../../node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json', import.meta.url),
);

/** The schema's complaints about a SARIF log; empty when it conforms. */
export function sarifProblems(sarif: unknown): ReturnType<ReturnType<typeof compileSchema>> {
  // One of its patterns (a language tag's) has a lone `]`, which JavaScript's unicode regular
  // expressions (what JSON Schema engines use) refuse: escaped here, meaning the same.
  const schema = JSON.parse(
    readFileSync(SCHEMA_FILE, 'utf8').replaceAll('-[a-zA-Z]{2}]?$', '-[a-zA-Z]{2}\\\\]?$'),
  ) as object;
  return compileSchema(schema)(sarif);
}
