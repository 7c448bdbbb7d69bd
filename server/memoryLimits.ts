/**
 * What the bridge keeps, at most, for peers that do not keep up: the bounds that make "the
 * bridge never grows without bound" true. Each is explained where it is enforced.
 */
export interface MemoryLimits {
  /** The history a re-attaching page gets back (pageChannel.ts). */
  historyBytes: number;
  /** Whole texts of large frames a reloaded page may still open, on disk (largeFrameStore.ts). */
  largeFrameStoreBytes: number;
  /** Large frames waiting in memory to be written there; past it a frame is not kept (largeFrameStore.ts). */
  largeFrameQueueBytes: number;
  /** What may wait to be sent to one page before it is dropped (pageSink.ts). */
  pageBacklogBytes: number;
  /** What may wait for a stdio server to read its stdin before sends are refused (stdioTarget.ts). */
  stdinBacklogBytes: number;
}

const MB = 1024 * 1024;

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
