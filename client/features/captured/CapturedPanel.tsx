import { useState } from 'react';
import type { CaptureSessionView } from '../../../shared/capturesWire';
import { formatClockTime } from '../../components/format';
import { CapturedSession } from './CapturedSession';
import { useCaptureList } from './useCaptureList';
import './captured.css';

/**
 * The sessions hosts run through `mcp-inspect proxy` (docs/capture.md): live ones as their
 * proxies push them to this bridge, and those that ran while no page was open, from their
 * capture files. Opening one shows its traffic read-only in the traffic pane, the host's calls
 * with their results here, and saves it as a recording or its calls to the collection.
 */
export function CapturedPanel() {
  const { list, problem } = useCaptureList();
  const [openId, setOpenId] = useState<string | undefined>();
  const open = list?.sessions.find((session) => session.id === openId);

  return (
    <section className="captured-panel" aria-label="Captured sessions">
      <p className="captured-intro">
        Sessions a host (Claude Desktop, Cursor, VS Code…) runs through <code>mcp-inspect proxy</code>, listed
        live; put a host on the proxy in the Hosts tab.
      </p>
      {list && !list.collecting.ok && (
        <p className="captured-note warn" role="note">
          {list.collecting.problem}
        </p>
      )}
      {list?.collecting.ok && list.collecting.tookOverFrom !== undefined && (
        <p className="captured-note" role="note">
          Another mcp-inspect (pid {list.collecting.tookOverFrom}) was taking captured sessions: new ones come
          here; those it has stay there.
        </p>
      )}
      {problem && (
        <p className="captured-note warn" role="alert">
          Could not read the captured sessions: {problem}
        </p>
      )}
      {!list && !problem && <p className="placeholder">Reading the captured sessions…</p>}
      {list && list.sessions.length === 0 && (
        <p className="placeholder">
          No captured session yet. Start one with <code>mcp-inspect proxy -- &lt;server command&gt;</code> in
          a host&apos;s config; capture files are read from <code>{list.captureDir}</code>.
        </p>
      )}
      {list && list.sessions.length > 0 && (
        <table className="captured-list" aria-label="Captured session list">
          <thead>
            <tr>
              <th scope="col">Host</th>
              <th scope="col">Server</th>
              <th scope="col">Era</th>
              <th scope="col">Started</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {list.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                selected={session.id === openId}
                onOpen={() => setOpenId(session.id)}
              />
            ))}
          </tbody>
        </table>
      )}
      {open && <CapturedSession key={open.id} session={open} onClose={() => setOpenId(undefined)} />}
    </section>
  );
}

function SessionRow({
  session,
  selected,
  onOpen,
}: {
  session: CaptureSessionView;
  selected: boolean;
  onOpen: () => void;
}) {
  const host = session.client
    ? `${session.client.title ?? session.client.name}${session.client.version ? ` ${session.client.version}` : ''}`
    : '(no handshake yet)';
  return (
    <tr aria-selected={selected} className={selected ? 'selected' : undefined}>
      <td>
        <button type="button" className="link" onClick={onOpen} aria-label={`Open ${host} (${session.id})`}>
          {host}
        </button>
      </td>
      <td className="captured-server" title={session.server}>
        {session.server}
      </td>
      <td>{session.era ?? '?'}</td>
      <td title={new Date(session.startedAt).toISOString()}>{formatClockTime(session.startedAt)}</td>
      <td>
        <span className={`captured-state ${session.state}`}>{session.state}</span>
        {session.source === 'file' && <span className="muted"> (file)</span>}
      </td>
    </tr>
  );
}
