import { useMemo, useState, useSyncExternalStore } from 'react';
import type { CaptureSessionView } from '../../../shared/capturesWire';
import { itemsFromCapture } from '../../../shared/collections/fromCapture';
import { describeSecretArguments } from '../../../shared/collections/secretArguments';
import { toJsonLines } from '../../../shared/core/traffic/jsonLines';
import { DownloadButton } from '../../components/DownloadButton';
import { JsonTree } from '../../components/JsonTree';
import { formatClockTime } from '../../components/format';
import { CallResultView } from '../results/CallResultView';
import { collectionStore } from '../collections/collectionStore';
import { hostCalls } from './hostCalls';
import { sessionTitle, useCapturedLog } from './useCapturedLog';

/**
 * One captured session, opened: what it is, the host's tool calls with their results rendered as
 * the page renders its own (nothing here calls the server: the host drives), a recording to
 * download (`mock`, `diff` and the page's import take it) and the host's calls saved as
 * collection items. Its traffic shows in the traffic pane while it is open.
 */
export function CapturedSession({
  session: listed,
  onClose,
}: {
  session: CaptureSessionView;
  onClose: () => void;
}) {
  const { log, session, skipped, problem } = useCapturedLog(listed);
  const version = useSyncExternalStore(log.subscribe, log.getVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the log is read again at each version
  const calls = useMemo(() => hostCalls(log.all()), [log, version]);
  const [saved, setSaved] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const saveCalls = async (): Promise<void> => {
    setSaving(true);
    let said = '';
    const added = await collectionStore.addItems((taken) => {
      const made = itemsFromCapture(log.all(), taken);
      const left = Object.entries(made.leftOut).map(([method, n]) => `${method} ×${n}`);
      said = [
        left.length > 0 ? `Left out (a collection holds calls): ${left.join(', ')}.` : '',
        describeSecretArguments(made.secrets) ?? '',
      ]
        .filter(Boolean)
        .join(' ');
      return made.items;
    });
    const error = collectionStore.getSnapshot().error;
    setSaving(false);
    setSaved(
      error
        ? `Could not save: ${error}`
        : added === 0
          ? 'The host made no tools/call, prompts/get or resources/read to save.'
          : `Saved ${added} item${added === 1 ? '' : 's'} to the collection. ${said}`,
    );
  };

  return (
    <section className="captured-session" aria-label={`Captured session ${sessionTitle(session)}`}>
      <header>
        <h3>{sessionTitle(session)}</h3>
        <button type="button" className="close" aria-label="Close the session" onClick={onClose}>
          ×
        </button>
      </header>
      <p className="captured-readonly" role="note">
        Read-only: the host drives this session. Its traffic is in the traffic pane.
      </p>
      <dl className="captured-facts">
        <dt>Host</dt>
        <dd>
          {session.client
            ? `${session.client.name}${session.client.version ? ` ${session.client.version}` : ''}`
            : '(no handshake yet)'}
        </dd>
        <dt>Server</dt>
        <dd>
          <code>{session.server}</code> ({session.transport})
        </dd>
        <dt>Era</dt>
        <dd>{session.era ?? '?'}</dd>
        <dt>Started</dt>
        <dd>{formatClockTime(session.startedAt)}</dd>
        <dt>State</dt>
        <dd aria-label="Session state">{session.state}</dd>
        {session.inject.length > 0 && (
          <>
            <dt>Injected</dt>
            <dd>{session.inject.join('; ')}</dd>
          </>
        )}
      </dl>
      {problem && (
        <p className="captured-note warn" role="alert">
          Could not read its records: {problem}
        </p>
      )}
      {skipped > 0 && (
        <p className="captured-note" role="note">
          {skipped} records were not traffic records and are not shown.
        </p>
      )}
      <div className="captured-actions">
        <DownloadButton
          label="Download recording"
          disabled={log.size === 0}
          file={() => new Blob([toJsonLines(log.all(), log.startedAt)], { type: 'application/x-ndjson' })}
          fileName={`mcp-inspect-capture-${session.id}.jsonl`}
        />
        <button type="button" disabled={saving || log.size === 0} onClick={() => void saveCalls()}>
          Save the host&apos;s calls to collection
        </button>
        {saved && <span role="status">{saved}</span>}
      </div>
      <h4>The host&apos;s tool calls</h4>
      {calls.length === 0 && <p className="muted">No tools/call yet.</p>}
      <ol className="captured-calls" aria-label="The host's tool calls">
        {calls.map((call) => (
          <li key={call.seq} aria-label={`tools/call ${call.tool.name}`}>
            <p className="captured-call-head">
              <strong>{call.tool.name}</strong> <span className="muted">id {call.id}</span>
            </p>
            <JsonTree value={call.arguments} label={`Arguments of ${call.tool.name}`} expandDepth={2} />
            {call.outcome ? (
              <CallResultView outcome={call.outcome} tool={call.tool} client={undefined} />
            ) : (
              <p className="muted">No answer yet.</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
