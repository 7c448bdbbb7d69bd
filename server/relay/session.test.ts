import { afterEach, describe, expect, it } from 'vitest';
import { BridgeSession, type PageSink } from './session.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { WIRE_PROTOCOL_VERSION } from '../../shared/wire.js';
import { catchesSignal, eventually } from '../testSupport/processes.js';
import {
  TEST_TUNING,
  demoTarget,
  fixturePath,
  fixtureTarget as fixture,
  scriptTarget,
} from '../testSupport/targets.js';

type Envelope = { type: string; [key: string]: unknown };

/** A page stand-in that records what the session sends it. */
class RecordingPage implements PageSink {
  readonly received: Envelope[] = [];
  closedWith: number | undefined;
  send(text: string): void {
    const envelope = JSON.parse(text) as Envelope;
    // A batch is records that happened in one turn; the tests look at the records.
    if (envelope.type === 'batch') this.received.push(...(envelope.records as Envelope[]));
    else this.received.push(envelope);
  }
  close(code: number): void {
    this.closedWith = code;
  }
  /** Every state record, from the history the page got on attach and live. */
  states(): Envelope[] {
    return this.received
      .flatMap((e) => (e.type === 'history' ? (e.records as Envelope[]) : [e]))
      .filter((e) => e.type === 'state');
  }
}

const sessions: BridgeSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.dispose()));
});

async function open(
  spec: TargetSpec,
): Promise<{ session: BridgeSession; page: RecordingPage; log: string[] }> {
  const log: string[] = [];
  const session = new BridgeSession(spec, {
    version: 'test',
    log: (line) => log.push(line),
    tuning: TEST_TUNING,
  });
  sessions.push(session);
  await session.restart();
  const page = new RecordingPage();
  session.attach(page);
  session.receive(page, JSON.stringify({ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }));
  return { session, page, log };
}

async function until<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The page's numbering of its mcp envelopes (any increasing number will do for the bridge). */
let nextRef = 1;

function sendMessage(session: BridgeSession, page: RecordingPage, message: unknown): number {
  const ref = nextRef++;
  session.receive(page, JSON.stringify({ type: 'mcp', ref, message }));
  return ref;
}

function sendRequest(
  session: BridgeSession,
  page: RecordingPage,
  id: number,
  method: string,
  params: unknown,
): number {
  return sendMessage(session, page, { jsonrpc: '2.0', id, method, params });
}

function response(page: RecordingPage, id: number): Envelope | undefined {
  return page.received.find(
    (e) => e.type === 'frame' && e.dir === 'fromServer' && (e.message as { id?: number }).id === id,
  );
}

async function initialize(session: BridgeSession, page: RecordingPage): Promise<void> {
  sendRequest(session, page, 0, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 't', version: '0' },
  });
  await until(() => response(page, 0));
  sendMessage(session, page, { jsonrpc: '2.0', method: 'notifications/initialized' });
}

