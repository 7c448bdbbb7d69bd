import { formatLatency, formatRecordTime, formatSessionTime } from '../../components/format';
import { isMaskedValue } from '../../../shared/urlSecrets';
import { FrameView } from './FrameView';
import { httpStatusText } from './httpStatusText';
import type { FrameRecord, TrafficRecord } from '../../../shared/core/traffic/trafficRecord';
import type { TrafficRow } from '../../../shared/core/traffic/trafficRows';

type HttpRecord = Extract<TrafficRecord, { type: 'http' }>;

interface HttpExchangeViewProps {
  row: TrafficRow;
  record: HttpRecord;
  startedAt: number | undefined;
  onSelect: (row: TrafficRow) => void;
}

/**
 * One HTTP exchange of a URL target, the way a browser's network panel shows it: the request
 * line and status, timing, both header lists as tables (values the bridge masked are marked
 * so; the page never has the real ones), each body with its content type, and links to the
 * JSON-RPC frames it carried. The bridge keeps the frames, not the bytes: a body is shown as
 * the JSON-RPC message it carried.
 */
export function HttpExchangeView({ row, record, startedAt, onSelect }: HttpExchangeViewProps) {
  const carried = row.linked?.record.type === 'frame' ? row.linked : undefined;
  const carriedDir = carried?.record.type === 'frame' ? carried.record.dir : undefined;
  // A POST of the page's request carries it, and its answer comes back in this exchange's own
  // response (JSON, or the events of its stream) over Streamable HTTP, or later on the event
  // stream over HTTP+SSE (a 202 here). A POST of the page's answer to a server's request
  // carries that answer.
  const postedRequest = carriedDir === 'toServer' ? carried : undefined;
  const serverRequest = carriedDir === 'fromServer' ? carried : undefined;
  const requestType = headerOf(record.requestHeaders, 'content-type');
  const responseType = headerOf(record.responseHeaders, 'content-type');
  const response = postedRequest?.pair?.record.type === 'frame' ? postedRequest.pair : undefined;
  const requestBody = frameOf(postedRequest ?? serverRequest?.pair);
  const responseBody =
    responseType !== undefined && answersInBody(responseType) ? frameOf(response) : undefined;

  return (
    <div className="http-exchange">
      <p className="http-request-line" aria-label="Request line">
        <code>
          {record.method} {record.path}
        </code>
        {isMaskedValue(record.path) && <MaskedTag />}
        <span className={`http-status ${statusTone(record.status)}`} aria-label="Status">
          {record.status === undefined
            ? `no response: ${record.error ?? 'unknown'}`
            : httpStatusText(record.status)}
        </span>
      </p>
      <dl className="http-timing" aria-label="Timing">
        <dt>Sent</dt>
        <dd title={formatRecordTime(record.t, startedAt)}>at {formatSessionTime(record.t)}</dd>
        <dt>{record.status === undefined ? 'Failed after' : 'Response headers after'}</dt>
        <dd>{formatLatency(record.durationMs)}</dd>
        {response?.latencyMs !== undefined && (
          <>
            <dt>JSON-RPC answer after</dt>
            <dd>{formatLatency(response.latencyMs)}</dd>
          </>
        )}
        <dt>Run</dt>
        <dd>{record.generation}</dd>
      </dl>
      <nav className="http-frames" aria-label="JSON-RPC frames">
        {postedRequest ? (
          <>
            <span>Carried</span>
            <FrameLink row={postedRequest} onSelect={onSelect} />
            {response && (
              <>
                <span>{responseBody ? 'answered in this response by' : 'answered by'}</span>
                <FrameLink row={response} onSelect={onSelect} />
              </>
            )}
          </>
        ) : serverRequest ? (
          <>
            <span>Carried the page’s answer</span>
            {serverRequest.pair && <FrameLink row={serverRequest.pair} onSelect={onSelect} />}
            <span>to the server’s</span>
            <FrameLink row={serverRequest} onSelect={onSelect} />
          </>
        ) : (
          <span className="muted">
            {record.rpcIds.length > 0
              ? `Carried JSON-RPC id ${record.rpcIds.map((id) => JSON.stringify(id)).join(', ')} (not in the traffic held here)`
              : record.rpcMethod !== undefined
                ? `Carried a notification: ${record.rpcMethod}`
                : record.method === 'GET'
                  ? 'No JSON-RPC message in the request: a stream the server may send on'
                  : 'No JSON-RPC message in the request'}
          </span>
        )}
      </nav>
      <HeaderTable label="Request headers" headers={record.requestHeaders} />
      <BodySection
        label="Request body"
        contentType={requestType}
        frame={requestBody}
        editorPath="traffic/http-request-body"
        none={
          record.rpcMethod !== undefined && record.rpcIds.length === 0
            ? 'A notification; the traffic shows it as its own frame.'
            : record.method === 'POST'
              ? 'Not a JSON-RPC message the traffic holds.'
              : 'No body.'
        }
      />
      <HeaderTable label="Response headers" headers={record.responseHeaders} />
      <BodySection
        label="Response body"
        contentType={responseType}
        frame={responseBody}
        editorPath="traffic/http-response-body"
        none={
          record.status === undefined
            ? 'No response.'
            : responseType?.startsWith('text/event-stream')
              ? 'An event stream: the messages it brought are frames in the traffic.'
              : record.status === 202 || record.status === 204
                ? 'No body.'
                : 'Not a JSON-RPC message the traffic holds.'
        }
      />
    </div>
  );
}

