import { useEffect, useState } from 'react';
import { SplitPane } from './components/SplitPane';
import { Tabs } from './components/Tabs';
import { AccessGate } from './features/connection/AccessGate';
import { ConnectionBar } from './features/connection/ConnectionBar';
import { ConnectionProblem } from './features/connection/ConnectionProblem';
import { useInspectorSnapshot } from './features/connection/inspectorContext';
import { focusServerRequest, onShowServerRequest } from './features/serverRequests/requestNavigation';
import { OAuthBanner } from './features/oauth/OAuthBanner';
import { onShowTool } from './features/lint/lintNavigation';
import { useServerRequests } from './features/serverRequests/useServerRequests';
import { ToolsWorkbench } from './features/tools/ToolsWorkbench';
import { TrafficPane } from './features/traffic/TrafficPane';
import {
  CollectionPanel,
  ConnectionSettings,
  LintPanel,
  LogsPanel,
  OAuthPanel,
  PromptsPanel,
  ResourcesPanel,
  ServerInfo,
  ServerRequestsPanel,
  TasksPanel,
} from './lazyFeatures';

type FeatureTab =
  | 'tools'
  | 'resources'
  | 'prompts'
  | 'collection'
  | 'requests'
  | 'tasks'
  | 'logs'
  | 'lint'
  | 'server'
  | 'connection'
  | 'oauth';

export function App() {
  const snapshot = useInspectorSnapshot();
  const [tab, setTab] = useState<FeatureTab>('tools');
  const pending = useServerRequests();
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
        <ConnectionProblem />
        {snapshot.target?.kind === 'url' && <OAuthBanner onShow={() => setTab('oauth')} />}
      </div>
      <div className="app-body">
        <SplitPane
          storageKey="mcp-inspect.split.traffic"
          label="Resize the traffic pane"
          first={
            <Tabs
              label="Features"
              active={tab}
              onChange={setTab}
              tabs={[
                {
                  key: 'tools',
                  label: 'Tools',
                  // Stays up while the server is down, so the last results remain readable.
                  content: () =>
                    mcp ? (
                      <ToolsWorkbench mcp={mcp} />
                    ) : (
                      <p className="placeholder">Waiting for the server…</p>
                    ),
                },
                {
                  key: 'resources',
                  label: 'Resources',
                  content: () =>
                    mcp ? (
                      <ResourcesPanel mcp={mcp} />
                    ) : (
                      <p className="placeholder">Waiting for the server…</p>
                    ),
                },
                {
                  key: 'prompts',
                  label: 'Prompts',
                  content: () =>
                    mcp ? <PromptsPanel mcp={mcp} /> : <p className="placeholder">Waiting for the server…</p>,
                },
                { key: 'collection', label: 'Collection', content: () => <CollectionPanel mcp={mcp} /> },
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
                { key: 'server', label: 'Server', content: () => <ServerInfo /> },
                { key: 'connection', label: 'Connection', content: () => <ConnectionSettings /> },
                { key: 'oauth', label: 'OAuth', content: () => <OAuthPanel /> },
              ]}
            />
          }
          second={<TrafficPane />}
        />
      </div>
    </div>
  );
}