describe('a target that cannot start or dies', () => {
  it('names a command that does not exist, to the page and the terminal', async () => {
    const { page, log } = await open({
      kind: 'stdio',
      command: 'no-such-command-xyz',
      args: [],
      env: {},
      demo: false,
      era: 'auto',
    });
    const failed = await until(() => page.states().find((s) => s.state === 'failed'));
    expect(failed.reason).toBe('command not found: no-such-command-xyz');
    expect(log.join('\n')).toContain('command not found: no-such-command-xyz');
  });

  it('names a working directory that does not exist', async () => {
    const spec = { ...scriptTarget('0'), cwd: '/no/such/dir' } as TargetSpec;
    const { page } = await open(spec);
    const failed = await until(() => page.states().find((s) => s.state === 'failed'));
    expect(failed.reason).toBe('working directory not found: /no/such/dir');
  });

  it('reports an exit at start with its code and last stderr lines, to the page and the terminal', async () => {
    const { page, log } = await open(fixture('exitAtStart.mjs'));
    const exited = await until(() => page.states().find((s) => s.state === 'exited'));
    expect(exited.code).toBe(3);
    expect(exited.stderrTail).toContain('fatal: config file missing');
    expect(log).toContain('● the MCP server exited with code 3');
    expect(log).toContain('  │ fatal: config file missing');
  });

  it('masks the values of the variables it was given in what the server prints, for the page as for the terminal', async () => {
    const { page, log } = await open(
      scriptTarget(
        'console.error("key is " + process.env.API_KEY); console.log("not json " + process.env.API_KEY); setTimeout(() => process.exit(1), 100)',
        { API_KEY: 'sk-12345' },
      ),
    );
    const exited = await until(() => page.states().find((s) => s.state === 'exited'));
    expect(log).toContain('  │ key is ****');
    expect(log.join('\n')).not.toContain('sk-12345');
    // The page (and so its exports) gets the same masked lines: the stderr record, the exit's
    // tail, and a stdout line that is not JSON-RPC, quoted whole.
    expect(page.received.filter((e) => e.type === 'stderr').map((e) => e.line)).toEqual(['key is ****']);
    expect(exited.stderrTail).toEqual(['key is ****']);
    const garbage = page.received.find((e) => e.type === 'transportError');
    expect(garbage?.raw).toBe('not json ****');
    expect(JSON.stringify(page.received)).not.toContain('sk-12345');
  });

  it('fails a pending call with the exit code and stderr when the server dies mid-call', async () => {
    const { session, page } = await open(fixture('crashOnCall.mjs'));
    await initialize(session, page);
    sendRequest(session, page, 1, 'tools/call', { name: 'crash', arguments: {} });
    const answer = await until(() => response(page, 1));
    expect(answer.synthetic).toBe(true);
    expect(answer.message).toMatchObject({
      error: { message: 'The MCP server exited with code 7 before it answered', data: { exitCode: 7 } },
    });
    const exited = await until(() => page.states().find((s) => s.state === 'exited'));
    expect(exited.stderrTail).toContain('about to crash');
  });

  it('reports a garbage stdout line as a transport error and goes on', async () => {
    const { session, page } = await open(fixture('garbageStdout.mjs'));
    await initialize(session, page);
    sendRequest(session, page, 1, 'tools/call', { name: 'emit_garbage', arguments: {} });
    await until(() => response(page, 1));
    const error = page.received.find((e) => e.type === 'transportError');
    expect(error).toMatchObject({ raw: 'this line is not JSON-RPC' });
    sendRequest(session, page, 2, 'tools/call', { name: 'ping_me', arguments: {} });
    expect((await until(() => response(page, 2))).message).toMatchObject({
      result: { content: [{ text: 'still alive' }] },
    });
  });
});

