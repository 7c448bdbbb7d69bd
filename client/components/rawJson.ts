import { formatCount } from './format';

/** Strings longer than this are elided when the raw JSON is too big to show whole. */
const ELIDE_STRING_OVER = 2_000;

export interface RawJson {
  /** Pretty-printed JSON to show. */
  text: string;
  /** Strings shortened in `text` because the whole would be too big to show; 0 when whole. */
  elided: number;
}

/**
 * The raw JSON of a result for a read-only editor. Past `limit` characters, long strings
 * (a 10 MB text, a 5 MB image's base64) are replaced by a note of their length, so the
 * editor opens at once; the download has them whole.
 */
export function rawJsonForDisplay(value: unknown, limit: number): RawJson {
  const whole = JSON.stringify(value, null, 2) ?? 'undefined';
  if (whole.length <= limit) return { text: whole, elided: 0 };
  let elided = 0;
  const text = JSON.stringify(
    value,
    (_key, item: unknown) => {
      if (typeof item !== 'string' || item.length <= ELIDE_STRING_OVER) return item;
      elided += 1;
      return `${item.slice(0, 200)}... [${formatCount(item.length)} characters, elided here; the download has them]`;
    },
    2,
  );
  return { text, elided };
}
