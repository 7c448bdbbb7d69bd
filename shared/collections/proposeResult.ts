import type { Expectation } from './format.js';
import type { Observation } from './expectations.js';
import { proposeExpectations, type ProposeOptions } from './propose.js';
import { volatileValues } from './volatile.js';

export interface ResultProposal {
  /** What "Expect this result" saves: the outcome and the result as it is. */
  expect: Expectation[];
  /** Looser checks the person may add instead or as well: contains, matches, types, latency. */
  options: Expectation[];
}

/**
 * "Expect this result" proposes the result as it is: the outcome, and a snapshot of the whole
 * result (exact text and structuredContent) with what changes on every call (ids, timestamps,
 * UUIDs, `_meta`) ignored, each ignored value offered back as a `matches` check of its form. A
 * release that adds a prefix to the answer fails it, as it should. The looser checks (text
 * contains, content types, a field equals, the outputSchema, a latency bound) are options.
 */
export function proposeResult(observation: Observation, options: ProposeOptions): ResultProposal {
  const loose = proposeExpectations(observation, options);
  if (observation.kind === 'rpcError') return { expect: loose, options: [] };
  const [outcome, ...rest] = loose;
  const { result } = observation;
  const volatile = volatileValues(result);
  const ignore = [...('_meta' in result ? ['$._meta'] : []), ...volatile.map((value) => value.path)];
  const snapshot: Expectation = { type: 'snapshot', value: result, ...(ignore.length > 0 ? { ignore } : {}) };
  const matches = (texts: boolean): Expectation[] =>
    volatile
      .filter((value) => value.path.startsWith('$.content') === texts)
      .map((value) => ({ type: 'path', path: value.path, op: 'matches', value: value.pattern }));
  // A text with an id or a time in it is still checked whole, its volatile parts by their form;
  // a volatile field of structuredContent is left out, its form offered as an option.
  return {
    expect: [...(outcome ? [outcome] : []), snapshot, ...matches(true)],
    options: [...matches(false), ...rest],
  };
}
