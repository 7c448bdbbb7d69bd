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
});
