import { differences } from '../collections/compare.js';
import type { Observation } from '../collections/expectations.js';
import type { Collection } from '../collections/format.js';
import { parsePath, withoutPaths, type PathStep } from '../collections/jsonPath.js';
import type { CollectionRun, ItemRun } from '../collections/runner.js';
import type { SurfaceChange } from './changes.js';
import { pathItem } from './changes.js';
import { withoutMeta } from './eraParity.js';

/**
 * Keys of a result that say how the era delivered it, not what it is: the modern era's
 * `resultType` and its cache hints. Dropped (with `_meta` at every depth) before two eras'
 * results are compared, as the list parity drops them (eraParity.ts).
 */
const ERA_RESULT_KEYS = ['resultType', 'ttlMs', 'cacheScope'];

/** Most places one call's two results are said to differ in: a person reads the first few. */
const MAX_PLACES_PER_CALL = 20;

/**
 * Every difference between the same collection run in the legacy era and in the modern era:
 * for each item, an answer in one era and an error (or no answer) in the other, two different
 * errors, or two results that differ (content, isError, structuredContent, a prompt's messages, a
 * resource's contents), apart from what the eras are meant to differ in. Paths point into
 * `$.calls["item name"]`, then into the result. Expectations do not matter here: `test` checks
 * those; parity only asks whether both eras answer alike.
 */
export function callDifferences(
  legacy: CollectionRun,
  modern: CollectionRun,
  collection?: Collection,
): SurfaceChange[] {
  const found: SurfaceChange[] = [];
  const modernByName = new Map(modern.items.map((item) => [item.name, item]));
  for (const before of legacy.items) {
    const after = modernByName.get(before.name);
    const at = pathItem('$.calls', before.name);
    const label = labelOf(before);
    if (!after) {
      found.push(change(at, `${label} ran in the legacy era only`, shown(answerOf(before)), undefined));
      continue;
    }
    modernByName.delete(before.name);
    found.push(...itemDifferences(before, after, at, label, ignoredPaths(collection, before.name)));
  }
  for (const after of modernByName.values())
    found.push(
      change(
        pathItem('$.calls', after.name),
        `${labelOf(after)} ran in the modern era only`,
        undefined,
        shown(answerOf(after)),
      ),
    );
  return found;
}

/**
 * What the item's snapshot expectations ignore (a time stamp, an id): values the person said
 * change from run to run, so they would differ between the eras' runs too.
 */
function ignoredPaths(collection: Collection | undefined, name: string): PathStep[][] {
  const item = collection?.items.find((candidate) => candidate.name === name);
  const paths: PathStep[][] = [];
  for (const expectation of item?.expect ?? []) {
    if (expectation.type !== 'snapshot') continue;
    for (const path of expectation.ignore ?? []) {
      const parsed = parsePath(path);
      if ('steps' in parsed) paths.push(parsed.steps);
    }
  }
  return paths;
}

function itemDifferences(
  before: ItemRun,
  after: ItemRun,
  at: string,
  label: string,
  ignored: PathStep[][],
): SurfaceChange[] {
  const a = answerOf(before, ignored);
  const b = answerOf(after, ignored);
  if (a.kind !== b.kind) {
    return [
      change(
        at,
        `${label}: ${phrase(a.kind)} in the legacy era, ${phrase(b.kind)} in the modern era`,
        shown(a),
        shown(b),
      ),
    ];
  }
  if (a.kind === 'noAnswer' && b.kind === 'noAnswer') {
    return a.reason === b.reason
      ? []
      : [change(at, `${label}: no answer in either era, for different reasons`, shown(a), shown(b))];
  }
  if (a.kind === 'error' && b.kind === 'error') {
    const places = differences(a.error, b.error, MAX_PLACES_PER_CALL);
    return places.map((place) =>
      change(
        `${at}.error${place.path.slice(1)}`,
        `${label}: the errors differ`,
        place.expected,
        place.actual,
      ),
    );
  }
  if (a.kind === 'result' && b.kind === 'result') {
    const places = differences(a.result, b.result, MAX_PLACES_PER_CALL);
    return places.map((place) =>
      change(
        `${at}${place.path.slice(1)}`,
        place.change === 'missing'
          ? `${label}: the result has this in the legacy era only`
          : place.change === 'added'
            ? `${label}: the result has this in the modern era only`
            : `${label}: the results differ`,
        place.expected,
        place.actual,
      ),
    );
  }
  return [];
}

/** One era's answer to an item, era-neutral: what is compared. */
type Answer =
  | { kind: 'result'; result: unknown }
  | { kind: 'error'; error: { code?: number; message: string; data?: unknown } }
  | { kind: 'noAnswer'; reason: string };

function answerOf(item: ItemRun, ignored: PathStep[][] = []): Answer {
  const observation: Observation | undefined = item.observation;
  if (!observation) return { kind: 'noAnswer', reason: item.reason ?? 'no answer' };
  if (observation.kind === 'rpcError')
    return {
      kind: 'error',
      error: {
        ...(observation.code === undefined ? {} : { code: observation.code }),
        message: observation.message,
        ...(observation.data === undefined ? {} : { data: withoutMeta(observation.data) }),
      },
    };
  const result = { ...(withoutMeta(observation.result) as Record<string, unknown>) };
  for (const key of ERA_RESULT_KEYS) delete result[key];
  return { kind: 'result', result: ignored.length > 0 ? withoutPaths(result, ignored) : result };
}

/** An answer as a person reads it beside the other era's: the result itself, or what went wrong. */
function shown(answer: Answer): unknown {
  if (answer.kind === 'result') return answer.result;
  if (answer.kind === 'error') return { error: answer.error };
  return { noAnswer: answer.reason };
}

function phrase(kind: Answer['kind']): string {
  return kind === 'result' ? 'a result' : kind === 'error' ? 'a JSON-RPC error' : 'no answer';
}

function labelOf(item: ItemRun): string {
  const what = item.kind === 'tool' ? 'tool' : item.kind === 'prompt' ? 'prompt' : 'resource';
  return item.name === item.subject
    ? `call "${item.name}" (${what})`
    : `call "${item.name}" (${what} ${item.subject})`;
}

function change(path: string, what: string, before: unknown, after: unknown): SurfaceChange {
  return {
    kind: 'breaking',
    path,
    what,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  };
}
