import { systemClock, type Clock } from './platform.js';

/**
 * The inspector's own timeout for one call. It runs only while the call waits on the server:
 * it stops while the answerer (the person, on the page) answers something the server asked (an elicitation, a sampling
 * reply), in either era, and starts over whenever progress arrives. Time the person spends
 * answering is theirs, not the server's.
 */
export class CallTimer {
  private handle: unknown;
  private paused = false;
  private stopped = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly onExpire: () => void,
    private readonly clock: Clock = systemClock,
  ) {
    this.arm();
  }

  /** Progress arrived: the server is alive, the full timeout starts again. */
  restart(): void {
    if (this.stopped) return;
    this.arm();
  }

  /** The call waits for the person, or no longer does. */
  setPaused(paused: boolean): void {
    if (this.stopped || paused === this.paused) return;
    this.paused = paused;
    if (paused) this.clear();
    else this.arm();
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  private arm(): void {
    this.clear();
    if (!this.paused) this.handle = this.clock.setTimeout(() => this.expire(), this.timeoutMs);
  }

  private expire(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.onExpire();
  }

  private clear(): void {
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
  }
}
