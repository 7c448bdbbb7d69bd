import { describe, expect, it } from 'vitest';
import { rowForKey } from './useVirtualRows';

describe('rowForKey', () => {
  it('moves by one, by a page, to either end, within the list', () => {
    expect(rowForKey('ArrowDown', 3, 10, 4)).toBe(4);
    expect(rowForKey('ArrowUp', 3, 10, 4)).toBe(2);
    expect(rowForKey('PageDown', 3, 10, 4)).toBe(7);
    expect(rowForKey('PageDown', 8, 10, 4)).toBe(9);
    expect(rowForKey('PageUp', 2, 10, 4)).toBe(0);
    expect(rowForKey('Home', 5, 10, 4)).toBe(0);
    expect(rowForKey('End', 5, 10, 4)).toBe(9);
  });
  it('starts from the first row when none is current', () => {
    expect(rowForKey('ArrowDown', -1, 10, 4)).toBe(0);
    expect(rowForKey('ArrowUp', -1, 10, 4)).toBe(0);
  });
  it('ignores other keys and empty lists', () => {
    expect(rowForKey('Enter', 3, 10, 4)).toBeUndefined();
    expect(rowForKey('a', 3, 10, 4)).toBeUndefined();
    expect(rowForKey('ArrowDown', -1, 0, 4)).toBeUndefined();
  });
});
