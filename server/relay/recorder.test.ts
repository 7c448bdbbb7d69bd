// The recorder stamps what happens and hands it to a sink; played with a sink that keeps what
// it was given (the live record, what stands for it in the history, whether it may wait).
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { LARGE_FRAME_BYTES } from '../../shared/wireConstants.js';
import { envelopeText, type LiveOut, type RecordOut } from './envelopeText.js';
import { Recorder, type RecordSink } from './recorder.js';

interface Given {
  live: Record<string, unknown>;
  kept: Record<string, unknown> | undefined;
  canWait: boolean;
}

function recorder(diskBytes = 64 * 1024 * 1024) {
  const given: Given[] = [];
  const sink: RecordSink = {
    record: (live: LiveOut, kept?: RecordOut, canWait = false) =>
      given.push({
        live: JSON.parse(envelopeText(live)) as Record<string, unknown>,
        kept: kept && (JSON.parse(envelopeText(kept)) as Record<string, unknown>),
        canWait,
      }),
  };
  return { recorder: new Recorder(sink, { diskBytes, queueBytes: 64 * 1024 * 1024 }), given };
}

const answer = (id: number, result: unknown): JSONRPCMessage =>
  ({ jsonrpc: '2.0', id, result }) as JSONRPCMessage;

describe('Recorder', () => {
  it('stamps every record with a rising sequence number and a session time', () => {
    const { recorder: r, given } = recorder();
    r.state(1, { state: 'starting' } as never);
    r.stderr(1, 'hello');
    r.serverFrame(1, JSON.stringify(answer(1, {})));
    const seqs = given.map((g) => g.live.seq as number);
    expect(seqs).toEqual([1, 2, 3]);
    const times = given.map((g) => g.live.t as number);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(given[1]?.live).toMatchObject({ type: 'stderr', generation: 1, line: 'hello' });
    expect(r.lastState).toMatchObject({ type: 'state', state: 'starting', seq: 1 });
    r.dispose();
  });

  it('gives the page only the stamp of its own message, keeps the message in the history, and lets the stamp wait', () => {
    const { recorder: r, given } = recorder();
    const message: JSONRPCMessage = { jsonrpc: '2.0', id: 5, method: 'tools/list' };
    const json = JSON.stringify(message);
    const seq = r.nextSeq();
    r.pageFrame(2, seq, r.now(), 41, json, message);
    expect(given[0]?.live).toEqual({
      type: 'stamp',
      seq,
      t: expect.any(Number),
      generation: 2,
      ref: 41,
      bytes: json.length,
    });
    expect(given[0]?.kept).toMatchObject({ type: 'frame', dir: 'toServer', seq, message });
    expect(given[0]?.canWait).toBe(true);
    r.dispose();
  });

  it('keeps a large frame as its envelope in the history and its whole text apart, to be fetched', async () => {
    const { recorder: r, given } = recorder();
    const big = answer(3, { content: [{ type: 'text', text: 'x'.repeat(LARGE_FRAME_BYTES + 10) }] });
    const json = JSON.stringify(big);
    r.serverFrame(1, json, big);
    const [record] = given;
    expect(record?.live.message).toEqual(big);
    expect(record?.kept).toMatchObject({ elided: true, bytes: json.length });
    expect(JSON.stringify(record?.kept).length).toBeLessThan(64 * 1024);
    const stream = await r.largeFrame(record?.live.seq as number);
    expect(stream && (await text(stream))).toBe(json);
    r.dispose();
  });

  it('with no room on disk (the headless verbs), keeps no whole text of a large frame', async () => {
    const { recorder: r, given } = recorder(0);
    const big = answer(4, { text: 'y'.repeat(LARGE_FRAME_BYTES + 10) });
    r.serverFrame(1, JSON.stringify(big), big);
    expect(given[0]?.kept).toMatchObject({ elided: true });
    expect(await r.largeFrame(given[0]?.live.seq as number)).toBeUndefined();
    r.dispose();
  });

  it("marks an answer the bridge writes in the server's place as synthetic", () => {
    const { recorder: r, given } = recorder();
    r.bridgeAnswer(1, { jsonrpc: '2.0', id: 9, error: { code: -32000, message: 'The MCP server exited' } });
    expect(given[0]?.live).toMatchObject({
      type: 'frame',
      dir: 'fromServer',
      synthetic: true,
      message: { id: 9 },
    });
    r.dispose();
  });

  it('times an HTTP exchange from when its request left, not from when it is recorded', () => {
    const { recorder: r, given } = recorder();
    // The request leaves, a stderr line is recorded meanwhile, then the exchange ends.
    const startedAt = performance.now();
    r.stderr(1, 'a line first');
    r.http(1, {
      startedAt,
      method: 'POST',
      url: 'http://127.0.0.1/mcp',
      status: 200,
      durationMs: 5,
    } as never);
    const http = given[1]?.live;
    expect(http).toMatchObject({ type: 'http', method: 'POST', status: 200, seq: 2 });
    expect(http?.t as number).toBeLessThanOrEqual(given[0]?.live.t as number);
    r.dispose();
  });
});
