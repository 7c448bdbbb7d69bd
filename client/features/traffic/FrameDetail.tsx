import { useState, type Ref } from 'react';
import type { JSONRPCRequest } from '@modelcontextprotocol/client';
import { JsonTree } from '../../components/JsonTree';
import { formatBytes, formatLatency, formatRecordTime, formatSessionTime } from '../../components/format';
import { eventText, KIND_LABELS } from './eventText';
import { AppLinks } from './AppLinks';
import { ConversationSummary } from './ConversationSummary';
import { FrameView } from './FrameView';
import { HttpExchangeView } from './HttpExchangeView';
import { ProtocolMeta } from './ProtocolMeta';
import type { TrafficRow } from '../../../shared/core/traffic/trafficRows';

interface FrameDetailProps {
  /** The detail's section, which Enter in the grid focuses. */
  ref?: Ref<HTMLElement>;
  row: TrafficRow;
  startedAt: number | undefined;
  onSelect: (row: TrafficRow) => void;
  onClose: () => void;
  /** Sends a request again under a new id; undefined when replay is not possible (offline, no server). */
  replay: ((request: JSONRPCRequest) => string | undefined) | undefined;
}

/** The selected record, and for a frame its paired request or response beside it. */
export function FrameDetail({ ref, row, startedAt, onSelect, onClose, replay }: FrameDetailProps) {
  const [replayed, setReplayed] = useState<string | undefined>();
  const record = row.record;
  const title =
    record.type === 'frame'
      ? `#${record.seq} ${KIND_LABELS[row.kind]}${row.method ? ` ${row.method}` : ''}${row.id ? ` · id ${row.id}` : ''}`
      : `${record.type === 'page' ? '' : `#${record.seq} `}${KIND_LABELS[row.kind]}`;
  // An HTTP exchange shows what it carried in its own view (bodies, links), not beside it.
  const partner = record.type === 'http' ? undefined : (row.pair ?? row.linked);
  const partnerFrame = partner?.record.type === 'frame' ? partner.record : undefined;
  const partnerRole = row.pair
    ? row.kind === 'request'
      ? 'response'
      : 'request'
    : row.linked
      ? 'request'
      : undefined;
  const canReplay =
    record.type === 'frame' && record.dir === 'toServer' && row.kind === 'request' && !record.elided;

  return (
    <section ref={ref} className="frame-detail" aria-label="Frame detail" tabIndex={-1}>
      <header>
        <h3>{title}</h3>
        {canReplay && (
          <>
            <button
              type="button"
              disabled={!replay}
              title={replay ? undefined : 'Needs a connected server (not an imported file)'}
              onClick={() => setReplayed(replay?.(record.message as JSONRPCRequest))}
            >
              Replay request
            </button>
            {replayed && <span role="status">Sent again as id {JSON.stringify(replayed)}</span>}
          </>
        )}
        <button type="button" className="close" aria-label="Close the detail" onClick={onClose}>
          ×
        </button>
      </header>
      {/* An HTTP exchange says when it was sent in its own timing table. */}
      {record.type !== 'http' && (
        <p className="frame-meta">
          <span title={formatRecordTime(record.t, startedAt)}>at {formatSessionTime(record.t)}</span>
          {record.type === 'frame' && (
            <>
              <span>{record.dir === 'toServer' ? 'to the server' : 'from the server'}</span>
              <span>{formatBytes(record.bytes)}</span>
              <span>run {record.generation}</span>
              {record.synthetic && <span>written by mcp-inspect (the server could not answer)</span>}
            </>
          )}
          {row.latencyMs !== undefined && <span>latency {formatLatency(row.latencyMs)}</span>}
          {row.kind === 'request' && row.pair === undefined && (
            <span>
              {row.ended ? `${row.ended} by the page (notifications/cancelled)` : 'no response yet'}
            </span>
          )}
        </p>
      )}
      {row.conversation && <ConversationSummary conversation={row.conversation} current={row} />}
      <AppLinks row={row} onSelect={onSelect} />
      {record.type === 'frame' && <ProtocolMeta message={record.message} />}
      <div className={partnerFrame ? 'frame-columns two' : 'frame-columns'}>
        <div className="frame-column">
          {record.type === 'frame' ? (
            <FrameView
              key={row.position}
              frame={record}
              label="Selected frame"
              editorPath="traffic/selected"
            />
          ) : record.type === 'http' ? (
            <HttpExchangeView row={row} record={record} startedAt={startedAt} onSelect={onSelect} />
          ) : (
            <>
              <p className="event-text">{eventText(row)}</p>
              <JsonTree value={record} label="Selected event" expandDepth={2} />
            </>
          )}
        </div>
        {partner && partnerFrame && partnerRole && (
          <section className="frame-column" aria-label={`Paired ${partnerRole}`}>
            <h4>
              Paired {partnerRole} #{partnerFrame.seq}
              {row.latencyMs !== undefined && ` · ${formatLatency(row.latencyMs)}`}{' '}
              <button type="button" onClick={() => onSelect(partner)}>
                Go to {partnerRole}
              </button>
            </h4>
            <FrameView
              key={partner.position}
              frame={partnerFrame}
              label={`Paired ${partnerRole}`}
              editorPath="traffic/paired"
            />
          </section>
        )}
      </div>
    </section>
  );
}
