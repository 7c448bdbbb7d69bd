/**
 * What the bridge keeps, at most, for peers that do not keep up: the bounds that make "the
 * bridge never grows without bound" true. Each is explained where it is enforced.
 */
export interface MemoryLimits {
  /** The history a re-attaching page gets back (pageChannel.ts). */
  historyBytes: number;
  /** Whole texts of large frames a reloaded page may still open, on disk (largeFrameStore.ts). */
  largeFrameStoreBytes: number;
  /** Large frames waiting in memory to be written there; past it the oldest waiting are given up (largeFrameStore.ts). */
  largeFrameQueueBytes: number;
  /** What may wait to be sent to one page before it is dropped (pageSink.ts). */
  pageBacklogBytes: number;
  /**
   * What may wait for a server to take it before sends are refused: a stdio server's stdin
   * (stdioTarget.ts), a URL server's request bodies not yet answered (httpTarget.ts).
   */
  stdinBacklogBytes: number;
}

const MB = 1024 * 1024;

/**
 * One message from a server, at most: a stdout line of a stdio server, a JSON body or one event
 * of an event stream of a URL server. Past it, the message is dropped (stdio) or the answer is no
 * longer read (URL), and the person told.
 */
export const MAX_MESSAGE_BYTES = 256 * MB;

export const DEFAULT_MEMORY_LIMITS: Readonly<MemoryLimits> = {
  historyBytes: 64 * MB,
  largeFrameStoreBytes: 256 * MB,
  largeFrameQueueBytes: 32 * MB,
  pageBacklogBytes: 64 * MB,
  stdinBacklogBytes: 32 * MB,
};

/**
 * Every bound times `scale`. The environment variable that sets it (MCP_INSPECT_MEMORY_SCALE,
 * read by the CLI) lets a person give the bridge more room for a server with huge results, and
 * lets the memory tests push a quarter of the load through a bridge a quarter the size.
 */
export function scaledMemoryLimits(scale: number): MemoryLimits {
  const limits = { ...DEFAULT_MEMORY_LIMITS };
  for (const key of Object.keys(limits) as (keyof MemoryLimits)[]) {
    limits[key] = Math.round(limits[key] * scale);
  }
  return limits;
}

/** The scale an environment variable asks for, or undefined when unset or not a positive number. */
export function memoryScaleFrom(value: string | undefined): number | undefined {
  const scale = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(scale) && scale > 0
    ? scale
    : undefined;
}
