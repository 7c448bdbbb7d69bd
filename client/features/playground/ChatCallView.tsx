import type { Client } from '@modelcontextprotocol/client';
import type { CallRecord } from '../../session/callLog';
import { CallRecordView } from '../tools/CallRecordView';
import type { ChatCall } from './playgroundChat';

/** Why a proposed call was not made, as the person reads it. */
const NOT_MADE: Record<string, string> = {
  'unknown-tool': 'Not sent: no such tool',
  'invalid-arguments': 'Flagged, not sent: the arguments do not fit the inputSchema',
  'not-approved': 'Not run: not approved',
  'no-answer': 'Sent, no answer',
};

/**
 * One call the model proposed: its arguments as the model wrote them, how they stand against the
 * tool's inputSchema, the approval it waits for, and once sent the call's own card (the same as a
 * manual call's: progress, input rounds, the full result).
 */
export function ChatCallView({
  call,
  record,
  client,
  onCancel,
}: {
  call: ChatCall;
  record: CallRecord | undefined;
  client: Client;
  onCancel: (id: number) => void;
}) {
  const outcome = call.handled?.outcome;
  const flagged = outcome !== undefined && outcome.kind !== 'called';
  const server = call.handled?.serverName;
  return (
    <section className={`chat-call${flagged ? ' flagged' : ''}`} aria-label={`Model call ${call.modelName}`}>
      <header>
        <strong>{call.modelName}</strong>
        {server && server !== call.modelName && <span className="muted"> (the server's {server})</span>}
        {call.handled?.destructive && <span className="badge"> destructive</span>}
        <span className="spacer" />
        <span role="status" aria-label={`Check of ${call.modelName}`}>
          {call.awaitingApproval
            ? 'Waiting for your approval'
            : outcome === undefined
              ? call.recordId === undefined
                ? 'checking…'
                : 'sent'
              : outcome.kind === 'called'
                ? 'Arguments fit the inputSchema · sent'
                : NOT_MADE[outcome.kind]}
        </span>
      </header>
      <pre className="chat-call-args" aria-label="Arguments the model wrote">
        {prettyArguments(call.argumentsText)}
      </pre>
      {flagged && outcome && 'reason' in outcome && (
        <p className="notice" role="alert" aria-label={`Problem with ${call.modelName}`}>
          {outcome.reason}
          <span className="muted"> · the model is told so</span>
        </p>
      )}
      {record && <CallRecordView record={record} client={client} onCancel={onCancel} />}
    </section>
  );
}

function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
