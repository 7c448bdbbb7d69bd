import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runVerb } from '../testSupport/verbProcess.js';
import { VERB_HELP } from '../verbs/verbNames.js';
import { documentedVerbNames, generatedDocs, REGENERATE_COMMAND } from './referenceDocs.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The verbs a help text names at the start of its lines, line by line. */
function verbLines(help: string): string[][] {
  return help
    .split('\n')
    .map((line) => /^\s*mcp-inspect ([a-z|\s]+?)(?=\s{2}|\s[[<-]|$)/.exec(line)?.[1])
    .filter((names): names is string => names !== undefined)
    .map((names) => names.split('|').map((name) => name.trim()));
}

describe('the references generated into docs/', () => {
  // Prettier formats both files: a few seconds on a busy machine.
  it(
    'are what the code says (else run the command that writes them, and commit what it wrote)',
    { timeout: 60_000 },
    async () => {
      for (const { path, text } of await generatedDocs(ROOT)) {
        let committed = '';
        try {
          committed = readFileSync(`${ROOT}${path}`, 'utf8');
        } catch {
          // Missing: the comparison says so.
        }
        expect(committed, `${path} is stale: run \`${REGENERATE_COMMAND}\` and commit the result`).toBe(text);
      }
    },
  );

  it('document every verb the CLI takes, and `mcp-inspect --help` lists each on a line of its own', () => {
    const documented = documentedVerbNames();
    const lines = verbLines(VERB_HELP);
    // One verb a line (design: cli.md, "Verb names"), and the same verbs as the reference.
    expect(lines.filter((names) => names.length > 1)).toEqual([]);
    expect(new Set(lines.flat())).toEqual(new Set(documented));
  });

  it("say a verb's options as its own --help prints them", async () => {
    const help = await runVerb(['call', '--help']);
    expect(help.code).toBe(0);
    const docs = readFileSync(`${ROOT}docs/verbs.md`, 'utf8');
    const callSection = docs.slice(docs.indexOf('## `call`'), docs.indexOf('## `resources`'));
    const terms = [...callSection.matchAll(/^- `(--[^`]+)`/gm)].map((match) => match[1]!);
    expect(terms.length).toBeGreaterThan(4);
    for (const term of terms) expect(help.stdout).toContain(term);
  });
});
