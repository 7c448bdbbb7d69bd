import { formatPath, type PathStep } from './jsonPath.js';

/**
 * Values that change from one call to the next though the answer is the same: ids, timestamps,
 * UUIDs, nonces. A snapshot of a result would fail on each of them on the next run, so "Expect
 * this result" proposes ignoring them, and offers a `matches` check of their form instead.
 */

interface VolatileForm {
  what: string;
  /** The whole value, anchored. */
  whole: RegExp;
  /** The same form inside a longer text, for a text's pattern. */
  inside: RegExp;
  /** What stands for it in a pattern. */
  pattern: string;
}

const FORMS: readonly VolatileForm[] = [
  {
    what: 'a UUID',
    whole: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    inside: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
    pattern: '[0-9a-fA-F-]{36}',
  },
  {
    what: 'a timestamp',
    whole: /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/,
    inside: /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g,
    pattern: String.raw`\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}\S*`,
  },
  {
    what: 'a hex id',
    whole: /^[0-9a-f]{16,}$/i,
    inside: /\b[0-9a-f]{16,}\b/gi,
    pattern: '[0-9a-fA-F]+',
  },
];

/** Keys whose number or string value is an id or a time by its name. */
const VOLATILE_KEY =
  /(^|_)(id|uuid|guid|nonce|token|etag|timestamp|time|date|created|updated|modified)$|(Id|Uuid|At|Time|Timestamp|Date)$/;
/** Epoch milliseconds (2001–2286) or seconds (2001–2286), under a key that names a time. */
const EPOCH = /^(1\d{9}|[2-9]\d{9}|1\d{12}|[2-9]\d{12})$/;

export interface VolatileValue {
  path: string;
  what: string;
  /** A `matches` pattern the value's form meets, anchored. */
  pattern: string;
}

/** The volatile values of a tool result, in structuredContent and in its text blocks. */
export function volatileValues(result: Record<string, unknown>): VolatileValue[] {
  const found: VolatileValue[] = [];
  const visit = (value: unknown, steps: PathStep[], key: string | undefined): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...steps, index], key));
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) visit(sub, [...steps, name], name);
      return;
    }
    const form = formOf(value, key);
    if (form) found.push({ path: formatPath(steps), ...form });
  };
  if ('structuredContent' in result) visit(result.structuredContent, ['structuredContent'], undefined);
  const content = Array.isArray(result.content) ? result.content : [];
  content.forEach((block, index) => {
    const text = (block as { text?: unknown } | null)?.text;
    if (typeof text !== 'string') return;
    const pattern = textPattern(text);
    if (pattern !== undefined)
      found.push({
        path: formatPath(['content', index, 'text']),
        what: 'a text with ids or times in it',
        pattern,
      });
  });
  return found;
}

function formOf(value: unknown, key: string | undefined): { what: string; pattern: string } | undefined {
  if (typeof value === 'string') {
    const form = FORMS.find((candidate) => candidate.whole.test(value));
    if (form) return { what: form.what, pattern: `^${form.pattern}$` };
    return undefined;
  }
  if (typeof value === 'number' && key !== undefined && VOLATILE_KEY.test(key) && EPOCH.test(String(value)))
    return { what: 'a time in epoch units', pattern: String.raw`^\d+$` };
  return undefined;
}

/**
 * A pattern for a text with volatile parts: the text as it is, each id or time in it replaced by
 * its form; undefined when it has none (then the text is compared exactly).
 */
function textPattern(text: string): string | undefined {
  const spans: { start: number; end: number; pattern: string }[] = [];
  for (const form of FORMS)
    for (const match of text.matchAll(form.inside)) {
      const start = match.index;
      const end = start + match[0].length;
      if (spans.some((span) => start < span.end && end > span.start)) continue;
      spans.push({ start, end, pattern: form.pattern });
    }
  if (spans.length === 0) return undefined;
  spans.sort((a, b) => a.start - b.start);
  let pattern = '^';
  let at = 0;
  for (const span of spans) {
    pattern += escapeRegExp(text.slice(at, span.start)) + span.pattern;
    at = span.end;
  }
  return `${pattern}${escapeRegExp(text.slice(at))}$`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
