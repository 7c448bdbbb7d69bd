import type { Client } from '@modelcontextprotocol/client';
import type { CallRecord } from '../../session/callLog';
import type { LoopEnd } from '../../../shared/models/modelLoop';
import { ChatCallView } from './ChatCallView';
import { turnUsage, type ChatTurn } from './playgroundChat';

/** The chat so far: each prompt, the model's steps as they stream, their calls, how each turn ended. */
export function ChatTranscript({
  turns,
  records,
  client,
  onCancelCall,
}: {
  turns: readonly ChatTurn[];
  records: readonly CallRecord[];
  client: Client;
  onCancelCall: (id: number) => void;
}) {
  if (turns.length === 0)
    return <p className="placeholder">Ask the model something it would need the server's tools for.</p>;
  return (
    <ol className="chat-turns" aria-label="Chat">
      {turns.map((turn, turnIndex) => (
        <li key={turnIndex} className="chat-turn" aria-label={`Turn ${turnIndex + 1}`}>
          <p className="chat-person">
            <span className="chat-role">You</span> {turn.prompt}
          </p>
          {turn.steps.map((step, stepIndex) => (
            <div key={stepIndex} className="chat-step" aria-label={`Step ${stepIndex + 1}`}>
              <p
                className="chat-model"
                aria-label={`Model text, step ${stepIndex + 1}`}
                aria-busy={step.streaming}
              >
                <span className="chat-role">Model</span> {step.text}
                {step.streaming && <span className="chat-cursor" aria-hidden="true" />}
              </p>
              {step.calls.map((call) => (
                <ChatCallView
                  key={call.id}
                  call={call}
                  record={records.find((record) => record.id === call.recordId)}
                  client={client}
                  onCancel={onCancelCall}
                />
              ))}
            </div>
          ))}
          <TurnFooter turn={turn} />
        </li>
      ))}
    </ol>
  );
}

function TurnFooter({ turn }: { turn: ChatTurn }) {
  const usage = turnUsage(turn);
  const tokens =
    usage.input === undefined && usage.output === undefined
      ? 'tokens not reported'
      : `tokens: ${usage.input ?? '?'} in, ${usage.output ?? '?'} out`;
  const cost = usage.cost === undefined ? '' : ` · cost ${usage.cost.toPrecision(3)}`;
  return (
    <p className="chat-footer muted" aria-label="Turn summary">
      {turn.end ? endWords(turn.end) : 'running…'} · {turn.steps.length} step
      {turn.steps.length === 1 ? '' : 's'} · {tokens}
      {cost}
      {turn.end?.kind === 'failed' && (
        <span className="notice" role="alert" aria-label="Model problem">
          {' '}
          {turn.end.failure.message}
        </span>
      )}
    </p>
  );
}

function endWords(end: LoopEnd): string {
  switch (end.kind) {
    case 'answered':
      return 'answered';
    case 'cancelled':
      return 'stopped by you';
    case 'step-limit':
      return `stopped at the step limit (${end.limit}) while the model was still calling tools`;
    case 'failed':
      return `the model could not be asked (${end.failure.kind})`;
  }
}
