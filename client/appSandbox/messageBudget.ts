/**
 * What an MCP App may send its host, per second and per message. Enforced twice: by the sandbox
 * proxy before a message leaves the app's process, and by the inspector's page before it reads
 * one. The proxy shares the app's origin, so the app can get around it (it can run script in the
 * sandbox page); the page's check is the one that holds, the proxy's only spares the page the
 * messages of an app that is merely broken.
 *
 * A flood without these froze the page: 100 messages of 250 KB for ~15 s, 20,000 small ones for
 * ~90 s (bench/appFloodBench.ts measures it).
 */
export interface AppMessageLimits {
  /** Messages per second; past it the rest of the second is dropped unread. */
  perSecond: number;
  /** Bytes per second (estimated, see estimateBytes). */
  bytesPerSecond: number;
  /** One message: an app's file offered for download fits, a runaway buffer does not. */
  maxMessageBytes: number;
  /**
   * Milliseconds of the reader's main thread per second spent taking apps' messages (reading,
   * checking, logging, answering); past it the rest of the second is dropped unread. Reading a
   * message is where its cost lies, and nothing tells its size before it is read. Shared by the
   * budgets given one ReadTime: the page gives all its app views one, so many apps together get
   * no more of its main thread than one.
   */
  readMsPerSecond: number;
}

export const APP_MESSAGE_LIMITS: AppMessageLimits = {
  perSecond: 200,
  bytesPerSecond: 16 * 1024 * 1024,
  maxMessageBytes: 8 * 1024 * 1024,
  readMsPerSecond: 250,
};

/**
 * The sandbox proxy's share: half the page's count and bytes. Its seconds and the page's do not
 * start together, so one second of the page's can hold what the proxy let through in two of its
 * own: at half, that still fits, with room for the proxy's own reports of what it dropped.
 */
export const PROXY_MESSAGE_LIMITS: AppMessageLimits = {
  ...APP_MESSAGE_LIMITS,
  perSecond: APP_MESSAGE_LIMITS.perSecond / 2 - 1,
  bytesPerSecond: APP_MESSAGE_LIMITS.bytesPerSecond / 2,
};

/** Why messages were dropped, with how many for each reason. */
export interface DroppedMessages {
  /** More than `perSecond` in a second. */
  rate: number;
  /** Over `bytesPerSecond` in a second. */
  bytes: number;
  /** One message over `maxMessageBytes`. */
  size: number;
  /** The second's `readMsPerSecond` was spent. */
  time: number;
}

const WINDOW_MS = 1_000;

/** Time spent reading messages in the current second, for one budget or several together. */
export class ReadTime {
  private windowStart = Number.NEGATIVE_INFINITY;
  private spent = 0;

  /** Milliseconds spent in the second `now` falls in. */
  spentAt(now: number): number {
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.spent = 0;
    }
    return this.spent;
  }

  add(ms: number): void {
    this.spent += ms;
  }
}

/** One second's count, bytes and time at a time; what does not fit is counted as dropped. */
export class MessageBudget {
  private windowStart = Number.NEGATIVE_INFINITY;
  private count = 0;
  private bytes = 0;
  private drops: DroppedMessages = { rate: 0, bytes: 0, size: 0, time: 0 };

  constructor(
    readonly limits: AppMessageLimits = APP_MESSAGE_LIMITS,
    private readonly now: () => number = () => performance.now(),
    private readonly readTime: ReadTime = new ReadTime(),
  ) {}

  /** Before reading a message: false when this second has no room left for one more. */
  admit(): boolean {
    const now = this.now();
    this.roll(now);
    if (this.count >= this.limits.perSecond) {
      this.drops.rate += 1;
      return false;
    }
    if (this.readTime.spentAt(now) >= this.limits.readMsPerSecond) {
      this.drops.time += 1;
      return false;
    }
    this.count += 1;
    return true;
  }

  /** Once read: false when the message is too large, alone or with this second's others. */
  admitBytes(size: number): boolean {
    if (size > this.limits.maxMessageBytes) {
      this.drops.size += 1;
      return false;
    }
    if (this.bytes + size > this.limits.bytesPerSecond) {
      this.drops.bytes += 1;
      return false;
    }
    this.bytes += size;
    return true;
  }

  /** Time the reader spent on an admitted message. */
  charge(ms: number): void {
    this.readTime.add(ms);
  }

  /** What was dropped since the last call, or undefined when nothing was. */
  takeDrops(): DroppedMessages | undefined {
    const drops = this.drops;
    if (drops.rate + drops.bytes + drops.size + drops.time === 0) return undefined;
    this.drops = { rate: 0, bytes: 0, size: 0, time: 0 };
    return drops;
  }

  private roll(now: number): void {
    if (now - this.windowStart < WINDOW_MS) return;
    this.windowStart = now;
    this.count = 0;
    this.bytes = 0;
  }
}

/** What a value costs at least, per node, besides its strings: no message is free to walk. */
const NODE_BYTES = 32;

/**
 * A message's size as JSON would have it, roughly (strings by length, every other node at a flat
 * rate), without serializing it: the walk stops as soon as `limit` is passed, so a huge message
 * costs no more to measure than one just over the limit. Returns Infinity past the limit.
 */
export function estimateBytes(value: unknown, limit: number): number {
  let total = 0;
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const item = pending.pop();
    total += NODE_BYTES;
    if (typeof item === 'string') total += item.length;
    else if (typeof item === 'object' && item !== null && !seen.has(item)) {
      seen.add(item);
      if (ArrayBuffer.isView(item)) total += item.byteLength;
      else if (item instanceof ArrayBuffer) total += item.byteLength;
      else if (Array.isArray(item)) {
        for (const entry of item as unknown[]) {
          pending.push(entry);
          total += NODE_BYTES;
          if (total > limit) return Number.POSITIVE_INFINITY;
        }
      } else if (item instanceof Map || item instanceof Set) total += item.size * NODE_BYTES;
      else {
        for (const [key, entry] of Object.entries(item)) {
          total += key.length;
          pending.push(entry);
          if (total > limit) return Number.POSITIVE_INFINITY;
        }
      }
    }
    if (total > limit) return Number.POSITIVE_INFINITY;
  }
  return total;
}

/** One line for a log: how many were dropped, and why. */
export function describeDrops(drops: DroppedMessages, limits: AppMessageLimits): string {
  const parts = [
    drops.rate > 0 && `${drops.rate} past ${limits.perSecond} a second`,
    drops.bytes > 0 && `${drops.bytes} past ${formatMB(limits.bytesPerSecond)} a second`,
    drops.size > 0 && `${drops.size} larger than ${formatMB(limits.maxMessageBytes)} each`,
    drops.time > 0 &&
      `${drops.time} once reading apps' messages had taken ${limits.readMsPerSecond} ms of the second`,
  ].filter((part): part is string => typeof part === 'string');
  const total = drops.rate + drops.bytes + drops.size + drops.time;
  return `dropped ${total} message${total === 1 ? '' : 's'} from the app: ${parts.join('; ')}`;
}

function formatMB(bytes: number): string {
  return `${bytes / 1024 / 1024} MB`;
}
