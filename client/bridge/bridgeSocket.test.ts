import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIRE_PROTOCOL_VERSION } from '../../shared/wire';
import { BridgeSocket, RETRY_INTERVAL_MS, RETRY_WINDOW_MS, type BridgeSocketEvents } from './bridgeSocket';
import {
  eventually,
  socketOptions,
  socketRecorder,
  startTestBridge,
  urlTarget,
  type TestBridge,
} from './testSupport/bridgeHarness';
import { FakeWebSocket } from './testSupport/fakeWebSocket';

describe('the socket on its own (fake timers, a WebSocket double)', () => {
  let made: FakeWebSocket[];
  const latest = () => made.at(-1)!;
  const socketWith = (events: BridgeSocketEvents) =>
    new BridgeSocket('t0k3n', events, {
      url: 'ws://bridge.test/ws',
      createWebSocket: () => {
        made.push(new FakeWebSocket());
        return latest() as unknown as WebSocket;
      },
    });

  beforeEach(() => {
    made = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says hello with its wire version first, on each connection', () => {
    const socket = socketWith(socketRecorder().events);
    socket.connect();
    latest().open();
    expect(latest().sent).toEqual([{ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }]);
  });

  it('retries on a fixed interval after a lost connection, counting attempts until one opens', () => {
    const r = socketRecorder();
    const socket = socketWith(r.events);
    socket.connect();
    latest().open();
    latest().drop();
    expect(r.last()).toEqual({ kind: 'retrying', attempt: 1, inMs: RETRY_INTERVAL_MS });
    vi.advanceTimersByTime(RETRY_INTERVAL_MS - 1);
    expect(made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(made).toHaveLength(2);
    expect(r.last()).toEqual({ kind: 'connecting', attempt: 1 });
    latest().drop();
    expect(r.last()).toEqual({ kind: 'retrying', attempt: 2, inMs: RETRY_INTERVAL_MS });
    vi.advanceTimersByTime(RETRY_INTERVAL_MS);
    latest().open();
    expect(r.last()).toEqual({ kind: 'open' });
    // An open resets the count.
    latest().drop();
    expect(r.last()).toEqual({ kind: 'retrying', attempt: 1, inMs: RETRY_INTERVAL_MS });
    expect(socket.send({ type: 'restart' })).toBe(false);
  });

  it('gives up a minute after the connection was lost, and a reconnect starts a fresh minute', () => {
    const r = socketRecorder();
    const socket = socketWith(r.events);
    socket.connect();
    latest().open();
    latest().drop();
    const retries = RETRY_WINDOW_MS / RETRY_INTERVAL_MS;
    for (let retry = 1; retry < retries; retry++) {
      vi.advanceTimersByTime(RETRY_INTERVAL_MS);
      latest().drop();
    }
    expect(r.last()).toEqual({ kind: 'retrying', attempt: retries, inMs: RETRY_INTERVAL_MS });
    // Retries a second apart: the minute is up when the sixtieth fails.
    vi.advanceTimersByTime(RETRY_INTERVAL_MS);
    latest().drop();
    expect(made).toHaveLength(1 + retries);
    expect(r.last()).toEqual({ kind: 'gave-up' });
    expect(vi.getTimerCount()).toBe(0);
    socket.reconnect();
    expect(r.last()).toEqual({ kind: 'connecting', attempt: 1 });
    latest().drop();
    expect(r.last()).toEqual({ kind: 'retrying', attempt: 2, inMs: RETRY_INTERVAL_MS });
  });

  it('gives up after a minute even when each attempt takes long (Chromium delays failing sockets)', () => {
    const r = socketRecorder();
    socketWith(r.events).connect();
    latest().open();
    latest().drop();
    const slowAttemptMs = 25_000;
    for (let i = 0; i < 2; i++) {
      vi.advanceTimersByTime(RETRY_INTERVAL_MS);
      vi.advanceTimersByTime(slowAttemptMs); // the handshake is held back, then fails
      latest().drop();
    }
    expect(r.last()).toEqual({ kind: 'retrying', attempt: 3, inMs: RETRY_INTERVAL_MS });
    vi.advanceTimersByTime(RETRY_INTERVAL_MS + slowAttemptMs);
    latest().drop();
    expect(made).toHaveLength(4);
    expect(r.last()).toEqual({ kind: 'gave-up' });
  });

  it.each([
    [4001, 'Another page took over this session'],
    [4002, 'This page speaks wire version 4 but the bridge speaks 5'],
    [4003, 'The first envelope must be hello'],
    [4004, 'This page fell behind'],
    [1001, 'mcp-inspect is shutting down'],
  ])('does not retry when the bridge closes with %i, and says why', (code, reason) => {
    const r = socketRecorder();
    socketWith(r.events).connect();
    latest().open();
    latest().drop(code, reason);
    expect(r.last()).toEqual({ kind: 'closed-by-bridge', reason });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('names the close code when the bridge gave no reason', () => {
    const r = socketRecorder();
    socketWith(r.events).connect();
    latest().drop(4001, '');
    expect(r.last()).toEqual({ kind: 'closed-by-bridge', reason: 'code 4001' });
  });

  it('stops for good when disposed', () => {
    const r = socketRecorder();
    const socket = socketWith(r.events);
    socket.connect();
    latest().open();
    socket.dispose();
    latest().drop();
    expect(r.last()).toEqual({ kind: 'open' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('validates what the bridge sends, hands a batch on record by record, and joins stamps to what it sent', () => {
    const r = socketRecorder();
    const socket = socketWith(r.events);
    socket.connect();
    latest().open();
    latest().receive('not json');
    latest().receive({ type: 'welcome' });
    expect(r.invalid).toEqual([
      'The bridge sent text that is not JSON',
      expect.stringMatching(/^The bridge sent an envelope that does not match the wire schema/),
    ]);
    const ping = { jsonrpc: '2.0' as const, id: 1, method: 'ping' };
    expect(socket.sendMcp(ping)).toBe(true);
    expect(latest().sent.at(-1)).toEqual({ type: 'mcp', ref: 1, message: ping });
    const answer = { jsonrpc: '2.0', id: 1, result: {} };
    latest().receive({
      type: 'batch',
      records: [
        { type: 'stamp', seq: 5, t: 1.5, generation: 2, ref: 1, bytes: 40 },
        { type: 'frame', seq: 6, t: 1.7, dir: 'fromServer', bytes: 36, generation: 2, message: answer },
        { type: 'stamp', seq: 7, t: 1.8, generation: 2, ref: 9, bytes: 40 },
      ],
    });
    expect(r.envelopes).toEqual([
      { type: 'frame', seq: 5, t: 1.5, dir: 'toServer', bytes: 40, generation: 2, message: ping },
      { type: 'frame', seq: 6, t: 1.7, dir: 'fromServer', bytes: 36, generation: 2, message: answer },
    ]);
    expect(r.invalid.at(-1)).toBe('The bridge stamped a message this page did not send (ref 9)');
  });
});

describe('the socket against the real bridge', () => {
  // No MCP server is needed: a target that cannot be reached is enough for the socket.
  const nowhere = urlTarget('http://127.0.0.1:9/mcp');
  const bridges: TestBridge[] = [];
  const sockets: BridgeSocket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.dispose();
    for (const bridge of bridges.splice(0)) await bridge.running.close();
  });

  async function bridge(again?: { port: number; token: string }): Promise<TestBridge> {
    const started = await startTestBridge(nowhere, again);
    bridges.push(started);
    return started;
  }

  function connect(to: TestBridge, options: { wireVersion?: number; token?: string } = {}) {
    const r = socketRecorder();
    const made: unknown[] = [];
    const socket = new BridgeSocket(
      options.token ?? to.token,
      r.events,
      socketOptions(
        to,
        options.wireVersion === undefined ? {} : { wireVersion: options.wireVersion },
        made as never,
      ),
    );
    sockets.push(socket);
    socket.connect();
    return { socket, made, ...r };
  }

  it('is welcomed, with the history, once it says hello', async () => {
    const page = connect(await bridge());
    await eventually(() => page.envelopes.find((e) => e.type === 'history'), 'the history');
    expect(page.statuses).toEqual([{ kind: 'connecting', attempt: 1 }, { kind: 'open' }]);
    expect(page.envelopes[0]).toMatchObject({ type: 'welcome', wireVersion: WIRE_PROTOCOL_VERSION });
  });

  it('taken over by another tab: closed with the reason, and no retry', async () => {
    const b = await bridge();
    const first = connect(b);
    await eventually(() => first.last()?.kind === 'open', 'the first page open');
    const second = connect(b);
    await eventually(() => first.last()?.kind === 'closed-by-bridge', 'the first page closed');
    expect(first.last()).toEqual({ kind: 'closed-by-bridge', reason: 'Another page took over this session' });
    expect(second.last()).toEqual({ kind: 'open' });
    expect(first.made).toHaveLength(1);
  });

  it('a page of another wire version is told so, and does not retry', async () => {
    const page = connect(await bridge(), { wireVersion: WIRE_PROTOCOL_VERSION + 1 });
    await eventually(() => page.last()?.kind === 'closed-by-bridge', 'the page closed');
    const reason = `This page speaks wire version ${WIRE_PROTOCOL_VERSION + 1} but the bridge speaks ${WIRE_PROTOCOL_VERSION}`;
    expect(page.envelopes).toEqual([expect.objectContaining({ type: 'rejected', fatal: true })]);
    expect(page.envelopes[0]).toMatchObject({ reason: expect.stringContaining(reason) });
    expect(page.last()).toMatchObject({ kind: 'closed-by-bridge', reason: expect.stringContaining(reason) });
    expect(page.made).toHaveLength(1);
  });

  it('a refused upgrade (a wrong token) looks like a bridge that is gone: it retries', async () => {
    const page = connect(await bridge(), { token: 'wrong' });
    await eventually(() => page.statuses.find((s) => s.kind === 'retrying'), 'a retry');
    expect(page.statuses.some((s) => s.kind === 'open')).toBe(false);
  });

  it('a bridge shutting down says so and is not retried; Reconnect finds it restarted on its port', async () => {
    const first = await bridge();
    const page = connect(first);
    await eventually(() => page.envelopes.find((e) => e.type === 'welcome'), 'welcomed');
    await first.running.close();
    bridges.splice(bridges.indexOf(first), 1);
    await eventually(() => page.last()?.kind === 'closed-by-bridge', 'the page closed');
    expect(page.last()).toEqual({ kind: 'closed-by-bridge', reason: 'mcp-inspect is shutting down' });
    await bridge({ port: first.running.port, token: first.token });
    page.socket.reconnect();
    await eventually(() => page.last()?.kind === 'open', 'open again');
    await eventually(
      () => page.envelopes.filter((e) => e.type === 'welcome').length === 2,
      'a second welcome',
    );
    expect(page.made).toHaveLength(2);
  });
});
