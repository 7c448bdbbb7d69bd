import type { TrafficRow } from '../../shared/core/traffic/trafficRows';
import { JsonTree } from '../components/JsonTree';

/** A frame picked on the workspace's timeline, with the server it came from. */
export interface Picked {
  server: string;
  row: TrafficRow;
}

/** A picked frame as its pane shows it: what it is, in one line, as when it was picked. */
export interface Shown extends Picked {
  line: string;
}

/** The frame a click picked: the server it came from, what it was, and the frame and its answer. */
export function PickedFrame({ picked, onClose }: { picked: Shown | undefined; onClose: () => void }) {
  if (!picked)
    return (
      <p className="timeline-selected" id="merged-timeline-selected">
        Click a bar or a tick to see its frame and its server.
      </p>
    );
  const { server, row, line } = picked;
  const record = row.record;
  const partner = row.pair ?? row.linked;
  return (
    <section
      className="mt-picked"
      id="merged-timeline-selected"
      aria-label="Selected frame"
      aria-live="polite"
      data-server={server}
    >
      <header>
        <strong>{server}</strong>
        <span className="mt-picked-line">{line}</span>
        <button type="button" onClick={onClose} aria-label="Close the frame">
          ×
        </button>
      </header>
      <div className="mt-picked-body">
        <div>
          <h3>{partOf(row)}</h3>
          <JsonTree
            value={record.type === 'frame' ? record.message : record}
            label={`${server}: frame #${record.seq}`}
          />
        </div>
        {partner && (
          <div>
            <h3>{partOf(partner)}</h3>
            <JsonTree
              value={partner.record.type === 'frame' ? partner.record.message : partner.record}
              label={`${server}: ${row.kind === 'request' ? 'its answer' : 'its request'} #${partner.record.seq}`}
            />
          </div>
        )}
      </div>
    </section>
  );
}

/** "Request #4", "Response #5", "HTTP exchange #9": the heading over a frame's tree. */
function partOf(row: TrafficRow): string {
  const names: Partial<Record<TrafficRow['kind'], string>> = {
    request: 'Request',
    response: 'Response',
    error: 'Error',
    notification: 'Notification',
    http: 'HTTP exchange',
  };
  return `${names[row.kind] ?? 'Record'} #${row.record.seq}`;
}
