import { describe, expect, it } from 'vitest';
import { rowForKey, rowsInView } from './useVirtualRows';

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

describe('rowsInView', () => {
  it('draws the rows in view and ten beyond each edge', () => {
    expect(rowsInView(0, 100, 1_000, 20)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    const middle = rowsInView(2_000, 100, 1_000, 20);
    expect([middle[0], middle.at(-1)]).toEqual([90, 114]);
  });
  it('draws a list that just got shorter from where the scroll will be clamped, not blank', () => {
    // Scrolled to the bottom of 27 rows, then a filter leaves 2.
    expect(rowsInView(27 * 22 - 154, 154, 2, 22)).toEqual([0, 1]);
    expect(rowsInView(5_000, 100, 30, 20)).toEqual(Array.from({ length: 15 }, (_, i) => i + 15));
  });
});
