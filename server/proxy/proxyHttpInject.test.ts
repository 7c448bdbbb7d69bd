// --inject rules on what the server sends over the HTTP proxy, with a real SDK host (v1) and a
// real SDK server that asks it things (e2e/fixtures/asksOverHttp.mjs): a server request answered
// by the proxy with an error (the host never sees it), a notification dropped from the stream, a
// request delayed on a legacy SSE stream, the host's answer to a server request cut; each marked
// in the capture.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport as V1SseTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { built } from '../testSupport/built.js';
import { startHttpServer } from '../testSupport/verbProcess.js';

const FIXTURE = fileURLToPath(new URL('../../e2e/fixtures/asksOverHttp.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-http-inject-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
let open: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of open.reverse()) await Promise.resolve(close()).catch(() => undefined);
  open = [];
});

type Mode = 'streamable' | 'sse';

async function through(
  mode: Mode,
  rules: string[],
): Promise<{ host: V1Client; asked: string[]; logs: unknown[]; captures: string }> {
  n += 1;
  const captures = join(scratch, `c${n}`);
  const server = await startHttpServer(FIXTURE, ['--mode', mode]);
  open.push(() => server.stop());
  const proxy: ChildProcess = spawn(
    process.execPath,
    [
      built('server/cli/cli.ts'),
      'proxy',
      '--capture-dir',
      captures,
      ...rules.flatMap((rule) => ['--inject', rule]),
      '--url',
      server.url,
      '--port',
      '0',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  open.push(() => proxy.kill('SIGTERM'));
  const url = await new Promise<string>((resolve) => {
    let said = '';
    proxy.stderr?.on('data', (chunk: Buffer) => {
      said += String(chunk);
      const found = /listening on (\S+)/.exec(said)?.[1];
      if (found) resolve(found);
    });
  });
  const asked: string[] = [];
  const logs: unknown[] = [];
  const host = new V1Client({ name: 'http-chaos', version: '1' }, { capabilities: { sampling: {} } });
  host.setRequestHandler(CreateMessageRequestSchema, (request) => {
    const content = request.params.messages[0]?.content;
    const question = content && 'text' in content ? String(content.text) : '?';
    asked.push(question);
    return { role: 'assistant', model: 'host-model', content: { type: 'text', text: `heard ${question}` } };
  });
  host.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
    logs.push(note.params.data);
  });
  open.push(() => host.close());
  await host.connect(mode === 'sse' ? new V1SseTransport(new URL(url)) : new V1HttpTransport(new URL(url)));
  return { host, asked, logs, captures };
}

function notes(captures: string): string[] {
  const [name] = readdirSync(captures);
  return readFileSync(join(captures, name ?? ''), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; text?: string })
    .filter((record) => record.type === 'note')
    .map((record) => String(record.text));
}
const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]?.text;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('--inject rules on what the server sends over HTTP', { timeout: 60_000 }, () => {
  it('answers a server request with an error in the host’s place, and drops a notification from the stream', async () => {
    const { host, asked, logs, captures } = await through('streamable', [
      'sampling/createMessage from=server -> error -32001 "no sampling here"',
      'notifications/message from=server -> drop',
    ]);
    expect(text(await host.callTool({ name: 'ask', arguments: { question: 'may I?' } }))).toMatch(
      /^the host failed: .*no sampling here/,
    );
    expect(text(await host.callTool({ name: 'log_then_answer', arguments: {} }))).toBe('logged');
    await settle();
    expect(asked).toEqual([]);
    expect(logs).toEqual([]);
    const said = notes(captures);
    expect(
      said.some((line) =>
        /injected: sampling\/createMessage \(id \d+\) from the server answered by the proxy with error -32001/.test(
          line,
        ),
      ),
    ).toBe(true);
    expect(said.some((line) => /injected: notifications\/message from the server dropped/.test(line))).toBe(
      true,
    );
  });

  it('delays a server request on a legacy SSE stream, then passes it as it came', async () => {
    const { host, asked, captures } = await through('sse', [
      'sampling/createMessage from=server -> delay 300ms',
    ]);
    expect(text(await host.callTool({ name: 'ask', arguments: { question: 'legacy, late' } }))).toBe(
      'the host said: heard legacy, late',
    );
    expect(asked).toEqual(['legacy, late']);
    await settle();
    expect(notes(captures).some((line) => line.includes('from the server held 300 ms'))).toBe(true);
  });

  it('cuts the host’s answer to a server request', async () => {
    const { host, asked, captures } = await through('streamable', [
      'sampling/createMessage from=server -> truncate 10',
    ]);
    // The server gets ten bytes that are not JSON: its request is never answered, and times out.
    expect(text(await host.callTool({ name: 'ask', arguments: { question: 'cut me' } }))).toMatch(
      /^the host failed: .*timed out/i,
    );
    expect(asked).toEqual(['cut me']);
    await settle();
    expect(
      notes(captures).some((line) => /the answer to request \d+ cut to its first 10 of \d+ bytes/.test(line)),
    ).toBe(true);
  });
});
