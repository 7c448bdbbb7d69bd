import { formatLatency } from '../../components/format';
import type { TrafficRow } from '../../../shared/core/traffic/trafficRows';

interface AppLinksProps {
  row: TrafficRow;
  onSelect: (row: TrafficRow) => void;
}

/**
 * Where an MCP App's message sits in the traffic: its paired request or answer, the MCP requests
 * the page sent for it, or, on such an MCP request, the app's request it answers.
 */
export function AppLinks({ row, onSelect }: AppLinksProps) {
  const record = row.record;
  const isApp = record.type === 'app';
  if (!isApp && !row.causedBy) return null;
  const go = (target: TrafficRow, label: string) => (
    <button type="button" onClick={() => onSelect(target)}>
      {label} #{target.record.seq}
    </button>
  );
  return (
    <section className="app-links" aria-label="App message links">
      {isApp && (
        <p>
          MCP App <code>{record.uri}</code> · {record.view} ·{' '}
          {record.dir === 'appToHost' ? 'sent by the app to mcp-inspect' : 'sent by mcp-inspect to the app'}
          {record.elided && ' · elided (too large to keep whole)'}
        </p>
      )}
      {isApp && record.problem && <p className="field-error">{record.problem}</p>}
      {isApp && row.pair && (
        <p>
          {row.pair.record.t < record.t ? 'Answers the app message' : 'Answered by'} {go(row.pair, 'Go to')}
          {row.latencyMs !== undefined && ` · ${formatLatency(row.latencyMs)}`}
        </p>
      )}
      {row.causes && row.causes.length > 0 && (
        <p>
          MCP requests sent for it:{' '}
          {row.causes.map((cause) => (
            <span key={cause.position}>{go(cause, `${cause.method ?? 'request'}`)} </span>
          ))}
        </p>
      )}
      {row.causedBy && <p>Sent by mcp-inspect for an MCP App: {go(row.causedBy, 'Go to the app request')}</p>}
    </section>
  );
}
