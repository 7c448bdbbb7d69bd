// The SSE stream the HTTP proxy may change event by event: what it does not take passes as the
// same bytes however the stream is cut (ids, retry lines, comments, CR LF, UTF-8 split across
// chunks); a taken event goes on later with its data replaced, or not at all; the stream's end
// waits for what is held.
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { ServerMessageOut } from './serverMessages.js';
import { SseEventRelay, type SseEventLook } from './sseEventRelay.js';

const STREAM = Buffer.from(
  'retry: 3000\r\n\r\n' +
    ': keep-alive\n' +
    'id: 1\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"é ✓"}}\n\n' +
    'id: 2\r\nevent: message\r\ndata: {"jsonrpc":"2.0","id":7,\r\ndata: "method":"sampling/createMessage"}\r\n\r\n' +
    'id: 3\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n' +
    'data: not json\n\n' +
    'event: endpoint\ndata: /messages?sessionId=x\n\n',
  'utf8',
);

/** The stream through a relay, cut into chunks of `size` bytes. */
async function through(look: SseEventLook, size: number): Promise<string> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < STREAM.length; at += size) chunks.push(STREAM.subarray(at, at + size));
  return (await buffer(Readable.from(chunks).pipe(new SseEventRelay(look)))).toString('utf8');
}

describe('SseEventRelay', () => {
  it('passes every event it does not take as the same bytes, however the stream is cut', async () => {
    const seen: string[] = [];
    for (const size of [1, 2, 3, 7, 64, STREAM.length]) {
      const out = await through(({ event, data }) => {
        if (size === 1) seen.push(`${event}:${data}`);
        return false;
      }, size);
      expect(out).toBe(STREAM.toString('utf8'));
    }
    expect(seen).toEqual([
      'message:{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"é ✓"}}',
      'message:{"jsonrpc":"2.0","id":7,\n"method":"sampling/createMessage"}',
      'message:{"jsonrpc":"2.0","id":1,"result":{}}',
      'message:not json',
      'endpoint:/messages?sessionId=x',
    ]);
  });

  it('sends a taken event later with its data replaced, drops another, and ends the stream after them', async () => {
    const later: ServerMessageOut[] = [];
    const out = through(({ data }, decide) => {
      if (data.includes('sampling')) {
        later.push(decide);
        return true;
      }
      if (data.includes('notifications/message')) {
        decide.drop();
        return true;
      }
      return false;
    }, 5);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(later).toHaveLength(1);
    later[0]?.send('{"jsonrpc":"2.0","id":7,"method":"sampling/createMessage","params":{"x":"ü"}}');
    const text = await out;
    // The dropped event is gone; the replaced one keeps its id and event lines and endings, with
    // one data line, and comes after the events that were not held.
    expect(text).toBe(
      'retry: 3000\r\n\r\n' +
        ': keep-alive\n' +
        'id: 3\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n' +
        'data: not json\n\n' +
        'event: endpoint\ndata: /messages?sessionId=x\n\n' +
        'id: 2\r\nevent: message\r\ndata: {"jsonrpc":"2.0","id":7,"method":"sampling/createMessage","params":{"x":"ü"}}\r\n\r\n',
    );
  });

  it('passes an event too large to hold as it comes, and the next one is looked at again', async () => {
    const big = `data: ${'x'.repeat(9 * 1024 * 1024)}\n\n`;
    const looked: string[] = [];
    const relay = new SseEventRelay(({ data }) => {
      looked.push(data.slice(0, 10));
      return false;
    });
    const input = Buffer.from(`${big}data: small\n\n`);
    const chunks: Buffer[] = [];
    for (let at = 0; at < input.length; at += 1024 * 1024) chunks.push(input.subarray(at, at + 1024 * 1024));
    const out = await buffer(Readable.from(chunks).pipe(relay));
    expect(out.equals(input)).toBe(true);
    expect(looked).toEqual(['small']);
  });
});
