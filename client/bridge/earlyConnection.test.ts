import { afterEach, describe, expect, it } from 'vitest';
import { WIRE_PROTOCOL_VERSION } from '../../shared/wire';
import {
  BridgeSocket,
  type BridgeSocketEvents,
  type DeliveredEnvelope,
  type SocketStatus,
} from './bridgeSocket';
import { EarlySocket } from './earlyConnection';
import {
  eventually,
  socketOptions,
  startTestBridge,
  urlTarget,
  type TestBridge,
} from './testSupport/bridgeHarness';

function recorder() {
  const statuses: SocketStatus[] = [];
  const envelopes: DeliveredEnvelope[] = [];
  const events: BridgeSocketEvents = {
    onStatus: (status) => statuses.push(status),
    onEnvelope: (envelope) => envelopes.push(envelope),
    onInvalid: () => undefined,
  };
  return { events, statuses, envelopes };
}

/**
 * A WebSocket double with both ways of listening, as a browser's has: added listeners, then the
 * `on…` handler (which is how a browser orders them when the handler was set after).
 */
class FakeWebSocket extends EventTarget {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  readonly sent: unknown[] = [];

  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    const event = new Event('open');
    this.dispatchEvent(event);
    this.onopen?.(event);
  }
  receive(value: unknown): void {
    const event = new MessageEvent('message', { data: JSON.stringify(value) });
    this.dispatchEvent(event);
    this.onmessage?.(event);
  }
}

const said = (reason: string) => ({ type: 'rejected', reason, fatal: false });

describe('the early socket, taken over by the session’s socket', () => {
  const take = (fake: FakeWebSocket) => {
    const r = recorder();
    const early = new EarlySocket(fake as unknown as WebSocket);
    return { r, early, socket: () => new BridgeSocket('t0k3n', r.events, { early }) };
  };

  it('says hello once it opens, holds what arrives, and hands it over in order', () => {
    const fake = new FakeWebSocket();
    const { r, socket } = take(fake);
    fake.open();
    fake.receive(said('first'));
    expect(fake.sent).toEqual([{ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }]);
    expect(r.statuses).toEqual([]);
    socket().connect();
    expect(r.statuses).toEqual([{ kind: 'connecting', attempt: 1 }, { kind: 'open' }]);
    expect(r.envelopes).toEqual([said('first')]);
    // No second hello, and what comes next goes straight on.
    fake.receive(said('second'));
    expect(fake.sent).toHaveLength(1);
    expect(r.envelopes).toEqual([said('first'), said('second')]);
  });

  it('taken over before it opened: still says hello once, when it opens', () => {
    const fake = new FakeWebSocket();
    const { r, socket } = take(fake);
    socket().connect();
    expect(r.statuses).toEqual([{ kind: 'connecting', attempt: 1 }]);
    fake.open();
    expect(fake.sent).toEqual([{ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }]);
    expect(r.statuses.at(-1)).toEqual({ kind: 'open' });
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

  it('has the welcome and history waiting, and the session’s socket goes on with it', async () => {
    const bridge = await startTestBridge(urlTarget('http://127.0.0.1:9/mcp'));
    bridges.push(bridge);
    const options = socketOptions(bridge);
    const ws = options.createWebSocket!(bridge.wsUrl, ['mcp-inspect.v1', `token.${bridge.token}`]);
    const early = new EarlySocket(ws);
    // The history arrives while nothing has taken the socket over yet.
    const arrived: string[] = [];
    ws.addEventListener('message', (event: MessageEvent<string>) => arrived.push(event.data));
    await eventually(() => arrived.some((text) => text.includes('"history"')), 'the history, held');
    const r = recorder();
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
});
