import { useEffect } from 'react';
import { AccessGate } from './features/connection/AccessGate';
import { ConnectionBar } from './features/connection/ConnectionBar';
import { ConnectionProblem } from './features/connection/ConnectionProblem';
import { useInspectorSnapshot } from './features/connection/inspectorContext';
import { ServerInfo } from './features/connection/ServerInfo';
import { ToolsWorkbench } from './features/tools/ToolsWorkbench';
import { ServerLog } from './features/traffic/ServerLog';

export function App() {
  const snapshot = useInspectorSnapshot();
  const serverName = snapshot.mcp?.serverInfo?.title ?? snapshot.mcp?.serverInfo?.name;
  // Several inspectors open at once are told apart by their tab titles.
  useEffect(() => {
    document.title = serverName ? `${serverName} · mcp-inspect` : 'mcp-inspect';
  }, [serverName]);
  if (snapshot.auth !== 'ok') return <AccessGate auth={snapshot.auth} />;
  const { mcp } = snapshot;
  return (
    <div className="app">
      <ConnectionBar />
      <main>
        <ConnectionProblem />
        <ServerInfo />
        {/* Stays up while the server is down, so the last results (and why a call failed) remain readable. */}
        {mcp && <ToolsWorkbench mcp={mcp} />}
      </main>
      <ServerLog />
    </div>
  );
}
