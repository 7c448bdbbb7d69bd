import { brief, deepContains, deepEqual, differenceLines, differences } from './compare.js';
import type { Expectation, ItemKind } from './format.js';
import { lookup, parsePath, withoutPaths, type PathStep } from './jsonPath.js';

/**
 * What an item's request came back with: a result (a tool's maybe `isError`), or a JSON-RPC
 * error. An item that never got an answer (unknown tool, arguments refused, timed out) has no
 * observation; it fails with its reason before any expectation is looked at.
 */
export type Observation =
  | { kind: 'result'; result: Record<string, unknown>; durationMs: number }
  | { kind: 'rpcError'; code?: number; message: string; data?: unknown; durationMs: number };

/** What checks a value against a JSON Schema; the shell brings one (shared/ imports no validator). */
export type SchemaValidator = (
  value: unknown,
  schema: unknown,
) => { problems: string[] } | { unusable: string };

export interface EvaluationContext {
  kind: ItemKind;
  /** The tool's `outputSchema`, for `outputSchema`. */
  outputSchema?: unknown;
  validate?: SchemaValidator;
}

/** An expectation's verdict, with what was expected and what came back, in words. */
export interface ExpectationResult {
  expectation: Expectation;
  pass: boolean;
  /** The expectation in a few words: `$.structuredContent.sum equals 5`. */
  label: string;
  expected: string;
  actual: string;
  /** For a snapshot: the differences, `-` expected and `+` actual, one per line. */
  diff?: string[];
}

/** Each expectation is checked on its own: one failing says nothing of the others. */
export function evaluate(
  expectations: readonly Expectation[],
  observation: Observation,
  context: EvaluationContext,
): ExpectationResult[] {
  return expectations.map((expectation) => evaluateOne(expectation, observation, context));
}

export function describeExpectation(expectation: Expectation): string {
  switch (expectation.type) {
    case 'succeeds':
      return 'succeeds';
    case 'isError':
      return 'returns isError';
    case 'rpcError':
      return expectation.code === undefined
        ? 'fails with a JSON-RPC error'
        : `fails with JSON-RPC error ${expectation.code}`;
    case 'path':
      return expectation.op === 'exists'
        ? `${expectation.path} exists`
        : `${expectation.path} ${expectation.op} ${brief(expectation.value, 80)}`;
    case 'outputSchema':
      return 'structuredContent fits the outputSchema';
    case 'textContains':
      return `text contains ${JSON.stringify(expectation.text)}`;
    case 'contentTypes':
      return `content types are [${expectation.types.join(', ')}]`;
    case 'latency':
      return `answers within ${expectation.underMs} ms`;
    case 'snapshot':
      return `matches the snapshot${expectation.ignore?.length ? ` (ignoring ${expectation.ignore.join(', ')})` : ''}`;
  }
}

