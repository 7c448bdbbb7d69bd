import type { LintInput, ProbeKind, ProbeOutcome, RawFinding, Rule } from '../findings.js';
import { REF } from './references.js';

/**
 * Behaviour probes: what the server did with requests a client or a model will send it sooner or
 * later. The probes are run by a shell (`lint --probe`, the page's probe button); these rules judge
 * their outcomes, and are silent when there are none.
 */

const HOPED: Record<ProbeKind, string> = {
  'unknown-tool': 'a JSON-RPC error (or an isError result)',
  'invalid-arguments': 'a JSON-RPC error or an isError result',
  'oversized-argument': 'a JSON-RPC error or an isError result',
  ping: 'an empty result',
};

/** A probe's finding sits on the tool it was sent to (when the server lists it), else on the server. */
function outcomes(kind: ProbeKind, input: LintInput, bad: (probe: ProbeOutcome) => boolean): RawFinding[] {
  return (input.observations?.probes ?? [])
    .filter((probe) => probe.probe === kind && bad(probe))
    .map((probe) => {
      const index = input.surface.tools.findIndex((tool) => tool.name === probe.tool);
      return {
        path: index >= 0 ? `tools[${index}]` : kind === 'ping' ? 'ping' : 'tools/call',
        ...(index >= 0
          ? { subject: probe.tool, subjectKind: 'tool' as const }
          : { subjectKind: 'server' as const }),
        message: `${kind}${probe.tool !== undefined ? ` (${probe.tool})` : ''}: expected ${HOPED[kind]}, got ${describe(probe)}`,
      };
    });
}

function describe(probe: ProbeOutcome): string {
  const what = {
    'rpc-error': 'a JSON-RPC error',
    'is-error': 'an isError result',
    result: 'a successful result',
    timeout: 'no answer in time (a hang)',
    crash: 'the connection lost (the server crashed or exited)',
  }[probe.answer];
  return probe.detail ? `${what}: ${probe.detail}` : what;
}

const hangOrCrash = (probe: ProbeOutcome) => probe.answer === 'timeout' || probe.answer === 'crash';

export const PROBE_RULES: Rule[] = [
  {
    id: 'probe-unknown-tool',
    family: 'probe',
    severity: 'error',
    title: 'An unknown tool is answered with an error, not a crash, a hang or a result',
    why: 'Clients call tools from stale lists and models invent names: a server that crashes or hangs on one takes every other call down with it.',
    fix: 'Answer tools/call of an unknown name with a JSON-RPC error (-32602, the SDKs do this) and keep serving.',
    reference: REF.toolErrors,
    check: (input) =>
      outcomes('unknown-tool', input, (probe) => probe.answer !== 'rpc-error' && probe.answer !== 'is-error'),
  },
  {
    id: 'probe-invalid-arguments',
    family: 'probe',
    severity: 'error',
    title: 'Arguments the schema refuses are answered with an error, not a crash or a hang',
    why: 'Models send wrong arguments: an isError result lets the model correct itself, a crash or a hang ends the session.',
    fix: 'Validate arguments against the inputSchema before acting, and answer with isError (or -32602) saying what is wrong.',
    reference: REF.toolErrors,
    check: (input) =>
      outcomes('invalid-arguments', input, (probe) => hangOrCrash(probe) || probe.answer === 'result'),
  },
  {
    id: 'probe-oversized-argument',
    family: 'probe',
    severity: 'error',
    title: 'An oversized argument is refused cleanly',
    why: 'Hostile or runaway input reaches servers through models: a server that crashes or stalls on one large string can be taken down by any document the model reads.',
    fix: 'Bound strings with maxLength and check sizes in the handler; answer with isError instead of processing it.',
    reference: REF.toolSecurity,
    check: (input) => outcomes('oversized-argument', input, hangOrCrash),
  },
  {
    id: 'probe-ping',
    family: 'probe',
    severity: 'error',
    title: 'ping is answered',
    why: 'Clients ping to tell a live server from a dead one: a server that does not answer is dropped, or keeps its client waiting.',
    fix: 'Answer ping with an empty result (the SDKs do this unless their transport is blocked).',
    reference: REF.ping,
    check: (input) => outcomes('ping', input, (probe) => probe.answer !== 'result'),
  },
];
