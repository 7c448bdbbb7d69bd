import { describe, expect, it } from 'vitest';
import { argumentMemory } from './argumentMemory';

function fakeStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('argumentMemory', () => {
  it('keeps arguments per server and tool', () => {
    const memory = argumentMemory(fakeStorage());
    memory.save('alpha', 'echo', { message: 'a' });
    memory.save('beta', 'echo', { message: 'b' });
    expect(memory.load('alpha', 'echo')).toEqual({ message: 'a' });
    expect(memory.load('beta', 'echo')).toEqual({ message: 'b' });
    expect(memory.load('alpha', 'other')).toBeUndefined();
    memory.forget('alpha', 'echo');
    expect(memory.load('alpha', 'echo')).toBeUndefined();
  });

  it('ignores what it cannot read back as an arguments object', () => {
    const storage = fakeStorage();
    const memory = argumentMemory(storage);
    memory.save('s', 't', { ok: 1 });
    const [stored] = storage.items.keys();
    storage.items.set(stored!, '{broken');
    expect(memory.load('s', 't')).toBeUndefined();
    storage.items.set(stored!, '[1]');
    expect(memory.load('s', 't')).toBeUndefined();
  });
});
