import { afterEach, describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { text } from 'node:stream/consumers';
import { CLOSE_TAKEN_OVER, LARGE_FRAME_BYTES, WIRE_PROTOCOL_VERSION } from '../../shared/wire.js';
import { BridgeSession, type PageSink } from './session.js';
import type { TargetConnection, TargetEvents, TargetExit } from '../targets/target.js';

type Envelope = { type: string; [key: string]: unknown };

/** A page stand-in that keeps each WebSocket message as sent. */
class Page implements PageSink {
  readonly messages: Envelope[] = [];
  closedWith: number | undefined;
  send(text: string): void {
    this.messages.push(JSON.parse(text) as Envelope);
  }
  close(code: number): void {
    this.closedWith = code;
  }
  /** Records, batches opened. */
  records(): Envelope[] {
    return this.messages.flatMap((m) => (m.type === 'batch' ? (m.records as Envelope[]) : [m]));
  }
}

/** A target in the test's hands: what it is sent, and a way to answer or exit. */
class HeldTarget implements TargetConnection {
  readonly kind = 'stdio' as const;
  readonly pid = 4242;
  readonly sent: string[] = [];
  constructor(readonly events: TargetEvents) {}
  async start(): Promise<void> {}
  send(_message: JSONRPCMessage, json?: string): undefined {
    this.sent.push(json ?? '');
    return undefined;
  }
  answer(text: string): void {
    this.events.onMessage(JSON.parse(text) as JSONRPCMessage, text);
  }
  exit(exit: TargetExit): void {
    this.events.onExit(exit);
  }
  async close(): Promise<void> {}
}

const sessions: BridgeSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.dispose()));
});

async function open(): Promise<{ session: BridgeSession; page: Page; target: () => HeldTarget }> {
  let target: HeldTarget | undefined;
  const session = new BridgeSession(
    { kind: 'stdio', command: 'held', args: [], env: {}, demo: false, era: 'auto' },
    { version: 't', log: () => undefined, openTarget: (_spec, events) => (target = new HeldTarget(events)) },
  );
  sessions.push(session);
  const page = new Page();
  session.attach(page);
  session.receive(page, JSON.stringify({ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }));
  await settle();
  return { session, page, target: () => target! };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

describe('a session with an in-process target', () => {
  it('relays a request as the page wrote it, and sends its stamp and answer as one message', async () => {
    const { session, page, target } = await open();
    page.messages.length = 0;
    const request = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","x":{"y":1}}}';
    session.receive(page, `{"type":"mcp","ref":1,"message":${request}}`);
    expect(target().sent).toEqual([request]);
    target().answer('{"jsonrpc":"2.0","id":1,"result":{"content":[]}}');
    await settle();
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).toMatchObject({
      type: 'batch',
      records: [
        { type: 'stamp', ref: 1, bytes: request.length },
        { type: 'frame', dir: 'fromServer', message: { id: 1, result: { content: [] } } },
      ],
    });
  });

  it('keeps a large answer whole for the page attached, and its envelope in the history', async () => {
    const { session, page, target } = await open();
    session.receive(
      page,
      JSON.stringify({ type: 'mcp', ref: 1, message: { jsonrpc: '2.0', id: 9, method: 'big' } }),
    );
    const big = JSON.stringify({ jsonrpc: '2.0', id: 9, result: { text: 'x'.repeat(LARGE_FRAME_BYTES) } });
    target().answer(big);
    await settle();
    const live = page.records().find((r) => r.type === 'frame' && r.dir === 'fromServer');
    expect(live).toMatchObject({
      bytes: big.length,
      message: { id: 9, result: { text: expect.any(String) } },
    });
    const reloaded = new Page();
    session.attach(reloaded);
    expect(page.closedWith).toBe(CLOSE_TAKEN_OVER);
    session.receive(reloaded, JSON.stringify({ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION }));
    const history = reloaded.messages.find((m) => m.type === 'history')?.records as Envelope[];
    const kept = history.find((r) => r.type === 'frame' && r.dir === 'fromServer');
    expect(kept).toMatchObject({
      elided: true,
      bytes: big.length,
      message: { jsonrpc: '2.0', id: 9, result: {} },
    });
    expect(await text((await session.largeFrame(kept?.seq as number))!)).toBe(big);
  });

  it('answers a pending request itself when the target exits, with the exit and the last stderr lines', async () => {
    const { session, page, target } = await open();
    target().events.onStderr('about to fail');
    session.receive(
      page,
      JSON.stringify({ type: 'mcp', ref: 1, message: { jsonrpc: '2.0', id: 'a', method: 'slow' } }),
    );
    target().exit({ code: 3, signal: null });
    await settle();
    const answer = page.records().find((r) => r.type === 'frame' && r.dir === 'fromServer');
    expect(answer).toMatchObject({
      synthetic: true,
      message: {
        id: 'a',
        error: {
          code: -32000,
          message: 'The MCP server exited with code 3 before it answered',
          data: { exitCode: 3, signal: null, stderrTail: ['about to fail'] },
        },
      },
    });
    expect(page.records().find((r) => r.type === 'state' && r.state === 'exited')).toMatchObject({
      code: 3,
      stderrTail: ['about to fail'],
    });
  });
});
