import { describe, expect, it } from 'vitest';
import { EventMeter } from './responseCaps.js';

/** The size of the event under way after each chunk, the chunks fed one by one. */
function sizes(chunks: string[]): number[] {
  const meter = new EventMeter();
  return chunks.map((chunk) => meter.feed(Buffer.from(chunk)));
}

describe('the event meter of an event stream', () => {
  it('starts afresh after each empty line, whichever line ends the stream uses', () => {
    for (const end of ['\n', '\r\n', '\r']) {
      const event = `data: abc${end}data: de${end}${end}`;
      expect(sizes([event, event]).at(-1)).toBe(0);
      expect(sizes([`${event}data: x`])).toEqual([7]);
    }
  });

  it('sees an event end that falls between chunks, even inside a CRLF', () => {
    expect(sizes(['data: abc\r', '\n', '\r', '\ndata: z'])).toEqual([10, 10, 0, 7]);
    expect(sizes(['data: abc\n', '\n'])).toEqual([10, 0]);
    expect(sizes(['data: abc\r\n\r', '\n'])).toEqual([0, 0]);
  });

  it('counts a line that never ends, and data lines without the empty line that ends their event', () => {
    expect(sizes(['data: ', 'aaaa', 'aaaa'])).toEqual([6, 10, 14]);
    expect(sizes(['data: a\n', 'data: b\n', 'data: c\n'])).toEqual([8, 16, 24]);
  });
});