function FrameLink({ row, onSelect }: { row: TrafficRow; onSelect: (row: TrafficRow) => void }) {
  const frame = row.record;
  const what = [row.kind, row.method, row.id === undefined ? undefined : `id ${row.id}`]
    .filter(Boolean)
    .join(' ');
  return (
    <button type="button" className="link" onClick={() => onSelect(row)}>
      #{frame.seq} {what}
    </button>
  );
}

function HeaderTable({ label, headers }: { label: string; headers: Record<string, string> }) {
  const names = Object.keys(headers).sort();
  return (
    <section className="http-headers" aria-label={label}>
      <h4>
        {label} <span className="muted">({names.length})</span>
      </h4>
      {names.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table>
          <tbody>
            {names.map((name) => {
              const value = headers[name] ?? '';
              return (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>
                    <code>{value}</code>
                    {isMaskedValue(value) && <MaskedTag />}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function BodySection({
  label,
  contentType,
  frame,
  editorPath,
  none,
}: {
  label: string;
  contentType: string | undefined;
  frame: FrameRecord | undefined;
  editorPath: string;
  none: string;
}) {
  return (
    <section className="http-body" aria-label={label}>
      <h4>
        {label} <span className="muted">{contentType ?? 'no content type'}</span>
      </h4>
      {frame ? (
        <>
          <p className="muted">
            The JSON-RPC message it carried (frame #{frame.seq}); the bytes are not kept.
          </p>
          <FrameView key={frame.seq} frame={frame} label={label} editorPath={editorPath} />
        </>
      ) : (
        <p className="muted">{none}</p>
      )}
    </section>
  );
}

function MaskedTag() {
  return (
    <span className="masked-tag" title="mcp-inspect masked a secret here; the page never has it">
      masked
    </span>
  );
}

function frameOf(row: TrafficRow | undefined): FrameRecord | undefined {
  return row?.record.type === 'frame' ? row.record : undefined;
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  return headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** A response whose body holds the JSON-RPC answer: JSON, or the events of its stream. */
function answersInBody(contentType: string): boolean {
  return contentType.startsWith('application/json') || contentType.startsWith('text/event-stream');
}

function statusTone(status: number | undefined): string {
  if (status === undefined || status >= 400) return 'bad';
  if (status >= 300) return 'warn';
  return 'ok';
}
