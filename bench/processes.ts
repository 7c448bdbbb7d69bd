import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

/** Every child a bench started and has not seen exit. */
const live = new Set<ChildProcess>();

// Last resort for a runner that dies mid-bench (an exception, Ctrl-C): nothing it started may
// outlive it. Only synchronous work runs in 'exit', hence SIGKILL without waiting.
process.once('exit', () => {
  for (const child of live) signalQuietly(child.pid, 'SIGKILL');
});

export function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
}

export interface StopReport {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the polite signal was not enough within the grace period and SIGKILL followed. */
  forced: boolean;
  /** Descendants still alive after the child exited, which were then killed. */
  strays: number[];
}

/**
 * Stops a child and whatever it spawned. The descendants are listed before signalling: once
 * the child is gone they are reparented and can no longer be found through it.
 */
export async function stopProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGINT',
  graceMs = 7_000,
): Promise<StopReport> {
  const descendants = child.pid === undefined ? [] : listDescendants(child.pid);
  const exited = hasExited(child) ? Promise.resolve() : once(child, 'exit').then(() => undefined);
  if (!hasExited(child)) child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
  ]);
  clearTimeout(timer);
  if (!inTime) {
    child.kill('SIGKILL');
    await exited;
  }
  // A stdio target notices its parent is gone through stdin's EOF, which takes a moment.
  const deadline = performance.now() + 1_000;
  while (descendants.some(isAlive) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const strays = descendants.filter(isAlive);
  for (const pid of strays) signalQuietly(pid, 'SIGKILL');
  return { code: child.exitCode, signal: child.signalCode, forced: !inTime, strays };
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function signalQuietly(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** Parent and state of a process from /proc; undefined off Linux or once it is gone. */
function procStat(pid: number): { ppid: number; state: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself contain spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) a process has used so far, from /proc; NaN off Linux or once gone. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS_PER_SECOND = 100;

/** Resident memory of a process (MB), from /proc; NaN off Linux or once gone. */
export function processRssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? Number.NaN : Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

function isAlive(pid: number): boolean {
  const stat = procStat(pid);
  if (stat !== undefined) return stat.state !== 'Z';
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Children, grandchildren and so on; empty where /proc does not exist. */
function listDescendants(root: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    const pid = Number(entry);
    const stat = procStat(pid);
    if (stat === undefined) continue;
    const siblings = children.get(stat.ppid) ?? [];
    siblings.push(pid);
    children.set(stat.ppid, siblings);
  }
  const found: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}
