import { describe, expect, it } from 'vitest';
import { diffLists } from './useListChanges';

describe('diffLists', () => {
  it('tells added, changed and removed items apart by key and content', () => {
    const before = [
      { name: 'a', description: 'one' },
      { name: 'b', description: 'two' },
      { name: 'c', description: 'three' },
    ];
    const after = [
      { name: 'a', description: 'one' },
      { name: 'b', description: 'TWO' },
      { name: 'd', description: 'four' },
    ];
    const changes = diffLists(before, after, (item) => item.name);
    expect([...changes.added]).toEqual(['d']);
    expect([...changes.changed]).toEqual(['b']);
    expect(changes.removed).toEqual([{ name: 'c', description: 'three' }]);
  });
});
