import type { Expectation, ItemKind } from './format.js';
import { contentTypesOf, textsOf, type Observation } from './expectations.js';
import { formatPath } from './jsonPath.js';

export interface ProposeOptions {
  kind: ItemKind;
  /** The tool declares an outputSchema: propose checking structuredContent against it. */
  hasOutputSchema?: boolean;
  /** The latency was not measured (a read the page's cache made): propose no bound for it. */
  unmeasured?: boolean;
  /** Add a snapshot of the whole result (off by default: snapshots break on any change). */
  snapshot?: boolean;
}

/** At most this many `equals` expectations from structuredContent's fields. */
const MAX_FIELD_EXPECTATIONS = 6;

/**
 * "Expect this result": expectations a person would write for the result in front of them. The
 * outcome (succeeds / isError / the error code), the content types, the scalar fields of
 * structuredContent, the first line of the text, the outputSchema when there is one, a latency
 * bound with room to spare, and a snapshot if asked. The person keeps what they want.
 */
export function proposeExpectations(observation: Observation, options: ProposeOptions): Expectation[] {
  if (observation.kind === 'rpcError')
    return [
      observation.code === undefined ? { type: 'rpcError' } : { type: 'rpcError', code: observation.code },
    ];
  const { result } = observation;
  const proposed: Expectation[] = [];
  const isError = options.kind === 'tool' && result.isError === true;
  proposed.push(isError ? { type: 'isError' } : { type: 'succeeds' });
  const types = contentTypesOf(result);
  if (types.length > 0) proposed.push({ type: 'contentTypes', types });
  const structured = result.structuredContent;
  if (structured !== null && typeof structured === 'object' && !Array.isArray(structured)) {
    const fields = Object.entries(structured as Record<string, unknown>)
      .filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value))
      .slice(0, MAX_FIELD_EXPECTATIONS);
    for (const [key, value] of fields)
      proposed.push({ type: 'path', path: formatPath(['structuredContent', key]), op: 'equals', value });
  }
  if (options.hasOutputSchema && !isError && 'structuredContent' in result)
    proposed.push({ type: 'outputSchema' });
  const firstLine = textsOf(result)[0]?.split('\n')[0]?.trim().slice(0, 80);
  // A line of words, not a lone bracket of pretty-printed JSON.
  if (firstLine && /\w{3,}/.test(firstLine)) proposed.push({ type: 'textContains', text: firstLine });
  if (!options.unmeasured) proposed.push({ type: 'latency', underMs: latencyBound(observation.durationMs) });
  if (options.snapshot) {
    const ignore = '_meta' in result ? ['$._meta'] : [];
    proposed.push({ type: 'snapshot', value: result, ...(ignore.length > 0 ? { ignore } : {}) });
  }
  return proposed;
}

/** Ten times what it took, at least a second, rounded up to a round number: room for a slow CI machine. */
export function latencyBound(durationMs: number): number {
  const wanted = Math.max(1000, durationMs * 10);
  const step = 10 ** Math.floor(Math.log10(wanted));
  return Math.ceil(wanted / step) * step;
}
