// Breakpoints on proxied sessions, end to end below the page: a real SDK host runs the demo
// server through `mcp-inspect proxy` (stdio and HTTP); the bridge's hub sets a breakpoint; the
// proxy holds the matching message until the hub forwards it (as it was or edited), drops it or
// answers it, or until the hold limit passes; every change is in the capture; the page going
// away releases what is held; the link refuses a request without the token or from a web page.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { BreakpointRuleView, HeldMessageView } from '../../shared/breakpointWire.js';
import { BREAKPOINT_LINK_PATH } from '../proxy/breakpointLink.js';
import { built } from '../testSupport/built.js';
import { eventually } from '../testSupport/processes.js';
import { startHttpServer } from '../testSupport/verbProcess.js';
import { BreakpointHub } from './breakpointHub.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-breakpoints-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const open: { hub?: BreakpointHub; host?: V1Client; children: ChildProcess[] } = { children: [] };
afterEach(async () => {
  await open.host?.close().catch(() => undefined);
  for (const child of open.children) child.kill('SIGTERM');
  await open.hub?.close();
  open.host = undefined;
  open.hub = undefined;
  open.children = [];
});

/** A state folder of its own, a hub taking links there, and a capture folder. */
async function place(): Promise<{ env: Record<string, string>; hub: BreakpointHub; captures: string }> {
  n += 1;
  const state = join(scratch, `state-${n}`);
  const hub = await BreakpointHub.start({ rendezvousFile: join(state, 'rendezvous.json') });
  open.hub = hub;
  return {
    env: { ...(process.env as Record<string, string>), MCP_INSPECT_STATE_DIR: state },
    hub,
    captures: join(state, 'captures'),
  };
}

async function hostThroughProxy(env: Record<string, string>, captures: string): Promise<V1Client> {
  const host = new V1Client({ name: 'breakpoint-host', version: '1' });
  open.host = host;
  await host.connect(
    new V1StdioTransport({
      command: process.execPath,
      args: [
        built('server/cli/cli.ts'),
        'proxy',
        '--capture-dir',
        captures,
        '--',
        process.execPath,
        built('server/demo/demoServer.ts'),
      ],
      env,
      stderr: 'ignore',
    }),
  );
  return host;
}

const echoRule: BreakpointRuleView = { id: 'r1', method: 'tools/call', name: 'echo', from: 'host' };

