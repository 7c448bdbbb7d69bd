import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallResultView } from '../results/CallResultView';
import type { CallRecord } from './callLog';
import { ElapsedTime, formatSeconds } from './ElapsedTime';
import { WaitingOnPerson } from './WaitingOnPerson';

interface CallRecordViewProps {
  record: CallRecord;
  client: Client;
  onCancel: (id: number) => void;
}

/** One call: its state while running (elapsed time, progress, Cancel), then its outcome. */
export function CallRecordView({ record, client, onCancel }: CallRecordViewProps) {
  const { id, status, progress, outcome } = record;
  const running = status === 'running';
  return (
    <section className={`call-record ${status.replace(' ', '-')}`} aria-label={`Call ${id}`}>
      <header>
        <span className="call-id">#{id}</span>
        <span className="call-status" role="status" aria-label={`Call ${id} status`}>
          {status}
        </span>
        <span className="muted">
          {running ? (
            <ElapsedTime since={record.startedAt} />
          ) : (
            formatSeconds((record.endedAt ?? record.startedAt) - record.startedAt)
          )}
        </span>
        <span className="spacer" />
        {running && (
          <button type="button" onClick={() => onCancel(id)} aria-label={`Cancel call ${id}`}>
            Cancel
          </button>
        )}
      </header>
      {running && <WaitingOnPerson startedAt={record.startedAt} callId={id} />}
      {running && (
        <div className="call-progress">
          <progress
            aria-label={`Progress of call ${id}`}
            {...(progress ? { value: progress.progress } : {})}
            {...(progress?.total !== undefined ? { max: progress.total } : {})}
          />
          {progress && (
            <span className="muted">
              {progress.total !== undefined ? `${progress.progress}/${progress.total}` : progress.progress}
              {progress.message ? ` · ${progress.message}` : ''}
            </span>
          )}
        </div>
      )}
      <details className="call-args">
        <summary>Arguments sent</summary>
        <pre>{JSON.stringify(record.args, null, 2)}</pre>
      </details>
      {status === 'cancelled' && (
        <p className="muted">
          Cancelled: the server was sent notifications/cancelled, and its answer is ignored.
        </p>
      )}
      {outcome && <CallResultView outcome={outcome} tool={record.tool} client={client} />}
    </section>
  );
}
