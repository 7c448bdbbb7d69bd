import { describe, expect, it } from 'vitest';
import {
  MessageBudget,
  ReadTime,
  describeDrops,
  estimateBytes,
  type AppMessageLimits,
} from './messageBudget';

const limits: AppMessageLimits = {
  perSecond: 3,
  bytesPerSecond: 1_000,
  maxMessageBytes: 600,
  readMsPerSecond: 50,
};

describe('what an app may send per second', () => {
  it('takes so many messages a second, drops the rest unread, and starts again the next second', () => {
    let now = 0;
    const budget = new MessageBudget(limits, () => now);
    expect([1, 2, 3, 4, 5].map(() => budget.admit())).toEqual([true, true, true, false, false]);
    expect(budget.takeDrops()).toEqual({ rate: 2, bytes: 0, size: 0, time: 0 });
    expect(budget.takeDrops()).toBeUndefined();
    now = 1_000;
    expect(budget.admit()).toBe(true);
  });

  it('drops a message too large alone, and those past the second’s bytes', () => {
    const budget = new MessageBudget(limits, () => 0);
    budget.admit();
    expect(budget.admitBytes(601)).toBe(false);
    expect(budget.admitBytes(500)).toBe(true);
    expect(budget.admitBytes(500)).toBe(true);
    expect(budget.admitBytes(1)).toBe(false);
    expect(budget.takeDrops()).toEqual({ rate: 0, bytes: 1, size: 1, time: 0 });
  });

  it('stops reading for the rest of the second once reading cost its share of the main thread', () => {
    const budget = new MessageBudget({ ...limits, perSecond: 100 }, () => 0);
    expect(budget.admit()).toBe(true);
    budget.charge(60);
    expect(budget.admit()).toBe(false);
    expect(describeDrops(budget.takeDrops()!, limits)).toBe(
      "dropped 1 message from the app: 1 once reading apps' messages had taken 50 ms of the second",
    );
  });

  it('shares the read time among the budgets given one clock: many apps get no more than one', () => {
    let now = 0;
    const shared = new ReadTime();
    const first = new MessageBudget({ ...limits, perSecond: 100 }, () => now, shared);
    const second = new MessageBudget({ ...limits, perSecond: 100 }, () => now, shared);
    expect(first.admit()).toBe(true);
    first.charge(60);
    expect(second.admit()).toBe(false);
    expect(second.takeDrops()).toEqual({ rate: 0, bytes: 0, size: 0, time: 1 });
    now = 1_000;
    expect(second.admit()).toBe(true);
  });
});

describe('a message’s size, estimated', () => {
  it('counts strings by length and every node, and stops early past the limit', () => {
    const small = estimateBytes({ jsonrpc: '2.0', method: 'x', params: { data: 'abc' } }, 10_000);
    expect(small).toBeGreaterThan(10);
    expect(small).toBeLessThan(400);
    expect(estimateBytes({ data: 'x'.repeat(250_000) }, 1_000_000)).toBeGreaterThan(250_000);
    expect(estimateBytes({ data: 'x'.repeat(250_000) }, 100_000)).toBe(Number.POSITIVE_INFINITY);
    // A million tiny nodes is large, however few characters they hold.
    expect(estimateBytes(new Array(1_000_000).fill(0), 8 * 1024 * 1024)).toBe(Number.POSITIVE_INFINITY);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(estimateBytes(cycle, 1_000)).toBeLessThan(1_000);
  });
});