function evaluateOne(
  expectation: Expectation,
  observation: Observation,
  context: EvaluationContext,
): ExpectationResult {
  const label = describeExpectation(expectation);
  const verdict = (pass: boolean, expected: string, actual: string, diff?: string[]): ExpectationResult => ({
    expectation,
    pass,
    label,
    expected,
    actual,
    ...(diff ? { diff } : {}),
  });
  const outcome = describeOutcome(observation, context.kind);
  const result = observation.kind === 'result' ? observation.result : undefined;
  /** Expectations about a result, when an error came back instead. */
  const noResult = (expected: string) => verdict(false, expected, outcome);

  switch (expectation.type) {
    case 'succeeds':
      return verdict(outcome === 'a result', 'a result', outcome);
    case 'isError':
      if (context.kind !== 'tool')
        return verdict(false, 'isError: true', `a ${context.kind} result has no isError`);
      return verdict(outcome === 'a result with isError: true', 'a result with isError: true', outcome);
    case 'rpcError': {
      const expected =
        expectation.code === undefined ? 'a JSON-RPC error' : `JSON-RPC error ${expectation.code}`;
      if (observation.kind !== 'rpcError') return verdict(false, expected, outcome);
      return verdict(
        expectation.code === undefined || expectation.code === observation.code,
        expected,
        outcome,
      );
    }
    case 'path': {
      if (!result) return noResult(label);
      const parsed = parsePath(expectation.path);
      if ('error' in parsed) return verdict(false, label, parsed.error);
      const found = lookup(result, parsed.steps);
      if (expectation.op === 'exists')
        return verdict(
          found.found,
          `${expectation.path} present`,
          found.found ? brief(found.value) : found.missing,
        );
      const expected =
        expectation.op === 'matches' ? `a match of /${String(expectation.value)}/` : brief(expectation.value);
      if (!found.found) return verdict(false, expected, found.missing);
      const actual = brief(found.value);
      if (expectation.op === 'equals')
        return verdict(deepEqual(found.value, expectation.value), expected, actual);
      if (expectation.op === 'contains')
        return verdict(
          deepContains(found.value, expectation.value),
          `something containing ${expected}`,
          actual,
        );
      const text = typeof found.value === 'string' ? found.value : JSON.stringify(found.value);
      let pattern: RegExp;
      try {
        pattern = new RegExp(String(expectation.value), 'u');
      } catch (error) {
        return verdict(false, expected, `not a regular expression: ${(error as Error).message}`);
      }
      return verdict(pattern.test(text), expected, actual);
    }
    case 'outputSchema': {
      const expected = 'structuredContent valid against the outputSchema';
      if (!result) return noResult(expected);
      if (context.kind !== 'tool')
        return verdict(false, expected, `a ${context.kind} result has no structuredContent`);
      if (context.outputSchema === undefined)
        return verdict(false, expected, 'the tool declares no outputSchema');
      if (!('structuredContent' in result)) return verdict(false, expected, 'no structuredContent');
      if (!context.validate) return verdict(false, expected, 'no schema validator here');
      const checked = context.validate(result.structuredContent, context.outputSchema);
      if ('unusable' in checked)
        return verdict(false, expected, `the outputSchema cannot be used: ${checked.unusable}`);
      return verdict(
        checked.problems.length === 0,
        expected,
        checked.problems.length === 0 ? 'valid' : checked.problems.join('; '),
      );
    }
    case 'textContains': {
      const expected = `text containing ${JSON.stringify(expectation.text)}`;
      if (!result) return noResult(expected);
      const texts = textsOf(result);
      const pass = texts.some((text) => text.includes(expectation.text));
      return verdict(pass, expected, texts.length === 0 ? 'no text' : brief(texts.join('\n'), 300));
    }
    case 'contentTypes': {
      const expected = `[${expectation.types.join(', ')}]`;
      if (!result) return noResult(expected);
      const types = contentTypesOf(result);
      return verdict(deepEqual(types, expectation.types), expected, `[${types.join(', ')}]`);
    }
    case 'latency': {
      const expected = `under ${expectation.underMs} ms`;
      const ms = Math.round(observation.durationMs * 10) / 10;
      return verdict(observation.durationMs < expectation.underMs, expected, `${ms} ms`);
    }
    case 'snapshot': {
      const expected = 'the saved result';
      if (!result) return noResult(expected);
      const ignore = (expectation.ignore ?? [])
        .map((path) => parsePath(path))
        .flatMap((parsed) => ('steps' in parsed ? [parsed.steps] : []));
      const diff = snapshotDifferences(expectation.value, result, ignore);
      return diff.count === 0
        ? verdict(true, expected, 'the same')
        : verdict(false, expected, `${diff.count} difference(s)`, diff.lines);
    }
  }
}

/** The differences between a saved result and this one, ignored paths left out of both. */
export function snapshotDifferences(
  saved: unknown,
  actual: unknown,
  ignore: readonly (readonly PathStep[])[],
): { count: number; lines: string[] } {
  const found = differences(withoutPaths(saved, ignore), withoutPaths(actual, ignore));
  return { count: found.length, lines: differenceLines(found) };
}

/** The outcome in words, the `actual` of the outcome expectations. */
export function describeOutcome(observation: Observation, kind: ItemKind): string {
  if (observation.kind === 'rpcError')
    return `JSON-RPC error${observation.code === undefined ? '' : ` ${observation.code}`}: ${observation.message}`;
  if (kind === 'tool' && observation.result.isError === true) return 'a result with isError: true';
  return 'a result';
}

/** The content blocks of a tool result, a prompt's messages, or a resource's contents. */
export function contentBlocksOf(result: Record<string, unknown>): Record<string, unknown>[] {
  const asBlocks = (list: unknown): Record<string, unknown>[] =>
    Array.isArray(list)
      ? list.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object')
      : [];
  if (Array.isArray(result.content)) return asBlocks(result.content);
  if (Array.isArray(result.messages))
    return asBlocks(
      result.messages.map((message: unknown) => (message as { content?: unknown } | null)?.content),
    );
  if (Array.isArray(result.contents))
    return asBlocks(result.contents).map((item) => ({ ...item, type: 'blob' in item ? 'blob' : 'text' }));
  return [];
}

export function contentTypesOf(result: Record<string, unknown>): string[] {
  return contentBlocksOf(result).map((block) => (typeof block.type === 'string' ? block.type : '?'));
}

/** The text of the text blocks (a resource's text contents). */
export function textsOf(result: Record<string, unknown>): string[] {
  return contentBlocksOf(result).flatMap((block) => (typeof block.text === 'string' ? [block.text] : []));
}
