import { Suspense, useEffect, useState } from 'react';
import { SplitPane } from './components/SplitPane';
import { Tabs } from './components/Tabs';
import { AccessGate } from './features/connection/AccessGate';
import { ConnectionBar } from './features/connection/ConnectionBar';
import { BridgeProblem } from './features/connection/BridgeProblem';
import { hasConnectionProblem } from './features/connection/connectionProblemState';
import { useInspectorSnapshot } from './session/inspectorContext';
import { focusServerRequest, onShowServerRequest } from './session/requestNavigation';
import { onShowTool } from './session/lintNavigation';
import { useSignInState } from './session/signInState';
import { useReturnAfterSignIn } from './features/oauth/useReturnAfterSignIn';
import { useServerRequests } from './session/useServerRequests';
import { ToolsWorkbench } from './features/tools/ToolsWorkbench';
import { DeferredTrafficPane } from './features/traffic/DeferredTrafficPane';
import { firstScreenShown } from './afterFirstScreen';
import {
  CapturedPanel,
  BreakpointsPanel,
  CollectionPanel,
  ConnectionProblem,
  ConnectionSettings,
  HostConfigPanel,
  LintPanel,
  LogsPanel,
  OAuthBanner,
  OAuthPanel,
  PlaygroundPanel,
  PromptsPanel,
  ResourcesPanel,
  ServerInfo,
  ServerRequestsPanel,
  SkillsPanel,
  TasksPanel,
} from './lazyFeatures';

type FeatureTab =
  | 'tools'
  | 'resources'
  | 'prompts'
  | 'collection'
  | 'playground'
  | 'skills'
  | 'requests'
  | 'tasks'
  | 'logs'
  | 'lint'
  | 'hosts'
  | 'captured'
  | 'breakpoints'
  | 'server'
  | 'connection'
  | 'oauth';

/** The Skills extension (SEP-2640): its tab is there for servers that declare it. */
const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

export function App() {
  const snapshot = useInspectorSnapshot();
  const [tab, setTab] = useState<FeatureTab>('tools');
  const pending = useServerRequests();
  const byUrl = snapshot.target?.kind === 'url';
  const signIn = useSignInState(snapshot.target, snapshot.targetState);
  const { startSignIn, choose } = useReturnAfterSignIn(byUrl, tab, setTab, 'oauth');
  const waiting = (
    <p className="placeholder">{signIn ? 'Sign in to reach this server.' : 'Waiting for the server…'}</p>
  );
  const serverName = snapshot.mcp?.serverInfo?.title ?? snapshot.mcp?.serverInfo?.name;
  useEffect(
    () =>
      onShowServerRequest((id) => {
        setTab('requests');
        requestAnimationFrame(() => focusServerRequest(id));
      }),
    [],
  );
  // A lint finding's "Show" opens the tool's definition (the workbench selects it).
  useEffect(() => onShowTool(() => setTab('tools')), []);
  // The first screen is whatever explains why there is no tool list, when there is none yet: the
  // traffic pane and the rest of the page load after it (afterFirstScreen.ts).
  const problem = hasConnectionProblem(snapshot);
  const noToolList = tab !== 'tools' || signIn !== undefined || problem;
  useEffect(() => {
    if (noToolList) firstScreenShown();
  }, [noToolList]);
  // Several inspectors open at once are told apart by their tab titles.
  useEffect(() => {
    document.title = serverName ? `${serverName} · mcp-inspect` : 'mcp-inspect';
  }, [serverName]);

  if (snapshot.auth !== 'ok') return <AccessGate auth={snapshot.auth} />;
  const { mcp } = snapshot;
  return (
    <div className="app">
      <ConnectionBar />
      <div className="banners">
        <BridgeProblem />
        {problem && (
          <Suspense>
            <ConnectionProblem />
          </Suspense>
        )}
        {byUrl && (
          <Suspense>
            <OAuthBanner onSignIn={startSignIn} onShow={() => choose('oauth')} />
          </Suspense>
        )}
      </div>
      <div className="app-body">
        <SplitPane
          storageKey="mcp-inspect.split.traffic"
          label="Resize the traffic pane"
          first={
            <Tabs
              label="Features"
              active={tab}
              onChange={choose}
              tabs={[
                {
                  key: 'tools',
                  label: 'Tools',
                  // Stays up while the server is down, so the last results remain readable.
                  content: () => (mcp ? <ToolsWorkbench mcp={mcp} /> : waiting),
                },
                {
                  key: 'resources',
                  label: 'Resources',
                  content: () => (mcp ? <ResourcesPanel mcp={mcp} /> : waiting),
                },
                {
                  key: 'prompts',
                  label: 'Prompts',
                  content: () => (mcp ? <PromptsPanel mcp={mcp} /> : waiting),
                },
                ...(mcp?.capabilities?.extensions?.[SKILLS_EXTENSION] !== undefined
                  ? [
                      {
                        key: 'skills' as const,
                        label: 'Skills',
                        content: () => (mcp ? <SkillsPanel mcp={mcp} /> : waiting),
                      },
                    ]
                  : []),
                { key: 'collection', label: 'Collection', content: () => <CollectionPanel mcp={mcp} /> },
                {
                  key: 'playground',
                  label: 'Playground',
                  content: () => (mcp ? <PlaygroundPanel mcp={mcp} /> : waiting),
                },
                {
                  key: 'requests',
                  label: <>Requests{pending.length > 0 && <span className="badge">{pending.length}</span>}</>,
                  name: pending.length > 0 ? `Requests (${pending.length} waiting)` : 'Requests',
                  content: () => <ServerRequestsPanel />,
                },
                { key: 'tasks', label: 'Tasks', content: () => <TasksPanel /> },
                { key: 'logs', label: 'Logs', content: () => <LogsPanel mcp={mcp} /> },
                {
                  key: 'lint',
                  label: 'Lint',
                  content: () =>
                    mcp ? <LintPanel mcp={mcp} /> : <p className="placeholder">Waiting for the server…</p>,
                },
                { key: 'hosts', label: 'Hosts', content: () => <HostConfigPanel /> },
                { key: 'captured', label: 'Captured', content: () => <CapturedPanel /> },
                { key: 'breakpoints', label: 'Breakpoints', content: () => <BreakpointsPanel /> },
                { key: 'server', label: 'Server', content: () => <ServerInfo /> },
                { key: 'connection', label: 'Connection', content: () => <ConnectionSettings /> },
                { key: 'oauth', label: 'OAuth', content: () => <OAuthPanel /> },
              ]}
            />
          }
          second={<DeferredTrafficPane />}
        />
      </div>
    </div>
  );
}
