import { describe, expect, it } from 'vitest';
import { SentFrames, isFrameStampShape } from './frameStamps.js';
import { FrameSchema, FrameStampSchema } from './wire.js';

const ping = { jsonrpc: '2.0' as const, id: 1, method: 'ping' };
const note = { jsonrpc: '2.0' as const, method: 'notifications/initialized' };
const stamp = (ref: number, seq = 10) => ({
  type: 'stamp' as const,
  seq,
  t: 1.5,
  generation: 2,
  ref,
  bytes: 40,
});

describe('the page joining stamps with what it sent', () => {
  it('makes the toServer frame the bridge keeps, field for field', () => {
    const sent = new SentFrames();
    const ref = sent.register(ping);
    const frame = sent.join(stamp(ref));
    expect(frame).toEqual({
      type: 'frame',
      seq: 10,
      t: 1.5,
      dir: 'toServer',
      bytes: 40,
      generation: 2,
      message: ping,
    });
    expect(FrameSchema.safeParse(frame).success).toBe(true);
    expect(sent.size).toBe(0);
  });

  it('numbers messages from 1 and lets go of those the bridge refused, which it never stamps', () => {
    const sent = new SentFrames();
    expect([sent.register(ping), sent.register(note), sent.register(ping)]).toEqual([1, 2, 3]);
    expect(sent.join(stamp(2))?.message).toEqual(note);
    expect(sent.size).toBe(1);
    expect(sent.join(stamp(1))).toBeUndefined();
    expect(sent.join(stamp(3))?.message).toEqual(ping);
  });

  it('knows nothing of a stamp for another connection', () => {
    const sent = new SentFrames();
    sent.register(ping);
    sent.clear();
    expect(sent.join(stamp(1))).toBeUndefined();
  });
});

describe('the hand-written stamp check', () => {
  it('agrees with the schema', () => {
    const cases: unknown[] = [
      stamp(1),
      { ...stamp(1), ref: 0 },
      { ...stamp(1), seq: -1 },
      { ...stamp(1), t: 'now' },
      { ...stamp(1), bytes: 1.5 },
      { ...stamp(1), type: 'frame' },
      { ...stamp(1), generation: undefined },
      null,
      'stamp',
    ];
    for (const value of cases) {
      expect(isFrameStampShape(value)).toBe(FrameStampSchema.safeParse(value).success);
    }
  });
});
