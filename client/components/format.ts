/*
 * The page's numbers for people, in one place: sizes, counts, durations and times.
 *
 * No Intl here except in the two wall-clock formatters at the end: the traffic pane writes a
 * count and a time title on the first screen, and the first use of Intl (which
 * `toLocaleString` makes) costs ~25 ms there (ICU's number and date formats are set up then).
 */

const BYTE_UNITS = ['KB', 'MB', 'GB'] as const;

/** Bytes: "512 B", "1.5 KB", "10.0 MB" (powers of 1024, as browsers' devtools count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** A count with thousands separators, as `toLocaleString('en-US')` writes it, without Intl. */
export function formatCount(count: number): string {
  const [whole = '', fraction] = String(count).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A count and its noun, singular for one: "1 message", "2,000 messages". */
export function formatCountOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : plural}`;
}

/**
 * A measured latency, with more digits the shorter it is: "0.42 ms", "12.3 ms", "1.25 s"
 * (the traffic pane's column, where sub-millisecond differences matter).
 */
export function formatLatency(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** A duration in whole milliseconds below a second: "12 ms", "1.25 s" (a call's time on its card). */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** A running time, coarse enough not to flicker as it ticks: "450 ms", "1.2 s". */
export function formatElapsed(ms: number): string {
  return ms < 1000 ? `${Math.max(0, ms).toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A span given in ms and read in seconds (timeouts, a task's time to live): "60 s", "1.5 s". */
export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** A record's time since the session started, to the millisecond: "1.234 s". */
export function formatSessionTime(t: number): string {
  return `${(t / 1000).toFixed(3)} s`;
}

/**
 * The wall-clock time of a record `t` ms after the session started at `startedAt` (epoch ms):
 * local time written out by hand, then UTC. Every traffic row has one as its hover title.
 */
export function formatRecordTime(t: number, startedAt: number | undefined): string {
  if (startedAt === undefined) return 'absolute time unknown';
  const date = new Date(startedAt + t);
  const two = (n: number): string => String(n).padStart(2, '0');
  const local =
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
  return `${local} local (${date.toISOString()})`;
}

/** A clock time in the person's locale: for views opened later, never the first screen (Intl). */
export function formatClockTime(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString();
}

/** A date and time in the person's locale, or undefined when `iso` is not a date (Intl, as above). */
export function formatDateTime(iso: string): string | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toLocaleString();
}