describe('lifecycle', () => {
  it('restarts into a new generation and stops on request', async () => {
    const { session, page } = await open(fixture('garbageStdout.mjs'));
    const first = await until(() => page.states().find((s) => s.state === 'connected'));
    await session.restart();
    const second = page
      .states()
      .filter((s) => s.state === 'connected')
      .at(-1)!;
    expect(second.generation).toBe((first.generation as number) + 1);
    await session.stop();
    expect(page.states().at(-1)).toMatchObject({ state: 'stopped', generation: second.generation });
  });

  it('kills a server that ignores stdin closing and SIGTERM', async () => {
    const { session, page } = await open(
      scriptTarget("process.on('SIGTERM', () => {}); process.stdin.resume(); setInterval(() => {}, 1000);"),
    );
    const connected = await until(() => page.states().find((s) => s.state === 'connected'));
    const pid = connected.pid as number;
    // Stopped once it ignores SIGTERM (its handler is in place), so the stop must escalate.
    expect(await eventually(() => catchesSignal(pid, 'SIGTERM'), 10_000)).toBe(true);
    await session.stop();
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('passes user environment variables on top of the default environment', async () => {
    const { page } = await open(
      // Printed reversed: the value itself, echoed on stderr, is masked on its way to the page.
      scriptTarget(
        'console.error([...process.env.MY_SECRET].reverse().join("") + "/" + (process.env.PATH ? "path" : "nopath"))',
        {
          MY_SECRET: 's3cret',
        },
      ),
    );
    const exited = await until(() => page.states().find((s) => s.state === 'exited'));
    expect(exited.stderrTail).toEqual(['terc3s/path']);
    // Only the variable's name travels to the page, never its value.
    const welcome = page.received.find((e) => e.type === 'welcome')!;
    expect(JSON.stringify(welcome)).not.toContain('s3cret');
    expect(welcome.target).toMatchObject({ envKeys: ['MY_SECRET'] });
  });

  it('switches to a target the page asks for, and tells the page', async () => {
    const { session, page } = await open(fixture('garbageStdout.mjs'));
    await until(() => page.states().find((s) => s.state === 'connected'));
    session.receive(
      page,
      JSON.stringify({
        type: 'connect',
        target: {
          kind: 'stdio',
          command: process.execPath,
          args: [fixturePath('crashOnCall.mjs')],
          env: { K: 'secret-value' },
        },
      }),
    );
    const changed = await until(() => page.received.find((e) => e.type === 'target'));
    expect(changed.target).toMatchObject({
      kind: 'stdio',
      args: [fixturePath('crashOnCall.mjs')],
      envKeys: ['K'],
    });
    expect(JSON.stringify(page.received)).not.toContain('secret-value');
    await until(() => page.states().filter((s) => s.state === 'connected').length === 2 || undefined);
    expect(session.targetInfo).toMatchObject({ args: [fixturePath('crashOnCall.mjs')] });
  });
});

describe('history', () => {
  it('keeps a frame over 1 MB as its envelope only, while the page attached got it whole', async () => {
    const { session, page } = await open(fixture('traffic.mjs'));
    await initialize(session, page);
    sendRequest(session, page, 1, 'tools/call', { name: 'big_result', arguments: { megabytes: 3 } });
    const live = await until(() => response(page, 1));
    expect(live.bytes as number).toBeGreaterThan(3 * 1024 * 1024);
    expect(live.elided).toBeUndefined();
    expect(JSON.stringify(live.message)).toContain('BIG-END');

    // A reload: a second page attaches and gets the history.
    const reloaded = new RecordingPage();
    session.attach(reloaded);
    session.receive(reloaded, JSON.stringify({ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }));
    const history = reloaded.received.find((e) => e.type === 'history')!;
    const kept = (history.records as Envelope[]).find(
      (r) => r.type === 'frame' && r.dir === 'fromServer' && (r.message as { id?: number }).id === 1,
    )!;
    expect(kept).toMatchObject({
      elided: true,
      bytes: live.bytes,
      message: { jsonrpc: '2.0', id: 1, result: {} },
    });
    expect(JSON.stringify(history).length).toBeLessThan(100_000);
  });
});

describe("the page's own frames", () => {
  it("come back as stamps naming the page's ref, and whole in the history of a reload", async () => {
    const { session, page } = await open(fixture('traffic.mjs'));
    await initialize(session, page);
    const ref = sendRequest(session, page, 1, 'tools/call', { name: 'flood', arguments: { count: 1 } });
    await until(() => response(page, 1));
    const stamp = page.received.find((e) => e.type === 'stamp' && e.ref === ref)!;
    const request = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'flood', arguments: { count: 1 } },
    };
    expect(stamp).toMatchObject({ generation: 1, bytes: Buffer.byteLength(JSON.stringify(request)) });
    expect(page.received.some((e) => e.type === 'frame' && e.dir === 'toServer')).toBe(false);
    // Stamped in order with everything else: the answer comes after the request.
    expect(response(page, 1)!.seq as number).toBeGreaterThan(stamp.seq as number);

    const reloaded = new RecordingPage();
    session.attach(reloaded);
    session.receive(reloaded, JSON.stringify({ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }));
    const history = reloaded.received.find((e) => e.type === 'history')!.records as Envelope[];
    expect(history.find((r) => r.seq === stamp.seq)).toEqual({
      type: 'frame',
      seq: stamp.seq,
      t: stamp.t,
      dir: 'toServer',
      bytes: stamp.bytes,
      generation: 1,
      message: request,
    });
  });

  it('is read as JSON reads it, even written with a key twice', async () => {
    const { session, page } = await open(fixture('traffic.mjs'));
    await initialize(session, page);
    const second = { jsonrpc: '2.0', id: 2, method: 'ping' };
    // The compact form the page writes, with a second message after the first: the last wins.
    session.receive(
      page,
      `{"type":"mcp","ref":7,"message":{"jsonrpc":"2.0","id":1,"method":"ping"},"message":${JSON.stringify(second)}}`,
    );
    await until(() => response(page, 2));
    expect(response(page, 1)).toBeUndefined();
    expect(page.received.find((e) => e.type === 'stamp' && e.ref === 7)).toMatchObject({
      bytes: JSON.stringify(second).length,
    });
  });

  it('is refused without a ref', async () => {
    const { session, page } = await open(fixture('traffic.mjs'));
    session.receive(
      page,
      JSON.stringify({ type: 'mcp', message: { jsonrpc: '2.0', id: 1, method: 'ping' } }),
    );
    expect(page.received.find((e) => e.type === 'rejected')).toMatchObject({ fatal: false });
  });
});

