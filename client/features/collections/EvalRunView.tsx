import { useState, useSyncExternalStore } from 'react';
import type { Client } from '@modelcontextprotocol/client';
import type { ProposedCall } from '../../../shared/models/modelLoop';
import { useInspector } from '../../session/inspectorContext';
import { callLogOf } from '../../session/sessionCallLog';
import { showFrame } from '../../session/trafficNavigation';
import { CallRecordView } from '../tools/CallRecordView';
import type { EvalCallLink, EvalRunState, PageEvalRun } from './evalSession';

const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** Why a proposed call was not made, in the person's words (as the Playground says it). */
const NOT_MADE: Record<string, string> = {
  'unknown-tool': 'not sent: no such tool',
  'invalid-arguments': 'flagged, not sent: the arguments do not fit the inputSchema',
  'not-approved': 'not run: not approved',
  'no-answer': 'sent, no answer',
};

/**
 * An eval's last run: the pass rate against the threshold, how often the model chose each tool,
 * and each run with its verdicts (the failed expectation and why) and its calls, each linked to
 * its card and to its frames in the traffic pane.
 */
export function EvalRunView({ run, client }: { run: EvalRunState; client: Client | undefined }) {
  const passed = run.runs.filter((entry) => entry.pass).length;
  const done = run.runs.length;
  const rate = passed / run.of;
  const verdict =
    run.status === 'running'
      ? `running: run ${Math.min(done + 1, run.of)} of ${run.of}`
      : run.status === 'cancelled'
        ? `stopped by you in run ${done} of ${run.of}`
        : run.status === 'stopped'
          ? 'stopped: the model could not be asked'
          : run.status === 'passed'
            ? 'passed: at or above the threshold'
            : 'failed: below the threshold';
  return (
    <div className="eval-run" aria-label={`Result of eval ${run.name}`}>
      <p className="eval-rate" role="status" aria-label={`Pass rate of ${run.name}`}>
        {passed} of {run.of} runs passed ({percent(rate)}) · threshold {percent(run.threshold)} · {verdict}
      </p>
      {run.stopped && (
        <p className="notice" role="alert">
          {run.stopped.message}
        </p>
      )}
      {run.missingTools.length > 0 && (
        <p className="notice" role="alert">
          Tools the eval names that the model was not given (the server does not list them, or the provider
          cannot take them): {run.missingTools.join(', ')}
        </p>
      )}
      {run.toolChoices.length > 0 && (
        <table className="eval-choices" aria-label={`Tools chosen in ${run.name}`}>
          <thead>
            <tr>
              <th>Tool the model chose</th>
              <th>Runs</th>
              <th>Calls</th>
            </tr>
          </thead>
          <tbody>
            {run.toolChoices.map((choice) => (
              <tr key={choice.tool}>
                <td>
                  <code>{choice.tool}</code>
                </td>
                <td>
                  {choice.runs} of {done}
                </td>
                <td>{choice.calls}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ol className="eval-runs">
        {run.runs.map((entry) => (
          <RunEntry key={entry.run} evalName={run.name} entry={entry} client={client} />
        ))}
      </ol>
    </div>
  );
}

function RunEntry({
  evalName,
  entry,
  client,
}: {
  evalName: string;
  entry: PageEvalRun;
  client: Client | undefined;
}) {
  const calls = entry.transcript.steps.flatMap((step) => step.calls);
  // The calls the page sent, in order: each has its link (card and frames).
  let sent = 0;
  const linked = calls.map((call) => {
    const made = call.outcome.kind === 'called' || call.outcome.kind === 'no-answer';
    return { call, link: made ? entry.links[sent++] : undefined };
  });
  return (
    <li className={entry.pass ? 'pass' : 'fail'} aria-label={`Run ${entry.run} of ${evalName}`}>
      <span className="eval-run-verdict">
        <span aria-hidden="true">{entry.pass ? '✓' : '✗'}</span> Run {entry.run}{' '}
        {entry.pass ? 'passed' : 'failed'}
      </span>
      <span className="muted">
        {' '}
        · {entry.transcript.steps.length} step{entry.transcript.steps.length === 1 ? '' : 's'} · tokens{' '}
        {entry.tokens.input} in, {entry.tokens.output} out
      </span>
      {entry.problem && <p className="notice">{entry.problem}</p>}
      <ul className="eval-checks">
        {entry.checks.map((check, index) => (
          <li key={index} className={check.pass ? 'pass' : 'fail'}>
            <span aria-hidden="true">{check.pass ? '✓' : '✗'}</span> {check.label}
            {check.detail && <span className="eval-check-detail"> — {check.detail}</span>}
          </li>
        ))}
      </ul>
      {linked.length > 0 && (
        <ul className="eval-calls" aria-label={`Calls of run ${entry.run}`}>
          {linked.map(({ call, link }, index) => (
            <CallLine key={index} call={call} link={link} client={client} />
          ))}
        </ul>
      )}
      {entry.transcript.finalText !== '' && (
        <p className="muted eval-final">Final text: {entry.transcript.finalText}</p>
      )}
    </li>
  );
}

function CallLine({
  call,
  link,
  client,
}: {
  call: ProposedCall;
  link: EvalCallLink | undefined;
  client: Client | undefined;
}) {
  const [open, setOpen] = useState(false);
  const name = call.serverName ?? call.modelName;
  const outcome = call.outcome;
  return (
    <li>
      <code>
        {name}({call.argumentsText})
      </code>{' '}
      <span className="muted">
        {outcome.kind === 'called'
          ? outcome.observation.kind === 'rpcError' || outcome.observation.result.isError === true
            ? 'called, answered with an error'
            : 'called'
          : NOT_MADE[outcome.kind]}
        {call.destructive ? ' · destructive' : ''}
      </span>
      {link && (
        <>
          {' '}
          <button
            type="button"
            className="link"
            aria-expanded={open}
            aria-label={`Card of call ${link.recordId}`}
            onClick={() => setOpen(!open)}
          >
            card
          </button>{' '}
          <button
            type="button"
            className="link"
            aria-label={`Frames of call ${link.recordId}`}
            onClick={() => showFrame({ from: link.trafficFrom, method: 'tools/call', name: link.tool })}
          >
            frames
          </button>
          {open && client && <RecordCard id={link.recordId} client={client} />}
        </>
      )}
      {'reason' in outcome && outcome.kind !== 'no-answer' && <div className="muted">{outcome.reason}</div>}
    </li>
  );
}

/** The call's own card, as the tools workbench and the Playground show it. */
function RecordCard({ id, client }: { id: number; client: Client }) {
  const calls = callLogOf(useInspector());
  const records = useSyncExternalStore(calls.subscribe, calls.getSnapshot);
  const record = records.find((candidate) => candidate.id === id);
  if (!record)
    return <p className="muted">This call's card is no longer kept (the page keeps the last 50 calls).</p>;
  return <CallRecordView record={record} client={client} onCancel={(callId) => calls.cancel(callId)} />;
}
