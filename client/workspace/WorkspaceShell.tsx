import { Suspense, useCallback, useEffect, useState, type LiHTMLAttributes, type ReactNode } from 'react';
import { serverPagePath, type WorkspaceServerView } from '../../shared/workspace/pageWire';
import type { ServerPageHandle } from '../bridge/serverPageHandle';
import { lazyPart } from '../components/lazyPart';
import { ImportPanel } from './ImportPanel';
import { MergedTrafficView } from './MergedTrafficView';
import { ServerEdits } from './ServerEdits';
import { ServerRow } from './ServerRow';
import { handleOf, readServerPage, useServerPage } from './serverPage';
import { TogetherView } from './TogetherView';
import { useServerDrag } from './useServerDrag';
import { setConnected } from './workspaceApi';
import { useWorkspace } from './useWorkspace';

type View =
  | { kind: 'server'; id: string }
  | { kind: 'traffic' }
  | { kind: 'together' }
  | { kind: 'import' }
  | { kind: 'add' };

/** Add a server: the connection form's parts, loaded when first shown. */
const AddServerPanel = lazyPart(() =>
  import('./AddServerPanel').then((m) => ({ default: m.AddServerPanel })),
);

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
  /** The last edit of the workspace file done from the list (renamed, moved, removed). */
  const [edited, setEdited] = useState<string>();
  const drag = useServerDrag(setEdited);
  const onFrameLoad = useCallback((id: string, frame: HTMLIFrameElement) => {
    const handle = handleOf(frame);
    setHandles((previous) => {
      const next = new Map(previous);
      if (handle) next.set(id, handle);
      else next.delete(id);
      return next;
    });
  }, []);
  const onFrameGone = useCallback((id: string) => {
    setHandles((previous) => {
      if (!previous.has(id)) return previous;
      const next = new Map(previous);
      next.delete(id);
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
  // A server removed from the list leaves the first one shown.
  const gone = view?.kind === 'server' && !servers.some((server) => server.id === view.id);
  const current: View = view && !gone ? view : { kind: 'server', id: servers[0]?.id ?? '0' };
  const revision = load.view.revision;
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
          {servers.map((server, at) => {
            const selected = current.kind === 'server' && current.id === server.id;
            return (
              <ServerEntry
                key={server.id}
                view={server}
                handle={handles.get(server.id)}
                selected={selected}
                onSelect={() => setView({ kind: 'server', id: server.id })}
                onConnect={(connected) => connect(server.id, connected)}
                dragProps={drag.rowProps(server.name, at + 1, revision)}
              >
                {selected && revision !== undefined && (
                  <ServerEdits
                    name={server.name}
                    position={at + 1}
                    count={servers.length}
                    revision={revision}
                    onDone={setEdited}
                  />
                )}
              </ServerEntry>
            );
          })}
        </ul>
        {edited && (
          <p className="ws-status-line" role="status">
            {edited}
          </p>
        )}
        {drag.problem && (
          <p className="ws-failed ws-edit-problem" role="alert">
            {drag.problem}
          </p>
        )}
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
          {load.view.file && revision !== undefined && (
            <button
              type="button"
              aria-current={current.kind === 'add' ? 'page' : undefined}
              onClick={() => setView({ kind: 'add' })}
            >
              Add a server
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
            <ServerFrame
              key={server.id}
              id={server.id}
              name={server.name}
              hidden={!(current.kind === 'server' && current.id === server.id)}
              onFrameLoad={onFrameLoad}
              onFrameGone={onFrameGone}
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
        {current.kind === 'add' && load.view.file && revision !== undefined && (
          <Suspense fallback={<p className="placeholder">Loading…</p>}>
            <AddServerPanel file={load.view.file} revision={revision} />
          </Suspense>
        )}
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
  children?: ReactNode;
  dragProps: LiHTMLAttributes<HTMLLIElement>;
}) {
  const page = useServerPage(props.handle);
  return (
    <ServerRow
      view={props.view}
      page={page}
      selected={props.selected}
      onSelect={props.onSelect}
      onConnect={props.onConnect}
      dragProps={props.dragProps}
    >
      {props.children}
    </ServerRow>
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

/**
 * One server's page in its frame. A removed server's frame goes, and with it the handle the shell
 * held on its page (its session, traffic and query cache), or each removal would keep one for
 * the rest of the run.
 */
function ServerFrame(props: {
  id: string;
  name: string;
  hidden: boolean;
  onFrameLoad: (id: string, frame: HTMLIFrameElement) => void;
  onFrameGone: (id: string) => void;
}) {
  const { id, onFrameGone } = props;
  useEffect(() => () => onFrameGone(id), [id, onFrameGone]);
  return (
    <iframe
      className="ws-frame"
      title={`${props.name}: its inspector`}
      src={serverPagePath(id)}
      hidden={props.hidden}
      onLoad={(event) => props.onFrameLoad(id, event.currentTarget)}
    />
  );
}
