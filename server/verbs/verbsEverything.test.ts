import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVERYTHING_SERVER } from '../testSupport/targets.js';
import { runVerb } from '../testSupport/verbProcess.js';

// @modelcontextprotocol/server-everything, a 2025-11-25 server nobody here wrote, over stdio.
const EVERYTHING = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];
const CLI_TEST_TIMEOUT_MS = 90_000;

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-everything-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('server-everything', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('info: auto falls back to the legacy era', async () => {
    const run = await runVerb(['info', ...EVERYTHING]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('server        mcp-servers/everything');
    expect(run.stdout).toContain('era           legacy, protocol version 2025-11-25');
  });

  it('tools: a task-required tool says so', async () => {
    const run = await runVerb(['tools', ...EVERYTHING]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^get-sum\(a, b\) +Get Sum Tool/m);
    expect(run.stdout).toMatch(/^simulate-research-query\(topic, ambiguous\?\) .*\[task: required\]$/m);
  });

  it('call: numbers typed by the schema', async () => {
    const run = await runVerb(['call', 'get-sum', '--arg', 'a=2', '--arg', 'b=3', ...EVERYTHING]);
    expect(run).toMatchObject({ code: 0, stdout: 'The sum of 2 and 3 is 5.\n' });
  });

  it('call: an image saved with --save-media', async () => {
    const dir = join(scratch, 'media');
    const run = await runVerb(['call', 'get-tiny-image', '--save-media', dir, ...EVERYTHING]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\[image image\/png, [\d.]+ [KB ]+, saved to .*1\.png\]$/m);
    expect(readdirSync(dir)).toEqual(['1.png']);
  });

  it('call: a task-required tool runs as a task and is followed to its result', async () => {
    const run = await runVerb([
      'call',
      'simulate-research-query',
      '--arg',
      'topic=inspectors',
      ...EVERYTHING,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('inspectors');
    expect(run.stderr).toMatch(/task [\w-]+: working/);
    expect(run.stderr).toMatch(/task [\w-]+: completed/);
  });

  it("call: its elicitation answered from --elicit, the schema's defaults filled in", async () => {
    const run = await runVerb([
      'call',
      'trigger-elicitation-request',
      '--elicit',
      '{"name":"Ada"}',
      ...EVERYTHING,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"action": "accept"');
    expect(run.stdout).toContain('"name": "Ada"');
    // Defaults the requested schema declares, sent as a pre-filled form would (SEP-1034).
    expect(run.stdout).toContain('"integer": 42');
  });

  it('call: sampling answered with --sampling-reply, roots from --root', async () => {
    const [sampling, roots] = await Promise.all([
      runVerb([
        'call',
        'trigger-sampling-request',
        '--arg',
        'prompt=hi',
        '--sampling-reply',
        'a reply',
        ...EVERYTHING,
      ]),
      runVerb(['call', 'get-roots-list', '--root', '/tmp', ...EVERYTHING]),
    ]);
    expect(sampling.code).toBe(0);
    expect(sampling.stdout).toContain('"text": "a reply"');
    expect(roots.code).toBe(0);
    expect(roots.stdout).toContain('URI: file:///tmp');
  });

  it('read and prompt', async () => {
    const [read, prompt] = await Promise.all([
      runVerb(['read', 'demo://resource/static/document/features.md', ...EVERYTHING]),
      runVerb(['prompt', 'args-prompt', '--arg', 'city=Paris', ...EVERYTHING]),
    ]);
    expect(read.code).toBe(0);
    expect(read.stdout.length).toBeGreaterThan(100);
    expect(prompt.code).toBe(0);
    expect(prompt.stdout).toMatch(/^\[user\]\n.*Paris/m);
  });
});
