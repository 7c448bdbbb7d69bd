// The workspace's page (`mcp-inspect --all`): the list of servers, each server's own page framed.
import '../styles.css';
import './workspace.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { takeShellToken } from './shellToken';
import { WorkspaceShell } from './WorkspaceShell';

// The token moves from the address bar to this tab's session storage, where the servers' frames
// (same origin, same tab) find it too.
const token = takeShellToken();
const root = document.getElementById('root');
if (!root) throw new Error('workspace.html has no #root');
createRoot(root).render(
  <StrictMode>
    {token ? (
      <WorkspaceShell />
    ) : (
      <p className="ws-failed" role="alert">
        This page needs its token: open the link mcp-inspect printed.
      </p>
    )}
  </StrictMode>,
);
