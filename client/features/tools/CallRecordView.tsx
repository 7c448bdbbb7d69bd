import type { Client } from '@modelcontextprotocol/client';
import { CallApp } from '../apps/CallApp';
import { CallResultView } from '../results/CallResultView';
import { SaveToCollection } from '../collections/SaveToCollection';
import type { CallRecord } from '../../session/callLog';
import { CallInputRequests } from './CallInputRequests';
import { formatElapsed } from '../../components/format';
import { ElapsedTime } from './ElapsedTime';
import { WaitingOnPerson } from './WaitingOnPerson';

interface CallRecordViewProps {
  record: CallRecord;
  client: Client;
  onCancel: (id: number) => void;
}

/** One call: its state while running (elapsed time, progress, Cancel), then its outcome. */
export function CallRecordView({ record, client, onCancel }: CallRecordViewProps) {
  const { id, status, progress, outcome } = record;
  const running = status === 'running' || status === 'waiting for you';
  return (
    <section className={`call-record ${status.replace(' ', '-')}`} aria-label={`Call ${id}`}>
      <header>
        <span className="call-id">#{id}</span>
        <span className="call-status" role="status" aria-label={`Call ${id} status`}>
          {status}
        </span>
        {record.rounds > 1 && <span className="muted">{record.rounds} rounds</span>}
        <span className="muted">
          {running ? (
            <ElapsedTime since={record.startedAt} />
          ) : (
            formatElapsed((record.endedAt ?? record.startedAt) - record.startedAt)
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
      {status === 'waiting for you' && <CallInputRequests callId={id} />}
      {record.taskId && (
        <p className="muted">
          The server ran this call as task <code>{record.taskId}</code> (see the Tasks tab).
        </p>
      )}
      <details className="call-args">
        <summary>Arguments sent</summary>
        <pre>{JSON.stringify(record.args, null, 2)}</pre>
      </details>
      {record.endReason && (
        <p
          className={status === 'timed out' ? 'notice' : 'muted'}
          role={status === 'timed out' ? 'alert' : undefined}
        >
          {record.endReason}
        </p>
      )}
      <CallApp record={record} client={client} />
      {outcome && <CallResultView outcome={outcome} tool={record.tool} client={client} />}
      {outcome && <SaveToCollection record={record} />}
    </section>
  );
}
