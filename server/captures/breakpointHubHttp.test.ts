// Breakpoints over the HTTP proxy on what the server sends the host: a real SDK host (v1, and the
// v2 client in the legacy era) talks through `mcp-inspect proxy --url` to a real SDK server that
// asks it things (e2e/fixtures/asksOverHttp.mjs); the bridge's hub holds the server's request,
// notification or answer inside a POST's SSE stream, the GET stream, a JSON body or a legacy SSE
// stream; the person forwards it edited, answers it (the host never sees it), drops it, or lets
// the hold limit pass; the test asserts what the host received.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
} from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport as V1SseTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { BreakpointRuleView, HeldMessageView } from '../../shared/breakpointWire.js';
import { built } from '../testSupport/built.js';
import { eventually } from '../testSupport/processes.js';
import { startHttpServer } from '../testSupport/verbProcess.js';
import { BreakpointHub } from './breakpointHub.js';

const FIXTURE = fileURLToPath(new URL('../../e2e/fixtures/asksOverHttp.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-http-holds-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const open: { hub?: BreakpointHub; close: (() => unknown)[] } = { close: [] };
afterEach(async () => {
  for (const close of open.close.reverse()) await Promise.resolve(close()).catch(() => undefined);
  await open.hub?.close();
  open.hub = undefined;
  open.close = [];
});

type Mode = 'streamable' | 'json' | 'sse';

/** A hub, the fixture server in `mode`, and the HTTP proxy in front of it: the URL a host uses. */
async function setUp(mode: Mode): Promise<{ hub: BreakpointHub; url: string; captures: string }> {
  n += 1;
  const state = join(scratch, `state-${n}`);
  const captures = join(state, 'captures');
  const hub = await BreakpointHub.start({ rendezvousFile: join(state, 'rendezvous.json') });
  open.hub = hub;
  const server = await startHttpServer(FIXTURE, ['--mode', mode]);
  open.close.push(() => server.stop());
  const proxy = spawn(
    process.execPath,
    [built('server/cli/cli.ts'), 'proxy', '--capture-dir', captures, '--url', server.url, '--port', '0'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, MCP_INSPECT_STATE_DIR: state } },
  );
  open.close.push(() => proxy.kill('SIGTERM'));
  const url = await new Promise<string>((resolve) => {
    let said = '';
    proxy.stderr.on('data', (chunk: Buffer) => {
      said += String(chunk);
      const found = /listening on (\S+)/.exec(said)?.[1];
      if (found) resolve(found);
    });
  });
  return { hub, url, captures };
}

/** What the host saw of the server's requests and notifications. */
interface HostView {
  asked: string[];
  logs: unknown[];
}

/** A v1 host that answers sampling with what it was asked, and keeps the log lines it gets. */
async function v1Host(url: string, mode: Mode): Promise<{ host: V1Client; seen: HostView }> {
  const seen: HostView = { asked: [], logs: [] };
  const host = new V1Client({ name: 'http-host', version: '1' }, { capabilities: { sampling: {} } });
  host.setRequestHandler(CreateMessageRequestSchema, (request) => {
    const content = request.params.messages[0]?.content;
    const question = content && 'text' in content ? String(content.text) : '?';
    seen.asked.push(question);
    return { role: 'assistant', model: 'host-model', content: { type: 'text', text: `heard ${question}` } };
  });
  host.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
    seen.logs.push(note.params.data);
  });
  open.close.push(() => host.close());
  await host.connect(mode === 'sse' ? new V1SseTransport(new URL(url)) : new V1HttpTransport(new URL(url)));
  return { host, seen };
}