describe('batching', () => {
  it('sends the records of one turn as one batch, in order, and a lone record as itself', async () => {
    const { session, page } = await open(fixture('traffic.mjs'));
    await initialize(session, page);
    const texts: string[] = [];
    const send = page.send.bind(page);
    page.send = (text: string) => {
      texts.push(text);
      send(text);
    };
    sendRequest(session, page, 1, 'tools/call', { name: 'flood', arguments: { count: 5_000 } });
    await until(() => response(page, 1), 20_000);
    const flood = page.received.filter(
      (e) => e.type === 'frame' && (e.message as { method?: string }).method === 'notifications/message',
    );
    expect(flood).toHaveLength(5_000);
    expect(flood.map((e) => (e.message as { params: { data: { n: number } } }).params.data.n)).toEqual(
      Array.from({ length: 5_000 }, (_, i) => i + 1),
    );
    const seqs = page.received.filter((e) => typeof e.seq === 'number').map((e) => e.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Far fewer WebSocket messages than records, and a lone record is not wrapped.
    expect(texts.length).toBeLessThan(1_000);
    expect(texts.some((text) => text.startsWith('{"type":"batch"'))).toBe(true);
    // A notification gets no answer for its stamp to travel with: the stamp goes alone.
    sendMessage(session, page, { jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
    await until(() => texts.some((text) => text.startsWith('{"type":"stamp"')));
  });

  it("writes a turn's burst of calls to the server whole and in order", async () => {
    const { session, page } = await open(demoTarget());
    await initialize(session, page);
    // One turn, as a page's burst arrives: the bridge holds these writes and sends them together.
    const ids = Array.from({ length: 500 }, (_, i) => 100 + i);
    for (const id of ids) {
      sendRequest(session, page, id, 'tools/call', { name: 'echo', arguments: { message: `call ${id}` } });
    }
    await until(() => ids.every((id) => response(page, id)), 20_000);
    // The demo answers each call as it reads it, so its answers come in the order it read them.
    const answered = page.received
      .filter((e) => e.type === 'frame' && e.dir === 'fromServer')
      .map((e) => (e.message as { id?: number }).id)
      .filter((id) => id !== undefined && id >= 100);
    expect(answered).toEqual(ids);
    for (const id of ids) {
      expect(response(page, id)?.message).toMatchObject({
        result: { content: [{ type: 'text', text: `call ${id}` }] },
      });
    }
  });
});
