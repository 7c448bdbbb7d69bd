// The installed reference servers linted as a person would lint them (the built CLI, each server
// a child process), every finding pinned by rule, subject and message: a rule change that adds
// noise, or drops a finding, shows here in review. server-filesystem and
// server-sequential-thinking are not installed (not dependencies of this project), so they are
// not pinned here; their definitions were read once with `npm pack` while the rules were tuned.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { EVERYTHING_SERVER } from '../testSupport/targets.js';
import { runVerb } from '../testSupport/verbProcess.js';

const CLI_TEST_TIMEOUT_MS = 90_000;
const MEMORY_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-memory/dist/index.js',
);
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-lint-ref-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface LintDocument {
  findings: { ruleId: string; severity: string; subject?: string; message: string }[];
  summary: { error: number; warning: number; hint: number };
}

async function lintFindings(args: string[]) {
  const run = await runVerb(['lint', '--json', ...args]);
  expect(run.code, run.stderr).toBe(0);
  const document = JSON.parse(run.stdout) as LintDocument;
  return {
    summary: document.summary,
    findings: document.findings.map((f) => [f.ruleId, f.subject, f.message]),
  };
}

describe('lint pins its findings on the reference servers', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('server-everything: two hints, each true (an undescribed parameter, a description that is its name)', async () => {
    const { summary, findings } = await lintFindings(['--', process.execPath, EVERYTHING_SERVER, 'stdio']);
    expect(summary).toMatchObject({ error: 0, warning: 0 });
    expect(findings.filter(([rule]) => rule !== 'unbounded-input')).toEqual([
      [
        'parameter-description',
        'get-resource-reference',
        'parameter resourceType of get-resource-reference has no description',
      ],
      [
        'description-short',
        'get-tiny-image',
        'the description of get-tiny-image (6 words) says little more than its name',
      ],
    ]);
    // Its tools exist to exercise clients, not to be called by a model: free text and numbers
    // are unbounded, and said so one parameter at a time.
    expect(findings.filter(([rule]) => rule === 'unbounded-input')).toEqual([
      ['unbounded-input', 'echo', 'parameter message of echo is a string with no maxLength'],
      [
        'unbounded-input',
        'get-resource-reference',
        'parameter resourceId of get-resource-reference is a number with no maximum',
      ],
      ['unbounded-input', 'get-sum', 'parameter a of get-sum is a number with no maximum'],
      ['unbounded-input', 'get-sum', 'parameter b of get-sum is a number with no maximum'],
      [
        'unbounded-input',
        'gzip-file-as-resource',
        'parameter name of gzip-file-as-resource is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'trigger-long-running-operation',
        'parameter duration of trigger-long-running-operation is a number with no maximum',
      ],
      [
        'unbounded-input',
        'trigger-long-running-operation',
        'parameter steps of trigger-long-running-operation is a number with no maximum',
      ],
      [
        'unbounded-input',
        'trigger-url-elicitation',
        'parameter elicitationId of trigger-url-elicitation is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'trigger-url-elicitation',
        'parameter message of trigger-url-elicitation is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'trigger-sampling-request',
        'parameter maxTokens of trigger-sampling-request is a number with no maximum',
      ],
      [
        'unbounded-input',
        'trigger-sampling-request',
        'parameter prompt of trigger-sampling-request is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'simulate-research-query',
        'parameter topic of simulate-research-query is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'trigger-sampling-request-async',
        'parameter maxTokens of trigger-sampling-request-async is a number with no maximum',
      ],
      [
        'unbounded-input',
        'trigger-sampling-request-async',
        'parameter prompt of trigger-sampling-request-async is a string with no maxLength',
      ],
    ]);
  });

  it('server-memory: hints only; its annotated writes say what they change, and "add" is read as a verb', async () => {
    const { summary, findings } = await lintFindings([
      '-e',
      `MEMORY_FILE_PATH=${join(scratch, 'memory.jsonl')}`,
      '--',
      process.execPath,
      MEMORY_SERVER,
    ]);
    expect(summary).toMatchObject({ error: 0, warning: 0 });
    expect(findings).toEqual([
      [
        'description-failures',
        'create_entities',
        'create_entities changes things (it says "create") but its description is silent on errors',
      ],
      [
        'parameter-description',
        'create_entities',
        'parameter entities of create_entities has no description',
      ],
      [
        'unbounded-input',
        'create_entities',
        'parameter entities of create_entities is an array with no maxItems',
      ],
      [
        'unbounded-input',
        'create_entities',
        'parameter entityType of create_entities is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'create_entities',
        'parameter name of create_entities is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'create_entities',
        'parameter observations of create_entities is an array with no maxItems',
      ],
      [
        'description-failures',
        'create_relations',
        'create_relations changes things (it says "create") but its description is silent on errors',
      ],
      [
        'parameter-description',
        'create_relations',
        'parameter relations of create_relations has no description',
      ],
      [
        'unbounded-input',
        'create_relations',
        'parameter relations of create_relations is an array with no maxItems',
      ],
      [
        'unbounded-input',
        'create_relations',
        'parameter from of create_relations is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'create_relations',
        'parameter relationType of create_relations is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'create_relations',
        'parameter to of create_relations is a string with no maxLength',
      ],
      [
        'description-failures',
        'add_observations',
        'add_observations changes things (it says "add") but its description is silent on errors',
      ],
      [
        'parameter-description',
        'add_observations',
        'parameter observations of add_observations has no description',
      ],
      [
        'unbounded-input',
        'add_observations',
        'parameter observations of add_observations is an array with no maxItems',
      ],
      [
        'unbounded-input',
        'add_observations',
        'parameter contents of add_observations is an array with no maxItems',
      ],
      [
        'unbounded-input',
        'add_observations',
        'parameter entityName of add_observations is a string with no maxLength',
      ],
      [
        'description-failures',
        'delete_entities',
        'delete_entities changes things (it says "delete") but its description is silent on errors',
      ],
      [
        'unbounded-input',
        'delete_entities',
        'parameter entityNames of delete_entities is an array with no maxItems',
      ],
      [
        'description-failures',
        'delete_observations',
        'delete_observations changes things (it says "delete") but its description is silent on errors',
      ],
      [
        'parameter-description',
        'delete_observations',
        'parameter deletions of delete_observations has no description',
      ],
      [
        'unbounded-input',
        'delete_observations',
        'parameter deletions of delete_observations is an array with no maxItems',
      ],
      [
        'unbounded-input',
        'delete_observations',
        'parameter entityName of delete_observations is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'delete_observations',
        'parameter observations of delete_observations is an array with no maxItems',
      ],
      [
        'description-failures',
        'delete_relations',
        'delete_relations changes things (it says "delete") but its description is silent on errors',
      ],
      [
        'unbounded-input',
        'delete_relations',
        'parameter relations of delete_relations is an array with no maxItems',
      ],
      [
        'unbounded-input',
        'delete_relations',
        'parameter from of delete_relations is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'delete_relations',
        'parameter relationType of delete_relations is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'delete_relations',
        'parameter to of delete_relations is a string with no maxLength',
      ],
      [
        'description-short',
        'read_graph',
        'the description of read_graph (5 words) says little more than its name',
      ],
      ['unbounded-input', 'search_nodes', 'parameter query of search_nodes is a string with no maxLength'],
      ['unbounded-input', 'open_nodes', 'parameter names of open_nodes is an array with no maxItems'],
    ]);
  });
});
