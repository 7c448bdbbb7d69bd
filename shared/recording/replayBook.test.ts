import { describe, expect, it } from 'vitest';
import { pairExchanges } from './exchanges.js';
import { readRecording } from './readRecording.js';
import { ReplayBook } from './replayBook.js';

/** A recording's text from frames: [t, dir, message], with a header line. */
function recording(frames: [number, 'toServer' | 'fromServer', Record<string, unknown>][]): string {
  const lines = [JSON.stringify({ type: 'mcp-inspect-traffic', version: 1, exportedAt: 0 })];
  frames.forEach(([t, dir, message], seq) =>
    lines.push(JSON.stringify({ type: 'frame', seq: seq + 1, t, dir, bytes: 1, generation: 1, message })),
  );
  return `${lines.join('\n')}\n`;
}

const session = recording([
  [0, 'toServer', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25' } }],
  [
    5,
    'fromServer',
    { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} } } },
  ],
  [
    10,
    'toServer',
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'count', arguments: { n: 2 }, _meta: { progressToken: 7 } },
    },
  ],
  [
    20,
    'fromServer',
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 1 } },
  ],
  [
    30,
    'fromServer',
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 2 } },
  ],
  [40, 'fromServer', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'first' }] } }],
  [45, 'fromServer', { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }],
  [
    50,
    'toServer',
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'count', arguments: { n: 2 } } },
  ],
  [60, 'fromServer', { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'second' }] } }],
]);

function book(): ReplayBook {
  const read = readRecording(session);
  if ('error' in read) throw new Error(read.error);
  return new ReplayBook(pairExchanges(read.frames));
}

describe('ReplayBook', () => {
  it('knows the era and answers the handshake whoever asks', () => {
    const replay = book();
    expect(replay.era).toBe('legacy');
    const answer = replay.answer('a', 'initialize', {
      protocolVersion: '2025-11-25',
      clientInfo: { name: 'other' },
    });
    expect(answer).toMatchObject({ events: [{ delay: 5, response: true, message: { id: 'a' } }] });
  });

  it('replays a request with its notifications in order, ids and progress tokens rewritten', () => {
    const answer = book().answer(99, 'tools/call', {
      name: 'count',
      arguments: { n: 2 },
      _meta: { progressToken: 'mine' },
    });
    if ('error' in answer) throw new Error(answer.error.message);
    expect(answer.events.map((event) => [event.delay, event.message.method ?? 'response'])).toEqual([
      [10, 'notifications/progress'],
      [20, 'notifications/progress'],
      [30, 'response'],
      [35, 'notifications/tools/list_changed'],
    ]);
    expect(answer.events[0]?.message).toMatchObject({ params: { progressToken: 'mine', progress: 1 } });
    expect(answer.events[2]?.message).toMatchObject({ id: 99, result: { content: [{ text: 'first' }] } });
  });

  it('the same request again: the next recorded answer, then the last one again; no progress unless asked', () => {
    const replay = book();
    const texts = [1, 2, 3].map((id) => {
      const answer = replay.answer(id, 'tools/call', { name: 'count', arguments: { n: 2 } });
      if ('error' in answer) throw new Error(answer.error.message);
      expect(answer.events.some((event) => event.message.method === 'notifications/progress')).toBe(false);
      return (
        answer.events.find((event) => event.response)?.message.result as { content: { text: string }[] }
      ).content[0]?.text;
    });
    expect(texts).toEqual(['first', 'second', 'second']);
  });

  it('a miss on the tool itself says so first, not after its arguments', () => {
    const replay = book();
    // Arguments that match the recorded call exactly, to another tool: the tool is the difference.
    expect(replay.answer(5, 'tools/call', { name: 'counter', arguments: { n: 2 } })).toMatchObject({
      error: {
        code: -32602,
        message:
          'no recorded answer to tools/call: tool "counter" is not in the recording (recorded: "count")',
      },
    });
  });

  it('more than three differences: the rest are counted and named', () => {
    const replay = book();
    const asked = { name: 'count', arguments: { n: 2, a: 1, b: 2, c: 3, d: 4 } };
    const answer = replay.answer(6, 'tools/call', asked);
    expect('error' in answer && answer.error.message).toBe(
      'no recorded answer to tools/call of tool "count" with these parameters; the closest recorded request (line 4) differs at arguments.a: asked 1, recorded nothing; arguments.b: asked 2, recorded nothing; arguments.c: asked 3, recorded nothing; and at 1 more path (arguments.d)',
    );
  });

  it('a miss names the closest recorded request and how it differs', () => {
    const replay = book();
    expect(replay.answer(3, 'tools/call', { name: 'count', arguments: { n: 5 } })).toMatchObject({
      error: {
        code: -32602,
        message:
          'no recorded answer to tools/call of tool "count" with these parameters; the closest recorded request (line 4) differs at arguments.n: asked 5, recorded 2',
        data: { differences: [{ path: 'arguments.n', asked: 5, recorded: 2 }] },
      },
    });
    expect(replay.answer(4, 'tools/lisst', {})).toMatchObject({
      error: {
        code: -32601,
        message:
          'Method not found: tools/lisst is not in the recording (the closest recorded method: tools/call)',
      },
    });
  });
});
