import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';

/** A word to put on a command line, so a test can find every process it started. */
export function newMarker(): string {
  return `mcp-inspect-test-${randomUUID()}`;
}

/**
 * Processes whose command line holds the marker and that still run (a zombie has exited and
 * only waits to be reaped, which a container's init may never do). Read from /proc where there
 * is one: the tests poll this every 50 ms, and running `ps` each time blocked the test worker
 * for ~2 s of CPU per run of the suite.
 */
export function livePidsWith(marker: string, except: (number | undefined)[] = []): number[] {
  const pids = existsSync('/proc/self/cmdline') ? liveFromProc(marker) : liveFromPs(marker);
  return pids.filter((pid) => !except.includes(pid));
}

function liveFromProc(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes(marker)) continue;
      // The state follows the command name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z') pids.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return pids;
}

function liveFromPs(marker: string): number[] {
  const listing = execFileSync('ps', ['-A', '-o', 'pid=,stat=,args='], { encoding: 'utf8' });
  return listing
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => /^\s*(\d+)\s+(\S+)/.exec(line))
    .filter((match) => match !== null && !match[2]!.startsWith('Z'))
    .map((match) => Number(match![1]));
}

/** Whether a process with this id runs (or is a zombie nobody reaped yet). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until `probe` holds, or the time is up; returns whether it held. */
export async function eventually(probe: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (probe()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Last resort after a failed test: no process of it may linger on the machine. */
export function killAllWith(marker: string): void {
  for (const pid of livePidsWith(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * Whether the process has a handler for the signal, read from /proc (SigCgt, a mask with bit
 * n-1 for signal n): a test that means a server to ignore SIGTERM waits for this before stopping
 * it, or the signal may come before the handler and the escalation goes untested. Where there is
 * no /proc (not Linux) it cannot be known, and counts as so.
 */
export function catchesSignal(pid: number, signal: NodeJS.Signals): boolean {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return process.platform !== 'linux';
  }
  const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(status)?.[1];
  if (mask === undefined) return false;
  return ((BigInt(`0x${mask}`) >> BigInt(constants.signals[signal] - 1)) & 1n) === 1n;
}
