import { describe, expect, it } from 'vitest';
import { Timeline } from './timeline.js';

describe('Timeline', () => {
  it('keeps the newest records within its count and says how many fell out', () => {
    const timeline = new Timeline(3, 1_000);
    for (let i = 1; i <= 5; i += 1) timeline.push(`{"seq":${i}}`);
    expect(JSON.parse(timeline.toJsonArray())).toEqual([{ seq: 3 }, { seq: 4 }, { seq: 5 }]);
    expect(timeline.dropped).toBe(2);
  });

  it('bounds bytes too, but always keeps the newest record', () => {
    const timeline = new Timeline(100, 10);
    timeline.push('"aaaa"');
    timeline.push('"bbbbbbbbbbbbbbbb"');
    expect(JSON.parse(timeline.toJsonArray())).toEqual(['bbbbbbbbbbbbbbbb']);
    expect(timeline.dropped).toBe(1);
  });

  it('stays correct past many evictions', () => {
    const timeline = new Timeline(10, 1_000_000);
    for (let i = 0; i < 20_000; i += 1) timeline.push(String(i));
    expect(JSON.parse(timeline.toJsonArray())).toEqual([
      19990, 19991, 19992, 19993, 19994, 19995, 19996, 19997, 19998, 19999,
    ]);
    expect(timeline.size).toBe(10);
  });

  it('writes a deferred record only when the history is asked for, and bounds it by its stated size', () => {
    const timeline = new Timeline(100, 40);
    let written = 0;
    const deferred = (seq: number) => ({
      chars: 12,
      text: () => {
        written += 1;
        return `{"seq":${seq}}`;
      },
    });
    timeline.push(deferred(1));
    timeline.push('{"seq":2}');
    timeline.push(deferred(3));
    expect(written).toBe(0);
    timeline.push(deferred(4));
    // 12 + 9 + 12 + 12 > 40: the oldest fell out, unwritten.
    expect(timeline.dropped).toBe(1);
    expect(written).toBe(0);
    expect(JSON.parse(timeline.toJsonArray())).toEqual([{ seq: 2 }, { seq: 3 }, { seq: 4 }]);
    expect(written).toBe(2);
  });
});
