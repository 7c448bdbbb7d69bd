import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_WIRE_MISMATCH, WIRE_PROTOCOL_VERSION, WS_HELLO_PROTOCOL_PREFIX } from '../../shared/wire';
import { BridgeSocket } from './bridgeSocket';
import { EarlySocket, earlySocketProtocols, socketProtocols } from './earlyConnection';
import {
  eventually,
  socketOptions,
  socketRecorder,
  startTestBridge,
  urlTarget,
  type TestBridge,
} from './testSupport/bridgeHarness';
import { FakeWebSocket } from './testSupport/fakeWebSocket';

const said = (reason: string) => ({ type: 'rejected', reason, fatal: false });

describe('the early socket, taken over by the session’s socket', () => {
  const take = (fake: FakeWebSocket) => {
    const r = socketRecorder();
    const early = new EarlySocket(fake as unknown as WebSocket);
    return { r, early, socket: () => new BridgeSocket('t0k3n', r.events, { early }) };
  };

  it('holds what arrives and hands it over in order; the owner says no hello', () => {
    const fake = new FakeWebSocket();
    const { r, socket } = take(fake);
    fake.open();
    fake.receive(said('first'));
    expect(r.statuses).toEqual([]);
    socket().connect();
    expect(r.statuses).toEqual([{ kind: 'connecting', attempt: 1 }, { kind: 'open' }]);
    expect(r.envelopes).toEqual([said('first')]);
    // What comes next goes straight on.
    fake.receive(said('second'));
    expect(r.envelopes).toEqual([said('first'), said('second')]);
    expect(fake.sent).toEqual([]);
  });

  it('taken over before it opened: the owner hears the open itself, and says no hello', () => {
    const fake = new FakeWebSocket();
    const { r, socket } = take(fake);
    socket().connect();
    expect(r.statuses).toEqual([{ kind: 'connecting', attempt: 1 }]);
    fake.open();
    expect(r.statuses.at(-1)).toEqual({ kind: 'open' });
    expect(fake.sent).toEqual([]);
  });

  it('is closed with its owner when the owner is disposed before taking it', () => {
    const fake = new FakeWebSocket();
    const { socket } = take(fake);
    socket().dispose();
    expect(fake.readyState).toBe(3);
  });
});

describe('the early socket against the real bridge', () => {
  const bridges: TestBridge[] = [];
  const sockets: BridgeSocket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.dispose();
    for (const bridge of bridges.splice(0)) await bridge.running.close();
  });

  async function earlySocket(protocols: (token: string) => string[]) {
    const bridge = await startTestBridge(urlTarget('http://127.0.0.1:9/mcp'));
    bridges.push(bridge);
    const options = socketOptions(bridge);
    const ws = options.createWebSocket!(bridge.wsUrl, protocols(bridge.token));
    return { bridge, options, ws, early: new EarlySocket(ws) };
  }

  it('is greeted for the hello in its upgrade; the session’s socket goes on with it', async () => {
    const { bridge, options, ws, early } = await earlySocket(earlySocketProtocols);
    // The history arrives while nothing has taken the socket over yet.
    const arrived: string[] = [];
    ws.addEventListener('message', (event: MessageEvent<string>) => arrived.push(event.data));
    await eventually(() => arrived.some((text) => text.includes('"history"')), 'the history, held');
    const r = socketRecorder();
    const socket = new BridgeSocket(bridge.token, r.events, { ...options, early });
    sockets.push(socket);
    socket.connect();
    expect(r.statuses).toEqual([{ kind: 'connecting', attempt: 1 }, { kind: 'open' }]);
    expect(r.envelopes.slice(0, 2).map((e) => e.type)).toEqual(['welcome', 'history']);
    // The session's socket is usable: a restart is answered with the target's states.
    const before = r.envelopes.length;
    expect(socket.send({ type: 'restart' })).toBe(true);
    await eventually(
      () => r.envelopes.slice(before).some((e) => e.type === 'state'),
      'a state after the restart',
    );
  });

  it('a hello of another wire version in the upgrade is refused as a hello would be', async () => {
    const { ws } = await earlySocket((token) => [
      ...socketProtocols(token),
      `${WS_HELLO_PROTOCOL_PREFIX}${WIRE_PROTOCOL_VERSION + 1}`,
    ]);
    const closed = await new Promise<CloseEvent>((resolve) => ws.addEventListener('close', resolve));
    expect(closed.code).toBe(CLOSE_WIRE_MISMATCH);
  });
});
