// Writes the references in docs/ that are generated from the code (docs/verbs.md from the verb
// table and each verb's help, docs/lint-rules.md from the lint rules' metadata): see
// server/cli/referenceDocs.ts. Run as `npm run docs`; server/cli/referenceDocs.test.ts fails when
// the committed files differ from what this would write.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { writeReferenceDocs } = await import('../server/cli/referenceDocs.ts');
const root = fileURLToPath(new URL('..', import.meta.url));
const written = await writeReferenceDocs(root);
console.log(
  written.length === 0
    ? 'docs: the generated references are up to date'
    : `docs: wrote ${written.join(', ')}`,
);
