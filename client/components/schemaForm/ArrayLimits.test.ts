import { describe, expect, it } from 'vitest';
import { limitsText } from './ArrayLimits';

describe('limitsText', () => {
  it('says what minItems and maxItems ask', () => {
    expect(limitsText({ minItems: 1, maxItems: 2 }, 'choices')).toBe('1 to 2 choices');
    expect(limitsText({ minItems: 2, maxItems: 2 })).toBe('Exactly 2 items');
    expect(limitsText({ minItems: 1 }, 'choices')).toBe('At least 1 choice');
    expect(limitsText({ maxItems: 3 })).toBe('At most 3 items');
    expect(limitsText({ minItems: 0 })).toBeUndefined();
  });
});
