import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Client, Tool } from '@modelcontextprotocol/client';
import { ConfirmRunDialog } from '../../components/ConfirmRunDialog';
import { appResourceQueryOptions, sandboxPageQueryOptions } from './appQueries';
import { AppFrame } from './AppFrame';
import { AppLogView } from './AppLogView';
import type { AppPhase, AppSession } from './appSession';
import { buildHostContext, frameWidth, hostSettings, INLINE_MAX_HEIGHT, PIP_SIZE } from './hostContext';
import { DisplayOffer } from './DisplayOffer';
import { HostContextControls } from './HostContextControls';
import './apps.css';

interface AppViewProps {
  session: AppSession;
  tool: Tool;
  client: Client;
  generation: number;
}

const PHASE_TEXT: Record<AppPhase, string> = {
  loading: 'reading the resource',
  sandbox: 'loading the sandbox',
  handshake: 'waiting for ui/initialize',
  initializing: 'waiting for ui/notifications/initialized',
  ready: 'running',
  closed: 'closed',
};

/** Height of an inline frame until the app reports its own. */
const DEFAULT_HEIGHT = 320;

/**
 * One MCP App with its controls and its log. Display modes move this whole section (fixed over
 * the page for fullscreen, floating for picture-in-picture) without moving the frame in the DOM,
 * which would reload the app.
 */
export function AppView({ session, tool, client, generation }: AppViewProps) {
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const settings = useSyncExternalStore(hostSettings.subscribe, hostSettings.getSnapshot);
  const resource = useQuery(appResourceQueryOptions(client, generation, session.deps.uri));
  const loaded = resource.data && !('problem' in resource.data) ? resource.data : undefined;
  const sandbox = useQuery({ ...sandboxPageQueryOptions(loaded?.csp), enabled: loaded !== undefined });
  const areaRef = useRef<HTMLDivElement>(null);
  const [areaWidth, setAreaWidth] = useState(800);
  const [viewport, setViewport] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));

  useEffect(() => {
    const area = areaRef.current;
    if (!area) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAreaWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(area);
    const onResize = (): void => setViewport({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const loadProblem = resource.isError
    ? `resources/read of ${session.deps.uri} failed: ${resource.error.message}`
    : resource.data && 'problem' in resource.data
      ? resource.data.problem
      : sandbox.isError
        ? sandbox.error.message
        : undefined;
  useEffect(() => {
    if (loadProblem) session.fail(loadProblem);
  }, [session, loadProblem]);

  const { displayMode } = snapshot;
  const context = useMemo(
    () => buildHostContext({ settings, displayMode, areaWidth, tool, viewport }),
    [settings, displayMode, areaWidth, tool, viewport],
  );
  const { width, height } = frameSize(displayMode, frameWidth(settings), snapshot.reportedSize?.height);
  const closed = snapshot.phase === 'closed';
  const problem = snapshot.problem ?? loadProblem;

  return (
    <section className={`app-view mode-${displayMode}`} aria-label={`App ${session.deps.uri}`}>
      <header className="app-toolbar">
        <strong>MCP App</strong>
        <code className="app-uri">{session.deps.uri}</code>
        <span className={`app-phase phase-${snapshot.phase}`} role="status" aria-label="App status">
          {snapshot.appInfo ? `${snapshot.appInfo.name} ${snapshot.appInfo.version} · ` : ''}
          {PHASE_TEXT[snapshot.phase]}
          {snapshot.problems > 0 && ` · ${snapshot.problems} problem${snapshot.problems === 1 ? '' : 's'}`}
        </span>
        <span className="spacer" />
        <HostContextControls
          displayMode={displayMode}
          onDisplayMode={(mode) => session.setDisplayMode(mode)}
        />
        <button
          type="button"
          onClick={() => session.setDisplayMode(displayMode === 'inline' ? 'fullscreen' : 'inline')}
        >
          {displayMode === 'inline' ? 'Large view' : 'Back inline'}
        </button>
        {closed ? (
          <button type="button" onClick={() => session.reopen()}>
            Open the app again
          </button>
        ) : (
          <button type="button" onClick={() => void session.close('closed by the person')}>
            Close app
          </button>
        )}
      </header>
      {problem && (
        <p className="app-problem" role="alert" aria-label="App problem">
          {problem}
        </p>
      )}
      {snapshot.displayOffer && (
        <DisplayOffer
          mode={snapshot.displayOffer}
          onAccept={(mode) => session.setDisplayMode(mode)}
          onDecline={() => session.declineDisplayOffer()}
        />
      )}
      <div className="app-view-body">
        <div ref={areaRef} className={`app-area theme-${settings.theme}`}>
          {closed ? (
            <p className="placeholder">The app is closed.</p>
          ) : loaded && sandbox.data ? (
            <AppFrame
              session={session}
              resource={loaded}
              sandbox={sandbox.data}
              context={context}
              width={width}
              height={height}
            />
          ) : (
            !problem && <p className="muted">Reading {session.deps.uri}…</p>
          )}
        </div>
        {displayMode !== 'pip' && <AppLogView entries={snapshot.log} modelContext={snapshot.modelContext} />}
      </div>
      {snapshot.confirm && (
        <ConfirmRunDialog
          toolName={snapshot.confirm.toolName}
          asker="The app"
          reason={snapshot.confirm.reason}
          onCancel={() => snapshot.confirm?.answer(false, undefined)}
          onConfirm={(dontAskAgain) => snapshot.confirm?.answer(true, dontAskAgain)}
        />
      )}
    </section>
  );
}

/** The frame's size: the preset width inline (or the area's), the app's reported height up to a limit. */
function frameSize(
  mode: string,
  presetWidth: number | undefined,
  reportedHeight: number | undefined,
): { width: number | undefined; height: number | undefined } {
  if (mode === 'fullscreen') return { width: undefined, height: undefined };
  if (mode === 'pip') return { ...PIP_SIZE };
  const height = Math.min(INLINE_MAX_HEIGHT, Math.max(40, Math.ceil(reportedHeight ?? DEFAULT_HEIGHT)));
  return { width: presetWidth, height };
}
