import { describe, expect, it } from 'vitest';
import { LargeFrameStore } from './largeFrameStore.js';

describe('LargeFrameStore', () => {
  it('keeps frames by seq within its byte bound, dropping the oldest first', () => {
    const store = new LargeFrameStore(10);
    store.put(1, '"aaaa"');
    store.put(2, '"bb"');
    expect(store.get(1)).toBe('"aaaa"');
    store.put(3, '"cccc"');
    expect(store.get(1)).toBeUndefined();
    expect(store.get(2)).toBe('"bb"');
    expect(store.get(3)).toBe('"cccc"');
  });

  it('keeps the newest frame even when it alone is over the bound', () => {
    const store = new LargeFrameStore(4);
    store.put(7, '"a long frame"');
    expect(store.get(7)).toBe('"a long frame"');
  });
});
