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

  it('bounds the history by its UTF-8 bytes, and gives back text outside ASCII exactly', () => {
    // "é" is 2 bytes, "日" 3, "😀" 4 (a surrogate pair in a JavaScript string).
    const records = ['"é"', '"日本"', '"😀 ok"', '{"a":"\\u0000\\n"}'];
    const bytes = records.map((text) => Buffer.byteLength(text));
    const timeline = new Timeline(100, bytes[1]! + bytes[2]! + bytes[3]!);
    for (const text of records) timeline.push(text);
    expect(timeline.dropped).toBe(1);
    expect(timeline.toJsonArray()).toBe(`[${records.slice(1).join(',')}]`);
  });

  it('keeps records across many chunks, small and large mixed, in order', () => {
    // A 64 KiB history writes into 4 KiB chunks; a record past 256 bytes gets a buffer of its own.
    const timeline = new Timeline(1_000_000, 64 * 1024);
    const texts: string[] = [];
    for (let i = 0; i < 5_000; i += 1) {
      const text = JSON.stringify({ i, pad: 'x'.repeat(i % 7 === 0 ? 300 + (i % 900) : i % 50) });
      texts.push(text);
      timeline.push(text);
    }
    const kept = JSON.parse(timeline.toJsonArray()) as { i: number }[];
    expect(kept.length).toBe(timeline.size);
    expect(timeline.dropped + timeline.size).toBe(5_000);
    // The newest records, whole and in order, within the bound.
    expect(kept.map((record) => JSON.stringify(record))).toEqual(texts.slice(-kept.length));
    const keptBytes = texts.slice(-kept.length).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    expect(keptBytes).toBeLessThanOrEqual(64 * 1024);
    expect(keptBytes + Buffer.byteLength(texts.at(-kept.length - 1)!)).toBeGreaterThan(64 * 1024);
  });

  it('keeps the newest record whole even when it alone is past the bound', () => {
    const timeline = new Timeline(10, 100);
    const large = JSON.stringify('y'.repeat(10_000));
    timeline.push('"small"');
    timeline.push(large);
    expect(timeline.toJsonArray()).toBe(`[${large}]`);
    expect(timeline.dropped).toBe(1);
  });
});
