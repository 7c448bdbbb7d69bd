import type { LoadSettings } from '../../../shared/load/loadRun.js';

/** Without --requests or --duration: a short run that says something. */
const DEFAULT_REQUESTS = 100;
/** More in flight than this is a flood of the machine running the test, not of the server. */
const MAX_CONCURRENCY = 1000;

export function loadSettings(options: {
  concurrency?: string;
  requests?: string;
  duration?: string;
  rate?: string;
}): LoadSettings | { error: string } {
  const concurrency = options.concurrency === undefined ? 1 : wholeNumber(options.concurrency);
  if (concurrency === undefined || concurrency < 1 || concurrency > MAX_CONCURRENCY)
    return {
      error: `--concurrency takes a whole number from 1 to ${MAX_CONCURRENCY}, not "${options.concurrency}"`,
    };
  if (options.requests !== undefined && options.duration !== undefined)
    return { error: 'give either --requests or --duration, not both' };
  const settings: LoadSettings = { concurrency };
  if (options.duration !== undefined) {
    const durationMs = parseDuration(options.duration);
    if (durationMs === undefined)
      return { error: `--duration takes a time such as 30s, 2m or 500ms, not "${options.duration}"` };
    settings.durationMs = durationMs;
  } else {
    const requests = options.requests === undefined ? DEFAULT_REQUESTS : wholeNumber(options.requests);
    if (requests === undefined || requests < 1)
      return { error: `--requests takes a whole number above 0, not "${options.requests}"` };
    settings.requests = requests;
  }
  if (options.rate !== undefined) {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*s)?\s*$/.exec(options.rate);
    const rate = match ? Number(match[1]) : Number.NaN;
    if (!(rate > 0)) return { error: `--rate takes calls per second, such as 50/s, not "${options.rate}"` };
    settings.ratePerSecond = rate;
  }
  return settings;
}

function wholeNumber(text: string): number | undefined {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : undefined;
}

/** `30s`, `2m`, `500ms`, `1h`, or a number of seconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  const ms = value * unit;
  return ms > 0 ? ms : undefined;
}
