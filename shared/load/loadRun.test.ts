import { describe, expect, it } from 'vitest';
import { systemClock } from '../core/platform.js';
import { ManualClock } from '../core/testServers.js';
import { LoadRun, type LoadOutcome } from './loadRun.js';

/** A call that ends on the next turn of the event loop, as `outcomes` says, counting how many run at once. */
function calls(outcomes: (n: number) => LoadOutcome) {
  let n = 0;
  let inFlight = 0;
  const seen = { most: 0 };
  const call = async (): Promise<LoadOutcome> => {
    const mine = n++;
    inFlight += 1;
    seen.most = Math.max(seen.most, inFlight);
    await new Promise((resolve) => systemClock.setTimeout(() => resolve(undefined), 1));
    inFlight -= 1;
    return outcomes(mine);
  };
  return { call, seen };
}

describe('a load run', () => {
  it('makes exactly N calls, never more than C at once, and counts each outcome', async () => {
    const { call, seen } = calls((n) =>
      n % 10 === 0
        ? { kind: 'isError', durationMs: 2, message: 'isError: boom' }
        : n % 10 === 1
          ? { kind: 'rpcError', durationMs: 1, message: 'error -32603: internal' }
          : n % 10 === 2
            ? { kind: 'timeout', durationMs: 100, message: 'no answer within --timeout' }
            : { kind: 'ok', durationMs: 1 + (n % 5) },
    );
    const snapshot = await new LoadRun({ concurrency: 4, requests: 100, call }).run();
    expect(seen.most).toBe(4);
    expect(snapshot).toMatchObject({ started: 100, completed: 100, done: true, inFlight: 0 });
    expect(snapshot.counts).toEqual({ ok: 70, isError: 10, rpcError: 10, timeout: 10 });
    expect(snapshot.errors).toEqual([
      { message: 'isError: boom', count: 10 },
      { message: 'error -32603: internal', count: 10 },
      { message: 'no answer within --timeout', count: 10 },
    ]);
    expect(snapshot.latency.max).toBe(100);
    expect(snapshot.histogram.reduce((sum, row) => sum + row.count, 0)).toBe(100);
  });

  it('keeps at most 50 error messages, the rest under one line', async () => {
    const { call } = calls((n) => ({ kind: 'isError', durationMs: 1, message: `isError: failure ${n}` }));
    const snapshot = await new LoadRun({ concurrency: 2, requests: 80, call }).run();
    expect(snapshot.errors).toHaveLength(51);
    expect(snapshot.errors.find((group) => group.message === '(other messages)')?.count).toBe(30);
  });

  it('a duration ends it; stop() ends it early, calls in flight counted', async () => {
    const { call } = calls(() => ({ kind: 'ok', durationMs: 1 }));
    const timed = await new LoadRun({ concurrency: 2, durationMs: 50, call }).run();
    expect(timed.completed).toBeGreaterThan(0);
    expect(timed.completed).toBe(timed.started);

    const progress: number[] = [];
    const run: LoadRun = new LoadRun({
      concurrency: 3,
      requests: 1_000_000,
      call,
      progressEveryMs: 10,
      progress: (snapshot) => {
        progress.push(snapshot.completed);
        if (progress.length === 3) run.stop();
      },
    });
    const stopped = await run.run();
    expect(stopped.stopped).toBe(true);
    expect(stopped.completed).toBe(stopped.started);
    expect(stopped.completed).toBeLessThan(1_000_000);
    expect(progress).toHaveLength(3);
  });

  it('a rate spaces the starts evenly, shared by all workers (a clock moved by hand)', async () => {
    const clock = new ManualClock();
    let started = 0;
    const call = async (): Promise<LoadOutcome> => {
      started += 1;
      return { kind: 'ok', durationMs: 1 };
    };
    const done = new LoadRun({ concurrency: 4, requests: 10, ratePerSecond: 100, call, clock }).run();
    const flush = () => new Promise((resolve) => systemClock.setTimeout(() => resolve(undefined), 0));
    await flush();
    expect(started).toBe(1);
    clock.advance(35);
    await flush();
    // Starts at 0, 10, 20 and 30 ms: four by 35 ms, whatever the concurrency.
    expect(started).toBe(4);
    for (let i = 0; i < 10; i += 1) {
      clock.advance(10);
      await flush();
    }
    const snapshot = await done;
    expect(snapshot.completed).toBe(10);
  });
});
