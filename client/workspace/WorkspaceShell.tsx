import { useCallback, useState } from 'react';
import { serverPagePath, type WorkspaceServerView } from '../../shared/workspace/pageWire';
import type { ServerPageHandle } from '../bridge/serverPageHandle';
import { ImportPanel } from './ImportPanel';
import { MergedTrafficView } from './MergedTrafficView';
import { ServerRow } from './ServerRow';
import { handleOf, readServerPage, useServerPage } from './serverPage';
import { TogetherView } from './TogetherView';
import { setConnected } from './workspaceApi';
import { useWorkspace } from './useWorkspace';

type View = { kind: 'server'; id: string } | { kind: 'traffic' } | { kind: 'together' } | { kind: 'import' };

/**
 * The page of several servers at once: the list beside, and each server's own page in a frame
 * of the same origin, kept while another is shown (its forms, results, history and traffic stay
 * as they were, its connection open). Every server's frame loads at once: each page is the
 * server's MCP client, so a server is connected when its page runs.
 */
export function WorkspaceShell() {
  const load = useWorkspace();
  const [view, setView] = useState<View | undefined>();
  const [handles, setHandles] = useState<ReadonlyMap<string, ServerPageHandle>>(new Map());
  const [actionError, setActionError] = useState<string>();
  const onFrameLoad = useCallback((id: string, frame: HTMLIFrameElement) => {
    const handle = handleOf(frame);
    setHandles((previous) => {
      const next = new Map(previous);
      if (handle) next.set(id, handle);
      else next.delete(id);
      return next;
    });
  }, []);

  if (load.kind === 'loading') return <p className="placeholder">Loading the workspace…</p>;
  if (load.kind === 'failed')
    return (
      <p className="ws-failed" role="alert">
        Could not read the workspace: {load.error}
      </p>
    );
  const servers = load.view.servers;
  const current: View = view ?? { kind: 'server', id: servers[0]?.id ?? '0' };
  const connect = (id: string, connected: boolean): void => {
    setActionError(undefined);
    setConnected(id, connected).catch((error: Error) => setActionError(error.message));
  };
  return (
    <div className="ws">
      <nav className="ws-side" aria-label="Servers">
        <h1>mcp-inspect</h1>
        {load.view.file && <p className="ws-file">{load.view.file}</p>}
        <ul className="ws-servers">
          {servers.map((server) => (
            <ServerEntry
              key={server.id}
              view={server}
              handle={handles.get(server.id)}
              selected={current.kind === 'server' && current.id === server.id}
              onSelect={() => setView({ kind: 'server', id: server.id })}
              onConnect={(connected) => connect(server.id, connected)}
            />
          ))}
        </ul>
        <div className="ws-views">
          <button
            type="button"
            aria-current={current.kind === 'traffic' ? 'page' : undefined}
            onClick={() => setView({ kind: 'traffic' })}
          >
            All traffic
          </button>
          <button
            type="button"
            aria-current={current.kind === 'together' ? 'page' : undefined}
            onClick={() => setView({ kind: 'together' })}
          >
            What a host sees
          </button>
          {load.view.file && (
            <button
              type="button"
              aria-current={current.kind === 'import' ? 'page' : undefined}
              onClick={() => setView({ kind: 'import' })}
            >
              Import from…
            </button>
          )}
        </div>
        {actionError && (
          <p className="ws-failed" role="alert">
            {actionError}
          </p>
        )}
      </nav>
      <main className="ws-main">
        {servers.map((server) =>
          server.problem === undefined ? (
            <iframe
              key={server.id}
              className="ws-frame"
              title={`${server.name}: its inspector`}
              src={serverPagePath(server.id)}
              hidden={!(current.kind === 'server' && current.id === server.id)}
              onLoad={(event) => onFrameLoad(server.id, event.currentTarget)}
            />
          ) : (
            current.kind === 'server' &&
            current.id === server.id && (
              <section key={server.id} className="ws-problem" role="alert">
                <h2>{server.name} cannot start</h2>
                <p>{server.problem}</p>
              </section>
            )
          ),
        )}
        {current.kind === 'traffic' && (
          <MergedTrafficView
            servers={servers.map((server) => ({ name: server.name, handle: handles.get(server.id) }))}
          />
        )}
        {current.kind === 'together' && <Together servers={servers} handles={handles} />}
        {current.kind === 'import' && <ImportPanel />}
      </main>
    </div>
  );
}

function ServerEntry(props: {
  view: WorkspaceServerView;
  handle: ServerPageHandle | undefined;
  selected: boolean;
  onSelect: () => void;
  onConnect: (connected: boolean) => void;
}) {
  const page = useServerPage(props.handle);
  return (
    <ServerRow
      view={props.view}
      page={page}
      selected={props.selected}
      onSelect={props.onSelect}
      onConnect={props.onConnect}
    />
  );
}

/** The combined view reads each server's tool list as its own page has it (re-read with the list). */
function Together({
  servers,
  handles,
}: {
  servers: readonly WorkspaceServerView[];
  handles: ReadonlyMap<string, ServerPageHandle>;
}) {
  return (
    <TogetherView
      servers={servers.map((server) => {
        const handle = handles.get(server.id);
        return { name: server.name, tools: handle ? readServerPage(handle).tools : undefined };
      })}
    />
  );
}
