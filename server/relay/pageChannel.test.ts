// The session's way to its page, played with sinks that keep what they were sent: batching by
// turn, the history a page attaches to, a page taking over, and order between records and
// envelopes sent directly.
import { describe, expect, it, vi } from 'vitest';
import { CLOSE_TAKEN_OVER } from '../../shared/wireConstants.js';
import { JsonText, type LiveOut, type RecordOut } from './envelopeText.js';
import { PageChannel, type PageSink } from './pageChannel.js';

class RecordingSink implements PageSink {
  readonly sent: unknown[] = [];
  closed: { code: number; reason: string } | undefined;
  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }
}

let seq = 0;
const stderr = (line: string): RecordOut => ({ type: 'stderr', seq: ++seq, t: seq, generation: 1, line });
const frame = (id: number, text = `{"jsonrpc":"2.0","id":${id},"result":{}}`): RecordOut => ({
  type: 'frame',
  seq: ++seq,
  t: seq,
  dir: 'fromServer',
  bytes: text.length,
  generation: 1,
  message: JsonText.of(text),
});
const stamp = (ref: number): LiveOut => ({
  type: 'stamp',
  seq: ++seq,
  t: seq,
  generation: 1,
  ref,
  bytes: 10,
});
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

function greetedPage(channel: PageChannel): RecordingSink {
  const page = new RecordingSink();
  channel.attach(page);
  channel.greet(page);
  return page;
}

describe('PageChannel', () => {
  it('sends the records of one turn as one batch, and a lone record as itself', async () => {
    const channel = new PageChannel(100, 1e6);
    const page = greetedPage(channel);
    channel.record(stderr('a'));
    channel.record(stderr('b'));
    channel.record(stderr('c'));
    expect(page.sent).toEqual([]);
    await nextTurn();
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]).toMatchObject({
      type: 'batch',
      records: [{ line: 'a' }, { line: 'b' }, { line: 'c' }],
    });
    channel.record(stderr('d'));
    await nextTurn();
    expect(page.sent[1]).toMatchObject({ type: 'stderr', line: 'd' });
  });

  it('keeps what happened before any page greeted it, and hands it over as the history', async () => {
    const channel = new PageChannel(100, 1e6);
    channel.record(stderr('early'));
    const page = new RecordingSink();
    channel.attach(page);
    channel.record(stderr('before hello'));
    await nextTurn();
    expect(page.sent).toEqual([]);
    channel.greet(page);
    channel.sendHistory(page);
    expect(page.sent).toEqual([
      {
        type: 'history',
        dropped: 0,
        records: [
          expect.objectContaining({ line: 'early' }),
          expect.objectContaining({ line: 'before hello' }),
        ],
      },
    ]);
  });

  it('does not send a record twice when the history goes out before the batch it waited in', async () => {
    const channel = new PageChannel(100, 1e6);
    const page = greetedPage(channel);
    channel.record(stderr('once'));
    channel.sendHistory(page);
    await nextTurn();
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]).toMatchObject({ type: 'history', records: [{ line: 'once' }] });
  });

  it('keeps order: records waiting for the turn go before an envelope sent directly', () => {
    const channel = new PageChannel(100, 1e6);
    const page = greetedPage(channel);
    channel.record(stderr('first'));
    channel.send(page, { type: 'rejected', reason: 'then this', fatal: false });
    expect(page.sent).toEqual([
      expect.objectContaining({ type: 'stderr', line: 'first' }),
      { type: 'rejected', reason: 'then this', fatal: false },
    ]);
  });

  it('lets a stamp wait to travel with the answer that follows it', async () => {
    const channel = new PageChannel(100, 1e6);
    const page = greetedPage(channel);
    channel.record(stamp(7), undefined, true);
    channel.record(frame(7));
    await nextTurn();
    expect(page.sent).toEqual([
      {
        type: 'batch',
        records: [
          expect.objectContaining({ type: 'stamp', ref: 7 }),
          expect.objectContaining({ type: 'frame' }),
        ],
      },
    ]);
  });

  it('sends a stamp whose answer does not come, after a short wait', async () => {
    const channel = new PageChannel(100, 1e6);
    const page = greetedPage(channel);
    channel.record(stamp(8), undefined, true);
    await nextTurn();
    expect(page.sent).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.sent).toEqual([expect.objectContaining({ type: 'stamp', ref: 8 })]);
  });

  it('leaves no wake-up behind once a waiting stamp has left with its answer', async () => {
    vi.useFakeTimers();
    try {
      const channel = new PageChannel(100, 1e6);
      const page = greetedPage(channel);
      channel.record(stamp(7), undefined, true);
      expect(vi.getTimerCount()).toBe(1);
      channel.record(frame(7));
      await Promise.resolve(); // the end of the turn, when the batch leaves
      expect(page.sent).toHaveLength(1);
      // Calls made one after another would otherwise wake the idle bridge every few calls.
      expect(vi.getTimerCount()).toBe(0);
      // The next stamp still waits, and still leaves on its own when no answer follows it.
      channel.record(stamp(8), undefined, true);
      vi.advanceTimersByTime(50);
      expect(page.sent).toEqual([
        expect.objectContaining({ type: 'batch' }),
        expect.objectContaining({ type: 'stamp', ref: 8 }),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps what stands for a record in the history, and sends the record itself live', async () => {
    const channel = new PageChannel(100, 1e6);
    const page = greetedPage(channel);
    const whole = frame(9, `{"jsonrpc":"2.0","id":9,"result":{"big":"${'x'.repeat(100)}"}}`);
    const envelope = {
      ...frame(9, '{"jsonrpc":"2.0","id":9}'),
      seq: (whole as { seq: number }).seq,
      elided: true,
    };
    channel.record(whole, envelope);
    await nextTurn();
    expect(JSON.stringify(page.sent[0])).toContain('x'.repeat(100));
    const late = new RecordingSink();
    channel.attach(late);
    channel.sendHistory(late);
    expect(JSON.stringify(late.sent[0])).not.toContain('x'.repeat(100));
    expect(late.sent[0]).toMatchObject({ type: 'history', records: [{ elided: true }] });
  });

  it('closes a page another one takes over from, saying why, and sends it nothing more', async () => {
    const channel = new PageChannel(100, 1e6);
    const first = greetedPage(channel);
    channel.record(stderr('for the first'));
    const second = greetedPage(channel);
    expect(first.closed).toEqual({ code: CLOSE_TAKEN_OVER, reason: 'Another page took over this session' });
    channel.record(stderr('for the second'));
    await nextTurn();
    expect(JSON.stringify(second.sent)).toContain('for the second');
    expect(JSON.stringify(first.sent)).not.toContain('for the second');
  });

  it('bounds the history it keeps, and says how many records it dropped', () => {
    const channel = new PageChannel(3, 1e6);
    for (let i = 0; i < 5; i += 1) channel.record(stderr(`line ${i}`));
    const page = new RecordingSink();
    channel.attach(page);
    channel.sendHistory(page);
    expect(page.sent[0]).toMatchObject({
      type: 'history',
      dropped: 2,
      records: [{ line: 'line 2' }, { line: 'line 3' }, { line: 'line 4' }],
    });
  });
});
