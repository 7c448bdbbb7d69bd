// The installed reference servers linted as a person would lint them (the built CLI, each server
// a child process), every finding pinned by rule, subject and message: a rule change that adds
// noise, or drops a finding, shows here in review: server-everything, server-memory,
// server-filesystem and server-sequential-thinking, each finding one its author would not dispute.
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
const FILESYSTEM_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-filesystem/dist/index.js',
);
const SEQUENTIAL_THINKING_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-sequential-thinking/dist/index.js',
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

  it('server-filesystem: its paths stay within the allowed directories, as every tool but the deprecated read_file says', async () => {
    const { summary, findings } = await lintFindings(['--', process.execPath, FILESYSTEM_SERVER, scratch]);
    // A path the definition confines ("Only works within allowed directories") is not raw; read_file
    // (deprecated, the same handler) does not say so, and a model reading it cannot know.
    expect(summary).toMatchObject({ error: 0, warning: 1 });
    expect(findings).toEqual([
      ['raw-path-or-command', 'read_file', 'read_file takes path as a raw string'],
      ['unbounded-input', 'read_file', 'parameter head of read_file is a number with no maximum'],
      ['parameter-description', 'read_file', 'parameter path of read_file has no description'],
      ['unbounded-input', 'read_file', 'parameter path of read_file is a string with no maxLength'],
      ['unbounded-input', 'read_file', 'parameter tail of read_file is a number with no maximum'],
      ['unbounded-input', 'read_text_file', 'parameter head of read_text_file is a number with no maximum'],
      ['parameter-description', 'read_text_file', 'parameter path of read_text_file has no description'],
      ['unbounded-input', 'read_text_file', 'parameter path of read_text_file is a string with no maxLength'],
      ['unbounded-input', 'read_text_file', 'parameter tail of read_text_file is a number with no maximum'],
      ['parameter-description', 'read_media_file', 'parameter path of read_media_file has no description'],
      [
        'unbounded-input',
        'read_media_file',
        'parameter path of read_media_file is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'read_multiple_files',
        'parameter paths of read_multiple_files is an array with no maxItems',
      ],
      [
        'description-failures',
        'write_file',
        'write_file changes things (it says "create") but its description is silent on errors',
      ],
      ['parameter-description', 'write_file', 'parameter content of write_file has no description'],
      ['unbounded-input', 'write_file', 'parameter content of write_file is a string with no maxLength'],
      ['parameter-description', 'write_file', 'parameter path of write_file has no description'],
      ['unbounded-input', 'write_file', 'parameter path of write_file is a string with no maxLength'],
      [
        'description-failures',
        'edit_file',
        'edit_file changes things (it says "edit") but its description is silent on errors',
      ],
      ['parameter-description', 'edit_file', 'parameter edits of edit_file has no description'],
      ['unbounded-input', 'edit_file', 'parameter edits of edit_file is an array with no maxItems'],
      ['unbounded-input', 'edit_file', 'parameter newText of edit_file is a string with no maxLength'],
      ['unbounded-input', 'edit_file', 'parameter oldText of edit_file is a string with no maxLength'],
      ['parameter-description', 'edit_file', 'parameter path of edit_file has no description'],
      ['unbounded-input', 'edit_file', 'parameter path of edit_file is a string with no maxLength'],
      [
        'description-failures',
        'create_directory',
        'create_directory changes things (it says "create") but its description is silent on errors',
      ],
      ['parameter-description', 'create_directory', 'parameter path of create_directory has no description'],
      [
        'unbounded-input',
        'create_directory',
        'parameter path of create_directory is a string with no maxLength',
      ],
      ['parameter-description', 'list_directory', 'parameter path of list_directory has no description'],
      ['unbounded-input', 'list_directory', 'parameter path of list_directory is a string with no maxLength'],
      [
        'parameter-description',
        'list_directory_with_sizes',
        'parameter path of list_directory_with_sizes has no description',
      ],
      [
        'unbounded-input',
        'list_directory_with_sizes',
        'parameter path of list_directory_with_sizes is a string with no maxLength',
      ],
      [
        'parameter-description',
        'directory_tree',
        'parameter excludePatterns of directory_tree has no description',
      ],
      [
        'unbounded-input',
        'directory_tree',
        'parameter excludePatterns of directory_tree is an array with no maxItems',
      ],
      ['parameter-description', 'directory_tree', 'parameter path of directory_tree has no description'],
      ['unbounded-input', 'directory_tree', 'parameter path of directory_tree is a string with no maxLength'],
      ['parameter-description', 'move_file', 'parameter destination of move_file has no description'],
      ['unbounded-input', 'move_file', 'parameter destination of move_file is a string with no maxLength'],
      ['parameter-description', 'move_file', 'parameter source of move_file has no description'],
      ['unbounded-input', 'move_file', 'parameter source of move_file is a string with no maxLength'],
      [
        'parameter-description',
        'search_files',
        'parameter excludePatterns of search_files has no description',
      ],
      [
        'unbounded-input',
        'search_files',
        'parameter excludePatterns of search_files is an array with no maxItems',
      ],
      ['parameter-description', 'search_files', 'parameter path of search_files has no description'],
      ['unbounded-input', 'search_files', 'parameter path of search_files is a string with no maxLength'],
      ['parameter-description', 'search_files', 'parameter pattern of search_files has no description'],
      ['unbounded-input', 'search_files', 'parameter pattern of search_files is a string with no maxLength'],
      ['parameter-description', 'get_file_info', 'parameter path of get_file_info has no description'],
      ['unbounded-input', 'get_file_info', 'parameter path of get_file_info is a string with no maxLength'],
    ]);
  });

  it('server-sequential-thinking: hints only; its coerced booleans take any string, which the schema says', async () => {
    const { summary, findings } = await lintFindings(['--', process.execPath, SEQUENTIAL_THINKING_SERVER]);
    // The thought counters carry zod's integer bound (Number.MAX_SAFE_INTEGER) and a minimum:
    // bounded, so not named. The boolean-or-string parameters accept "true"/"false" as text,
    // and as the schema declares them, any text of any length.
    expect(summary).toMatchObject({ error: 0, warning: 0, hint: 5 });
    expect(findings).toEqual([
      [
        'unbounded-input',
        'sequentialthinking',
        'parameter branchId of sequentialthinking is a string with no maxLength',
      ],
      [
        'unbounded-input',
        'sequentialthinking',
        'parameter isRevision of sequentialthinking is boolean or string, and as a string with no maxLength',
      ],
      [
        'unbounded-input',
        'sequentialthinking',
        'parameter needsMoreThoughts of sequentialthinking is boolean or string, and as a string with no maxLength',
      ],
      [
        'unbounded-input',
        'sequentialthinking',
        'parameter nextThoughtNeeded of sequentialthinking is boolean or string, and as a string with no maxLength',
      ],
      [
        'unbounded-input',
        'sequentialthinking',
        'parameter thought of sequentialthinking is a string with no maxLength',
      ],
    ]);
  });
});