async function linked(hub: BreakpointHub): Promise<void> {
  expect(await eventually(() => hub.state().sessions.length === 1, 15_000)).toBe(true);
}
async function rules(hub: BreakpointHub, list: BreakpointRuleView[], holdLimitSeconds = 60): Promise<void> {
  hub.setRules({ rules: list, holdLimitSeconds });
  // The proxy has them once its link answered: a moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
}
async function heldOne(hub: BreakpointHub): Promise<HeldMessageView> {
  const waiting = () => hub.state().held.filter((each) => !each.deciding);
  expect(await eventually(() => waiting().length === 1, 15_000)).toBe(true);
  const [held] = waiting();
  if (held === undefined) throw new Error('nothing held');
  return held;
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
const sampling: BreakpointRuleView = { id: 's', method: 'sampling/createMessage', from: 'server' };

describe('breakpoints on what the server sends, over the HTTP proxy', { timeout: 90_000 }, () => {
  it('holds a server request in a POST’s SSE stream: edited and forwarded, then answered by the person', async () => {
    const { hub, url, captures } = await setUp('streamable');
    const { host, seen } = await v1Host(url, 'streamable');
    await linked(hub);
    await rules(hub, [sampling]);

    const edited = host.callTool({ name: 'ask', arguments: { question: 'as the server asked' } });
    const first = await heldOne(hub);
    expect(first).toMatchObject({ from: 'server', kind: 'message', rule: 's' });
    const message = first.message as { params: { messages: { content: { text: string } }[] } };
    expect(message.params.messages[0]?.content.text).toBe('as the server asked');
    (message.params.messages[0] as { content: { text: string } }).content.text = 'as the person put it';
    expect(
      hub.release({ session: first.session, held: first.held, decision: { action: 'forward', message } }),
    ).toBeUndefined();
    expect(text(await edited)).toBe('the host said: heard as the person put it');
    expect(seen.asked).toEqual(['as the person put it']);

    // Answered in the page: the host never sees the request; the server gets the person's answer.
    const answered = host.callTool({ name: 'ask', arguments: { question: 'never shown' } });
    const second = await heldOne(hub);
    hub.release({
      session: second.session,
      held: second.held,
      decision: {
        action: 'answer',
        result: { role: 'assistant', model: 'person', content: { type: 'text', text: 'from the person' } },
      },
    });
    expect(text(await answered)).toBe('the host said: from the person');
    expect(seen.asked).toEqual(['as the person put it']);

    await new Promise((resolve) => setTimeout(resolve, 300));
    const said = notes(captures);
    expect(said.some((line) => /sampling\/createMessage \(id \d+\) from the server held/.test(line))).toBe(
      true,
    );
    expect(said.some((line) => line.includes('edited by the person and forwarded'))).toBe(true);
    expect(said.some((line) => line.includes('answered by the person with a result of their own'))).toBe(
      true,
    );
  });

  it('drops a server notification from the stream and replaces the answer to the host’s call', async () => {
    const { hub, url } = await setUp('streamable');
    const { host, seen } = await v1Host(url, 'streamable');
    await linked(hub);
    await rules(hub, [
      { id: 'log', method: 'notifications/message', from: 'server' },
      { id: 'ans', method: 'tools/call', name: 'log_then_answer', from: 'host', answer: true },
    ]);
    const call = host.callTool({ name: 'log_then_answer', arguments: {} });
    // The answer comes behind the notification on the same stream: it is not held behind it.
    expect(await eventually(() => hub.state().held.length === 2, 15_000)).toBe(true);
    const [note, answer] = hub.state().held;
    if (note === undefined || answer === undefined) throw new Error('not held');
    expect(note).toMatchObject({ from: 'server', kind: 'message', rule: 'log' });
    hub.release({ session: note.session, held: note.held, decision: { action: 'drop' } });
    expect(answer).toMatchObject({ from: 'server', kind: 'answer', rule: 'ans' });
    expect(answer.message).toMatchObject({ result: { content: [{ text: 'logged' }] } });
    hub.release({
      session: answer.session,
      held: answer.held,
      decision: { action: 'answer', result: { content: [{ type: 'text', text: 'replaced by the person' }] } },
    });
    expect(text(await call)).toBe('replaced by the person');
    expect(seen.logs).toEqual([]);
    // Nothing held: the log line passes again.
    await rules(hub, []);
    expect(text(await host.callTool({ name: 'log_then_answer', arguments: {} }))).toBe('logged');
    expect(await eventually(() => seen.logs.length === 1, 5_000)).toBe(true);
  });

  it('holds a server request on the GET stream and answers it in the page', async () => {
    const { hub, url } = await setUp('streamable');
    const { host, seen } = await v1Host(url, 'streamable');
    await linked(hub);
    await rules(hub, [sampling]);
    expect(text(await host.callTool({ name: 'ask_later', arguments: {} }))).toBe('asked');
    const held = await heldOne(hub);
    hub.release({
      session: held.session,
      held: held.held,
      decision: {
        action: 'answer',
        result: {
          role: 'assistant',
          model: 'person',
          content: { type: 'text', text: 'later, from the person' },
        },
      },
    });
    // The server records the answer when it comes: asked again until it has.
    let last = '';
    for (let tries = 0; tries < 100 && !last.includes('from the person'); tries += 1) {
      last = String(text(await host.callTool({ name: 'last_answer', arguments: {} })));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(last).toBe('the host said: later, from the person');
    expect(seen.asked).toEqual([]);
  });

  it('replaces the answer in a JSON body (its Content-Length with it), and forwards one as it was past the hold limit', async () => {
    const { hub, url, captures } = await setUp('json');
    const { host } = await v1Host(url, 'json');
    await linked(hub);
    await rules(hub, [{ id: 'e', method: 'tools/call', name: 'echo', from: 'host', answer: true }], 1);
    const replaced = host.callTool({ name: 'echo', arguments: { message: 'short' } });
    const held = await heldOne(hub);
    expect(held).toMatchObject({ kind: 'answer', message: { result: { content: [{ text: 'short' }] } } });
    hub.release({
      session: held.session,
      held: held.held,
      decision: {
        action: 'answer',
        result: { content: [{ type: 'text', text: 'a much longer answer, written by the person, é ✓' }] },
      },
    });
    expect(text(await replaced)).toBe('a much longer answer, written by the person, é ✓');
    // Left alone: the hold limit (1 s) sends it on as it came.
    expect(text(await host.callTool({ name: 'echo', arguments: { message: 'waited' } }))).toBe('waited');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notes(captures).some((line) => line.includes('the hold limit: forwarded as it was'))).toBe(true);
  });

  it('holds a server request in a legacy SSE stream and answers it with an error in the page', async () => {
    const { hub, url } = await setUp('sse');
    const { host, seen } = await v1Host(url, 'sse');
    await linked(hub);
    await rules(hub, [sampling]);
    const call = host.callTool({ name: 'ask', arguments: { question: 'legacy?' } });
    const held = await heldOne(hub);
    hub.release({
      session: held.session,
      held: held.held,
      decision: { action: 'answer', error: { code: -32001, message: 'the person refused' } },
    });
    expect(text(await call)).toMatch(/^the host failed: .*the person refused/);
    expect(seen.asked).toEqual([]);
  });

  it('holds the answer to a v2 client’s call (legacy era) and lets it go on as it was', async () => {
    const { hub, url } = await setUp('streamable');
    const host = new V2Client({ name: 'v2-host', version: '2' }, { versionNegotiation: { mode: 'legacy' } });
    open.close.push(() => host.close());
    await host.connect(new V2HttpTransport(new URL(url)));
    await linked(hub);
    await rules(hub, [{ id: 'e', method: 'tools/call', name: 'echo', from: 'host', answer: true }]);
    const call = host.callTool({ name: 'echo', arguments: { message: 'as it came' } });
    const held = await heldOne(hub);
    expect(held).toMatchObject({ from: 'server', kind: 'answer' });
    hub.release({ session: held.session, held: held.held, decision: { action: 'forward' } });
    expect(text(await call)).toBe('as it came');
  });
});
