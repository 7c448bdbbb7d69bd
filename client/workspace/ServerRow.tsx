import type { LiHTMLAttributes, ReactNode } from 'react';
import type { WorkspaceServerView } from '../../shared/workspace/pageWire';
import type { ServerPageState } from './serverPage';
import { serverStatus } from './serverStatus';

interface Props {
  view: WorkspaceServerView;
  page: ServerPageState;
  selected: boolean;
  onSelect: () => void;
  onConnect: (connected: boolean) => void;
  /** Its edits of the workspace file (ServerEdits), under the row. */
  children?: ReactNode;
  /** Dragging it to another place in the list (useServerDrag). */
  dragProps?: LiHTMLAttributes<HTMLLIElement>;
}

/** One server in the workspace's list: its name, state, era and counts, and its own connect button. */
export function ServerRow({ view, page, selected, onSelect, onConnect, children, dragProps }: Props) {
  const status = serverStatus(view, page.snapshot, page.signIn);
  const era = page.snapshot?.mcp?.era;
  const stopped = status.kind === 'disconnected' || status.kind === 'exited' || status.kind === 'error';
  return (
    <li
      {...dragProps}
      className={`ws-server${selected ? ' ws-server-selected' : ''}`}
      data-server={view.name}
    >
      <button
        type="button"
        className="ws-server-main"
        aria-current={selected ? 'page' : undefined}
        onClick={onSelect}
        title={status.detail ?? view.label}
      >
        <span className={`ws-dot ws-${status.kind}`} aria-hidden="true" />
        <span className="ws-name">{view.name}</span>
        <span className="ws-status" data-status={status.kind}>
          {status.label}
        </span>
        <span className="ws-meta">
          {[era, page.tools ? `${page.tools.length} tool${page.tools.length === 1 ? '' : 's'}` : undefined]
            .filter(Boolean)
            .join(' · ')}
        </span>
        {status.detail && status.kind !== 'connected' && <span className="ws-detail">{status.detail}</span>}
      </button>
      {status.kind !== 'cannot-start' && (
        <button
          type="button"
          className="ws-connect"
          onClick={() => onConnect(stopped)}
          aria-label={`${stopped ? 'Connect' : 'Disconnect'} ${view.name}`}
        >
          {stopped ? 'Connect' : 'Disconnect'}
        </button>
      )}
      {children}
    </li>
  );
}
