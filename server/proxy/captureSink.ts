/**
 * Where a proxy's capture goes: each sink gets the header line once, then every record as one
 * line of JSON text (no newline). A sink never throws and never makes the relay wait: what it
 * cannot take in time it drops, and accounts for (a `gap` record, as the page's own log keeps).
 */
export interface CaptureSink {
  begin(headerText: string): void;
  write(recordText: string, seq: number, t: number): void;
  /** The session ended: write out what is pending (synchronously, the process is exiting). */
  close(): void;
}

/** The page's record for records that are missing (shared/core/traffic/trafficRecord.ts GapRecord). */
export function gapText(firstSeq: number, t: number, count: number): string {
  return `{"type":"gap","seq":${firstSeq},"t":${t},"count":${count}}`;
}
