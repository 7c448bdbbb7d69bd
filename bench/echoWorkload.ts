import { median, summarize, type Summary } from './stats.js';

/** Calls the demo server's echo tool with a message and resolves with the text it returned. */
export type EchoCall = (message: string) => Promise<string>;

export interface EchoPlan {
  /** Calls per path before anything is measured. */
  warmup: number;
  /** Sequential calls per path, split over `rounds`. */
  sequential: number;
  rounds: number;
  /** Calls sent at once in one batch, and how many such batches per path. */
  inFlight: number;
  batches: number;
}

export interface EchoFigures {
  /** calls/s is the median of the rounds' rates: a burst of load elsewhere spoils a round, not the figure. */
  sequential: {
    calls: number;
    totalMs: number;
    callsPerSecond: number;
    latencyMs: Summary;
    /** CPU time of the relay process per call (user + system), where there is one. */
    cpuUsPerCall?: number;
  };
  /** The batch of median duration. */
  inFlight: {
    calls: number;
    totalMs: number;
    callsPerSecond: number;
    batchesMs: number[];
    cpuUsPerCall?: number;
  };
}

/** Reads a process's CPU time so far (ms); paths without a process of their own have none. */
export type CpuClock = () => number;

/**
 * Runs the same workload over every path: a warm-up so the JIT and the processes settle, calls
 * one after another for latency, then batches all in flight at once for throughput. The paths
 * take turns, block by block, so a burst of load from elsewhere on the machine lands on all of
 * them rather than skewing their ratio.
 */
export async function measureEcho<Name extends string>(
  paths: Record<Name, EchoCall>,
  plan: EchoPlan,
  cpuClocks: Partial<Record<Name, CpuClock>> = {},
): Promise<Record<Name, EchoFigures>> {
  const names = Object.keys(paths) as Name[];
  const latencies = new Map<Name, number[]>(names.map((name) => [name, []]));
  const sequentialMs = new Map<Name, number>(names.map((name) => [name, 0]));
  const roundRates = new Map<Name, number[]>(names.map((name) => [name, []]));
  const batchesMs = new Map<Name, number[]>(names.map((name) => [name, []]));
  const cpuMs = new Map<Name, { sequential: number; inFlight: number }>(
    names.map((name) => [name, { sequential: 0, inFlight: 0 }]),
  );
  const cpuNow = (name: Name): number => cpuClocks[name]?.() ?? 0;

  for (const name of names) {
    for (let i = 0; i < plan.warmup; i++) await checkedCall(paths[name], `warm-up ${i}`);
  }

  const perRound = Math.ceil(plan.sequential / plan.rounds);
  for (let round = 0; round < plan.rounds; round++) {
    for (const name of turnOrder(names, round)) {
      const calls = Math.min(perRound, plan.sequential - round * perRound);
      const samples = latencies.get(name) ?? [];
      const cpuStart = cpuNow(name);
      const start = performance.now();
      for (let i = 0; i < calls; i++) {
        const sent = performance.now();
        await checkedCall(paths[name], `sequential ${round}.${i}`);
        samples.push(performance.now() - sent);
      }
      const roundMs = performance.now() - start;
      sequentialMs.set(name, (sequentialMs.get(name) ?? 0) + roundMs);
      roundRates.get(name)?.push((calls * 1000) / roundMs);
      const cpu = cpuMs.get(name);
      if (cpu) cpu.sequential += cpuNow(name) - cpuStart;
    }
  }

  for (let batch = 0; batch < plan.batches; batch++) {
    for (const name of turnOrder(names, batch)) {
      const cpuStart = cpuNow(name);
      const start = performance.now();
      await Promise.all(
        Array.from({ length: plan.inFlight }, (_, i) => checkedCall(paths[name], `in flight ${batch}.${i}`)),
      );
      batchesMs.get(name)?.push(performance.now() - start);
      const cpu = cpuMs.get(name);
      if (cpu) cpu.inFlight += cpuNow(name) - cpuStart;
    }
  }

  const figures = {} as Record<Name, EchoFigures>;
  for (const name of names) {
    const totalMs = sequentialMs.get(name) ?? Number.NaN;
    const batches = batchesMs.get(name) ?? [];
    const batchMs = median(batches);
    const cpu = cpuMs.get(name) ?? { sequential: 0, inFlight: 0 };
    const measuresCpu = cpuClocks[name] !== undefined;
    figures[name] = {
      sequential: {
        calls: plan.sequential,
        totalMs,
        callsPerSecond: median(roundRates.get(name) ?? []),
        latencyMs: summarize(latencies.get(name) ?? []),
        ...(measuresCpu ? { cpuUsPerCall: (cpu.sequential * 1000) / plan.sequential } : {}),
      },
      inFlight: {
        calls: plan.inFlight,
        totalMs: batchMs,
        callsPerSecond: (plan.inFlight * 1000) / batchMs,
        batchesMs: batches,
        ...(measuresCpu ? { cpuUsPerCall: (cpu.inFlight * 1000) / (plan.inFlight * plan.batches) } : {}),
      },
    };
  }
  return figures;
}

/** Alternates who goes first, so neither path always runs right after the other's burst. */
function turnOrder<T>(names: readonly T[], turn: number): T[] {
  return turn % 2 === 0 ? [...names] : [...names].reverse();
}

// A fast wrong answer is no answer: every reply is checked, and the check is cheap next to a call.
async function checkedCall(call: EchoCall, message: string): Promise<void> {
  const text = await call(message);
  if (text !== message)
    throw new Error(`echo returned ${JSON.stringify(text)} for ${JSON.stringify(message)}`);
}

/** The text of an echo result, whichever client returned it. */
export function echoText(result: unknown): string {
  const content = (result as { content?: Array<{ type?: string; text?: string }> } | undefined)?.content;
  const first = content?.[0];
  return first?.type === 'text' && first.text !== undefined ? first.text : JSON.stringify(result);
}
