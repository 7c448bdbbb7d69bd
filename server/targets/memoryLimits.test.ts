import { describe, expect, it } from 'vitest';
import { DEFAULT_MEMORY_LIMITS, memoryScaleFrom, scaledMemoryLimits } from './memoryLimits.js';

describe('memory limits', () => {
  it('scales every bound by the factor asked for', () => {
    expect(scaledMemoryLimits(1)).toEqual(DEFAULT_MEMORY_LIMITS);
    const doubled = scaledMemoryLimits(2);
    for (const [key, bytes] of Object.entries(DEFAULT_MEMORY_LIMITS)) {
      expect(doubled[key as keyof typeof doubled]).toBe(bytes * 2);
    }
  });

  it('takes a positive number from the environment, and nothing else', () => {
    expect(memoryScaleFrom('0.25')).toBe(0.25);
    expect(memoryScaleFrom('3')).toBe(3);
    for (const bad of [undefined, '', ' ', '0', '-1', 'two', 'Infinity', 'NaN']) {
      expect(memoryScaleFrom(bad)).toBeUndefined();
    }
  });
});
