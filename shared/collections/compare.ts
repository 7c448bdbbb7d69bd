import { formatPath, type PathStep } from './jsonPath.js';

/** Whether two JSON values are the same: objects by their keys, whatever the order. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x).filter((key) => x[key] !== undefined);
  if (keys.length !== Object.keys(y).filter((key) => y[key] !== undefined).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(y, key) && deepEqual(x[key], y[key]));
}

/**
 * "contains": a string holds the expected text; an array has an item that equals (or, for an
 * object, contains) the expected value; an object has every expected key with a value that
 * contains the expected one. Other values must be equal.
 */
export function deepContains(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'string' && typeof expected === 'string') return actual.includes(expected);
  if (Array.isArray(actual)) {
    if (Array.isArray(expected))
      return expected.every((want) => actual.some((item) => deepContains(item, want)));
    return actual.some(
      (item) => deepEqual(item, expected) || (isObject(expected) && deepContains(item, expected)),
    );
  }
  if (isObject(actual) && isObject(expected)) {
    return Object.entries(expected).every(
      ([key, want]) => Object.prototype.hasOwnProperty.call(actual, key) && deepContains(actual[key], want),
    );
  }
  return deepEqual(actual, expected);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** One place where two values differ. */
export interface Difference {
  path: string;
  expected?: unknown;
  actual?: unknown;
  /** `missing`: in the expected value only; `added`: in the actual value only. */
  change: 'changed' | 'missing' | 'added';
}

/** Where `actual` differs from `expected`, at most `limit` places, as a person reads a diff. */
export function differences(expected: unknown, actual: unknown, limit = 20): Difference[] {
  const found: Difference[] = [];
  walk(expected, actual, [], found, limit);
  return found;
}

function walk(expected: unknown, actual: unknown, at: PathStep[], found: Difference[], limit: number): void {
  if (found.length >= limit || deepEqual(expected, actual)) return;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const length = Math.max(expected.length, actual.length);
    for (let i = 0; i < length && found.length < limit; i += 1) {
      if (i >= actual.length)
        found.push({ path: formatPath([...at, i]), expected: expected[i], change: 'missing' });
      else if (i >= expected.length)
        found.push({ path: formatPath([...at, i]), actual: actual[i], change: 'added' });
      else walk(expected[i], actual[i], [...at, i], found, limit);
    }
    return;
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    for (const key of keys) {
      if (found.length >= limit) return;
      const path = [...at, key];
      if (!(key in actual))
        found.push({ path: formatPath(path), expected: expected[key], change: 'missing' });
      else if (!(key in expected))
        found.push({ path: formatPath(path), actual: actual[key], change: 'added' });
      else walk(expected[key], actual[key], path, found, limit);
    }
    return;
  }
  found.push({ path: formatPath(at), expected, actual, change: 'changed' });
}

/** A difference in one line: `- $.a: 1` / `+ $.a: 2`. */
export function differenceLines(list: readonly Difference[]): string[] {
  const lines: string[] = [];
  for (const difference of list) {
    if (difference.change !== 'added') lines.push(`- ${difference.path}: ${brief(difference.expected)}`);
    if (difference.change !== 'missing') lines.push(`+ ${difference.path}: ${brief(difference.actual)}`);
  }
  return lines;
}

/** A value in at most `max` characters of JSON, for a line of a report. */
export function brief(value: unknown, max = 200): string {
  const text = value === undefined ? '(nothing)' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
