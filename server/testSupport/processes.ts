import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

/** A word to put on a command line, so a test can find every process it started. */
export function newMarker(): string {
  return `mcp-inspect-test-${randomUUID()}`;
}

/**
 * Processes whose command line holds the marker and that still run (a zombie has exited and
 * only waits to be reaped, which a container's init may never do), as `ps` lists them.
 */
export function livePidsWith(marker: string, except: (number | undefined)[] = []): number[] {
  const listing = execFileSync('ps', ['-A', '-o', 'pid=,stat=,args='], { encoding: 'utf8' });
  return listing
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => /^\s*(\d+)\s+(\S+)/.exec(line))
    .filter((match) => match !== null && !match[2]!.startsWith('Z'))
    .map((match) => Number(match![1]))
    .filter((pid) => !except.includes(pid));
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
