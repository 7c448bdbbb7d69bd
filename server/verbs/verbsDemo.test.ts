import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TimelineRecordSchema } from '../../shared/wire.js';
import { built } from '../testSupport/built.js';
import { errorLine, runVerb, startHttpServer } from '../testSupport/verbProcess.js';

// The bundled demo server, as `mcp-inspect <verb>` runs it with no server given, in both eras.
const ERAS = ['modern', 'legacy'] as const;
const PROTOCOL = { modern: '2026-07-28', legacy: '2025-11-25' } as const;

/** Each test runs a few CLIs one after another, each a Node process and its server's: on a busy machine, seconds. */
const CLI_TEST_TIMEOUT_MS = 90_000;

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-verbs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(ERAS)('the demo server over stdio, %s era', { timeout: CLI_TEST_TIMEOUT_MS }, (era) => {
  it('info: era, negotiated version, server info, capabilities, instructions', async () => {
    const run = await runVerb(['info', '--era', era]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('server        mcp-inspect-demo 1.0.0 (mcp-inspect demo server)');
    expect(run.stdout).toContain(`era           ${era}, protocol version ${PROTOCOL[era]}`);
    expect(run.stdout).toMatch(/capabilities {2}.*tools \(listChanged\)/);
    expect(run.stdout).toContain('instructions  # mcp-inspect demo server');
    expect(run.stderr).toContain('no server given: the bundled demo server');
  });

  it('info --json: the handshake result as the server sent it, and meta', async () => {
    const run = await runVerb(['info', '--era', era, '--json']);
    expect(run.code).toBe(0);
    const info = JSON.parse(run.stdout) as Record<string, unknown> & { meta: Record<string, unknown> };
    expect(info.meta).toMatchObject({ era, protocolVersion: PROTOCOL[era], transport: 'stdio' });
    expect(info.meta.handshake).toBe(era === 'modern' ? 'server/discover' : 'initialize');
    expect(info).toMatchObject({ capabilities: { tools: { listChanged: true } } });
    if (era === 'legacy')
      expect(info).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'mcp-inspect-demo' } });
    else expect(info).toMatchObject({ supportedVersions: ['2026-07-28'] });
  });

  it('tools: one a line with its arguments; --json: the list and meta', async () => {
    const [text, json] = await Promise.all([
      runVerb(['tools', '--era', era]),
      runVerb(['tools', '--era', era, '--json']),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^echo\(message, uppercase\?\) +Echo: Returns the message as text, optionally uppercased\. +\[read-only\]$/m,
    );
    const listed = JSON.parse(json.stdout) as {
      tools: { name: string }[];
      meta: { era: string; latencyMs: number };
    };
    expect(listed.tools.map((tool) => tool.name)).toContain('book_table');
    expect(listed.meta.era).toBe(era);
    expect(listed.meta.latencyMs).toBeGreaterThan(0);
  });

  it('call: arguments typed by the schema, the text printed', async () => {
    const run = await runVerb([
      'call',
      'echo',
      '--era',
      era,
      '--arg',
      'message=hello',
      '--arg',
      'uppercase=true',
    ]);
    expect(run).toMatchObject({ code: 0, stdout: 'HELLO\n' });
  });

  it('call --json: the result as sent, plus meta', async () => {
    const run = await runVerb(['call', 'get_weather', '--era', era, '--args', '{"city":"Paris"}', '--json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { structuredContent: unknown; meta: Record<string, unknown> };
    expect(result.structuredContent).toMatchObject({ city: 'Paris' });
    expect(result.meta).toMatchObject({ era, protocolVersion: PROTOCOL[era], transport: 'stdio' });
  });

  it('call: an elicitation and a sampling request answered from flags, the same in both eras', async () => {
    const run = await runVerb([
      'call',
      'book_table',
      '--era',
      era,
      '--elicit',
      '{"name":"Ada","seats":2}',
      '--sampling-reply',
      'Welcome, Ada!',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      'Booked a table for 2 at Chez MCP under the name Ada.\nWelcome line (from mcp-inspect --sampling-reply): Welcome, Ada!\n',
    );
  });

  it('call: with no flag and no terminal, a question is declined, and stderr says so', async () => {
    const run = await runVerb(['call', 'book_table', '--era', era]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('No table booked: you declined the form.\n');
    expect(run.stderr).toContain(
      `declined the server's question "Who is the table at Chez MCP for, and how many seats?"`,
    );
  });

  it('call: a task is followed to its result, its status on stderr', async () => {
    const args = ['call', 'long_task', '--era', era, '--arg', 'steps=2', '--arg', 'stepMs=20'];
    // A 2026-07-28 server makes it a task by itself; a 2025-11-25 tool is asked with --task.
    const run = await runVerb(era === 'modern' ? args : [...args, '--task']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Counted all 2 steps.\n');
    expect(run.stderr).toMatch(/task [\w-]+: working/);
    expect(run.stderr).toMatch(/task [\w-]+: completed/);
  });

  it('call: progress and log messages go to stderr', async () => {
    const progress = await runVerb([
      'call',
      'slow_count',
      '--era',
      era,
      '--arg',
      'steps=2',
      '--arg',
      'delayMs=10',
    ]);
    expect(progress.code).toBe(0);
    expect(progress.stderr).toContain('progress 1/2');
    const logged = await runVerb([
      'call',
      'log_message',
      '--era',
      era,
      '--log-level',
      'debug',
      '--arg',
      'level=warning',
      '--arg',
      'text=careful',
    ]);
    expect(logged.code).toBe(0);
    expect(logged.stderr).toMatch(/\[log warning\].* careful/);
    const quiet = await runVerb([
      'call',
      'slow_count',
      '--era',
      era,
      '--quiet',
      '--arg',
      'steps=2',
      '--arg',
      'delayMs=10',
    ]);
    expect(quiet).toMatchObject({ code: 0, stderr: '' });
  });

  it('read: a text resource, as it is', async () => {
    const text = await runVerb(['read', 'demo://docs/readme', '--era', era]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^# mcp-inspect demo server\n/);
  });

  it('prompt: its messages under their roles', async () => {
    const run = await runVerb(['prompt', 'greeting', '--era', era, '--arg', 'name=Ada']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("[user]\nHi, I'm Ada.\n[assistant]\nHello, Ada! How can I help?\n");
  });
});

describe('the demo server over stdio, either era', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('call: structured content as indented JSON after the content', async () => {
    const run = await runVerb(['call', 'get_weather', '--arg', 'city=Paris']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('structured content:\n{\n  "city": "Paris",');
  });

  it('resources, templates and prompts: one a line', async () => {
    const [resources, templates, prompts] = await Promise.all([
      runVerb(['resources']),
      runVerb(['templates']),
      runVerb(['prompts']),
    ]);
    expect(resources.stdout).toMatch(/^demo:\/\/docs\/readme +\(readme, text\/markdown\)/m);
    expect(templates.stdout).toMatch(/^demo:\/\/notes\/\{id\} +\(note\)/m);
    expect(prompts.stdout).toMatch(/^greeting\(name\) +Greeting:/m);
  });
  it('read: a binary resource summarised, or saved with --save-media', async () => {
    const dir = join(scratch, 'read-media');
    const blob = await runVerb(['read', 'demo://images/swatch.png', '--save-media', dir]);
    expect(blob.code).toBe(0);
    const [file] = readdirSync(dir);
    expect(file).toBe('1-swatch.png');
    expect(blob.stdout).toBe(
      `[blob demo://images/swatch.png image/png, 557 B, saved to ${join(dir, '1-swatch.png')}]\n`,
    );
    expect(statSync(join(dir, '1-swatch.png')).size).toBe(557);
  });

  it('--quiet: nothing on stderr but errors', async () => {
    const quiet = await runVerb(['call', 'slow_count', '--quiet', '--arg', 'steps=2', '--arg', 'delayMs=10']);
    expect(quiet).toMatchObject({ code: 0, stdout: 'Counted to 2\n', stderr: '' });
  });

  it('call: images and audio summarised with media type and size; --save-media writes them', async () => {
    const dir = join(scratch, 'call-media');
    const [image, audio] = await Promise.all([
      runVerb(['call', 'render_image', '--save-media', dir]),
      runVerb(['call', 'play_tone']),
    ]);
    expect(image.code).toBe(0);
    expect(image.stdout).toMatch(/^\[image image\/png, [\d.]+ KB, saved to .*\/1\.png\]$/m);
    expect(readFileSync(join(dir, '1.png')).subarray(1, 4).toString()).toBe('PNG');
    expect(audio.stdout).toMatch(/^\[audio audio\/wav, [\d.]+ KB\]$/m);
  });

  it('call: --elicit by key answers one input request of a modern server', async () => {
    const run = await runVerb([
      'call',
      'book_table',
      '--era',
      'modern',
      '--elicit',
      'booking={"name":"Grace","seats":3}',
      '--sampling-reply',
      'Hi',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Booked a table for 3 at Chez MCP under the name Grace.');
  });

  it('call: a modern task that asks halfway gets its answer, by key', async () => {
    const run = await runVerb([
      'call',
      'long_task',
      '--era',
      'modern',
      '--args',
      '{"steps":2,"stepMs":20,"askHalfway":true}',
      '--elicit',
      'go_on={"goOn":false}',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Stopped after 1 of 2 steps, as asked.\n');
    expect(run.stderr).toMatch(/task [\w-]+: input_required/);
  });

  it('takes the server from a config file, as the page does', async () => {
    const config = join(scratch, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          demo: { command: process.execPath, args: [built('server/demo/demoServer.ts')], era: 'legacy' },
        },
      }),
    );
    const run = await runVerb(['info', '--config', config, '--server', 'demo']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('era           legacy, protocol version 2025-11-25');
    expect(run.stderr).not.toContain('no server given');
  });

  it('--traffic writes the session as JSON Lines the page imports', async () => {
    const file = join(scratch, 'traffic.jsonl');
    const run = await runVerb(['call', 'echo', '--arg', 'message=hi', '--traffic', file]);
    expect(run.code).toBe(0);
    const [header, ...records] = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header).toMatchObject({ type: 'mcp-inspect-traffic', version: 1, startedAt: expect.any(Number) });
    // Every line is a record of the wire, as the page's importer checks them.
    for (const record of records) expect(TimelineRecordSchema.safeParse(record).success).toBe(true);
    const methods = records.flatMap((record) =>
      record.type === 'frame' && record.dir === 'toServer'
        ? [(record.message as { method?: string }).method]
        : [],
    );
    expect(methods).toEqual(expect.arrayContaining(['server/discover', 'tools/list', 'tools/call']));
    expect(records.map((record) => record.type)).toEqual(
      expect.arrayContaining(['state', 'frame', 'stderr']),
    );
    const seqs = records.map((record) => record.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });
});

describe('the demo server over Streamable HTTP', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  let server: { url: string; stop(): void };
  beforeAll(async () => {
    server = await startHttpServer(built('server/demo/demoServer.ts'), ['--http', '--port', '0']);
  });
  afterAll(() => server.stop());

  it.each(ERAS)('info and tools, %s era', async (era) => {
    const [info, tools] = await Promise.all([
      runVerb(['info', '--url', server.url, '--era', era]),
      runVerb(['tools', '--url', server.url, '--era', era, '--json']),
    ]);
    expect(info.code).toBe(0);
    expect(info.stdout).toContain(`era           ${era}, protocol version ${PROTOCOL[era]}`);
    expect(info.stdout).toContain('transport     streamable-http');
    expect((JSON.parse(tools.stdout) as { tools: unknown[] }).tools.length).toBeGreaterThan(10);
  });

  it('call: an x-mcp-header argument goes out as its Mcp-Param header too (2026-07-28)', async () => {
    const run = await runVerb(['call', 'region_status', '--url', server.url, '--arg', 'region=eu-west']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Mcp-Param-Region header: eu-west');
  });

  it.each(ERAS)('call: questions answered, %s era', async (era) => {
    const run = await runVerb([
      'call',
      'book_table',
      '--url',
      server.url,
      '--era',
      era,
      '--elicit',
      '{"name":"Ada","seats":2}',
      '--sampling-reply',
      'Hello',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Booked a table for 2 at Chez MCP under the name Ada.');
  });

  it('--traffic keeps the HTTP exchanges, secrets masked', async () => {
    const file = join(scratch, 'http-traffic.jsonl');
    const run = await runVerb([
      'tools',
      '--url',
      server.url,
      '--header',
      'X-Api-Key: s3cret-value',
      '--traffic',
      file,
    ]);
    expect(run.code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('s3cret-value');
    const exchanges = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; requestHeaders?: Record<string, string> })
      .filter((record) => record.type === 'http');
    expect(exchanges.length).toBeGreaterThan(0);
    expect(exchanges[0]?.requestHeaders?.['x-api-key']).toBe('••••••');
  });

  it('--json failure: one line on stderr', async () => {
    const run = await runVerb(['call', 'fail', '--url', server.url, '--json']);
    expect(run.code).toBe(5);
    expect(errorLine(run)).toEqual({
      exitCode: 5,
      kind: 'tool-error',
      message: 'the tool returned isError: true',
    });
    expect(JSON.parse(run.stdout)).toMatchObject({ isError: true });
  });
});