async function linked(hub: BreakpointHub): Promise<void> {
  expect(await eventually(() => hub.state().sessions.length === 1, 10_000)).toBe(true);
}
/** The one message held and not yet decided on. */
async function heldOne(hub: BreakpointHub): Promise<HeldMessageView> {
  const waiting = () => hub.state().held.filter((each) => !each.deciding);
  expect(await eventually(() => waiting().length === 1, 10_000)).toBe(true);
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

describe('breakpoints on a proxied session', { timeout: 60_000 }, () => {
  it('holds a tools/call until it is forwarded edited, answered with an error, or dropped, each marked in the capture', async () => {
    const { env, hub, captures } = await place();
    const host = await hostThroughProxy(env, captures);
    await linked(hub);
    await host.listTools();
    hub.setRules({ rules: [echoRule], holdLimitSeconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Edited, then forwarded: the host gets the server's answer to the edited arguments.
    const edited = host.callTool({ name: 'echo', arguments: { message: 'as the host sent it' } });
    const first = await heldOne(hub);
    expect(first).toMatchObject({ from: 'host', kind: 'message', rule: 'r1' });
    expect(first.inputSchema).toMatchObject({ properties: { message: { type: 'string' } } });
    const message = first.message as { params: { arguments: Record<string, unknown> } };
    message.params.arguments = { message: 'as the person made it', uppercase: true };
    expect(
      hub.release({ session: first.session, held: first.held, decision: { action: 'forward', message } }),
    ).toBeUndefined();
    expect(text(await edited)).toBe('AS THE PERSON MADE IT');

    // Answered by the person with an error: the host receives it.
    const failed = host.callTool({ name: 'echo', arguments: { message: 'fail me' } });
    const second = await heldOne(hub);
    hub.release({
      session: second.session,
      held: second.held,
      decision: { action: 'answer', error: { code: -32000, message: 'the person said no' } },
    });
    await expect(failed).rejects.toThrow(/the person said no/);

    // Dropped: never reaches the server, never answered (the host's own timeout ends it).
    const dropped = host.callTool({ name: 'echo', arguments: { message: 'lost' } }, undefined, {
      timeout: 1_500,
    });
    const third = await heldOne(hub);
    hub.release({ session: third.session, held: third.held, decision: { action: 'drop' } });
    await expect(dropped).rejects.toThrow(/timed out/i);

    // Not matching: passes without a hold.
    expect(text(await host.callTool({ name: 'get_json', arguments: {} }))).toBeDefined();
    await host.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const said = notes(captures);
    expect(
      said.some((line) =>
        /breakpoint: tools\/call echo .* held \(breakpoint "tools\/call name=echo from=host"\)/.test(line),
      ),
    ).toBe(true);
    expect(said.some((line) => line.includes('edited by the person and forwarded'))).toBe(true);
    expect(said.some((line) => line.includes('answered by the person with error -32000'))).toBe(true);
    expect(said.some((line) => line.includes('dropped by the person'))).toBe(true);
    const [name] = readdirSync(captures);
    const records = readFileSync(join(captures, name ?? ''), 'utf8');
    expect(records).toMatch(/"synthetic":true,"message":\{"jsonrpc":"2.0","id":\d+,"error":\{"code":-32000/);
    expect(records).toMatch(
      /"dir":"toServer","bytes":\d+,"generation":1,"synthetic":true.*as the person made it/,
    );
  });

  it('forwards a message held past the limit as it was, with a note; "next only" holds once', async () => {
    const { env, hub, captures } = await place();
    const host = await hostThroughProxy(env, captures);
    await linked(hub);
    hub.setRules({ rules: [{ ...echoRule, once: true }], holdLimitSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = host.callTool({ name: 'echo', arguments: { message: 'waited' } });
    await heldOne(hub);
    expect(hub.state().rules).toEqual([]);
    expect(text(await late)).toBe('waited');
    expect(hub.state().held).toEqual([]);
    expect(hub.state().recent.at(-1)).toMatchObject({ how: 'limit' });
    // The rule is spent: the next call passes at once.
    expect(text(await host.callTool({ name: 'echo', arguments: { message: 'free' } }))).toBe('free');
    await host.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(notes(captures).some((line) => line.includes('the hold limit: forwarded as it was'))).toBe(true);
  });

  it('holds the answer to a request and lets the person replace its result', async () => {
    const { env, hub, captures } = await place();
    const host = await hostThroughProxy(env, captures);
    await linked(hub);
    hub.setRules({ rules: [{ ...echoRule, answer: true }], holdLimitSeconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answered = host.callTool({ name: 'echo', arguments: { message: 'from the server' } });
    const held = await heldOne(hub);
    expect(held).toMatchObject({ from: 'server', kind: 'answer' });
    expect(held.message).toMatchObject({ result: { content: [{ text: 'from the server' }] } });
    hub.release({
      session: held.session,
      held: held.held,
      decision: { action: 'answer', result: { content: [{ type: 'text', text: 'from the person' }] } },
    });
    expect(text(await answered)).toBe('from the person');
  });

  it('forwards what it holds at once when the page goes away, and passes bytes as they come again', async () => {
    const { env, hub, captures } = await place();
    const host = await hostThroughProxy(env, captures);
    await linked(hub);
    hub.setRules({ rules: [echoRule], holdLimitSeconds: 600 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const waiting = host.callTool({ name: 'echo', arguments: { message: 'still here' } });
    await heldOne(hub);
    await hub.close();
    open.hub = undefined;
    expect(text(await waiting)).toBe('still here');
    expect(text(await host.callTool({ name: 'echo', arguments: { message: 'after' } }))).toBe('after');
    await host.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      notes(captures).some((line) => line.includes('forwarded as it was: the page that held it went away')),
    ).toBe(true);
  });

  it('holds a host’s request over the HTTP proxy and answers it', async () => {
    const { env, hub, captures } = await place();
    const server = await startHttpServer(built('server/demo/demoServer.ts'), ['--http', '--port', '0']);
    const proxy = spawn(
      process.execPath,
      [built('server/cli/cli.ts'), 'proxy', '--capture-dir', captures, '--url', server.url, '--port', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'], env },
    );
    open.children.push(proxy);
    try {
      const served = await new Promise<string>((resolve) => {
        let said = '';
        proxy.stderr.on('data', (chunk: Buffer) => {
          said += String(chunk);
          const found = /listening on (\S+)/.exec(said)?.[1];
          if (found) resolve(found);
        });
      });
      const host = new V1Client({ name: 'http-host', version: '1' });
      open.host = host;
      await host.connect(new V1HttpTransport(new URL(served)));
      await linked(hub);
      hub.setRules({ rules: [echoRule], holdLimitSeconds: 60 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const edited = host.callTool({ name: 'echo', arguments: { message: 'over http' } });
      const held = await heldOne(hub);
      const message = held.message as { params: { arguments: Record<string, unknown> } };
      message.params.arguments = { message: 'edited over http' };
      hub.release({ session: held.session, held: held.held, decision: { action: 'forward', message } });
      expect(text(await edited)).toBe('edited over http');
      const failed = host.callTool({ name: 'echo', arguments: { message: 'no' } });
      const next = await heldOne(hub);
      hub.release({
        session: next.session,
        held: next.held,
        decision: { action: 'answer', error: { code: -32001, message: 'refused by the person' } },
      });
      await expect(failed).rejects.toThrow(/refused by the person/);
    } finally {
      server.stop();
    }
  });

  it('refuses a breakpoint link without the token, or from a web page', async () => {
    const { env } = await place();
    const rendezvous = JSON.parse(
      readFileSync(join(env.MCP_INSPECT_STATE_DIR ?? '', 'rendezvous.json'), 'utf8'),
    ) as {
      port: number;
      token: string;
    };
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: rendezvous.port, method: 'POST', path: BREAKPOINT_LINK_PATH, headers },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
            req.destroy();
          },
        );
        req.on('error', reject);
        req.end('{"type":"hello","session":"x"}\n');
      });
    expect(await status({})).toBe(401);
    expect(await status({ authorization: 'Bearer wrong' })).toBe(401);
    expect(
      await status({ authorization: `Bearer ${rendezvous.token}`, origin: 'https://evil.example' }),
    ).toBe(403);
  });
});
