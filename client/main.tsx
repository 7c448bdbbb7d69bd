// First: the connection this module takes over, started before anything else loads (boot.ts).
import { earlyConnection } from './boot';
// Then, so the tokens and the reset come before every component's and feature's own CSS.
import './styles.css';
// Before any other listener of the page's messages: MCP Apps' messages are taken, or dropped
// unread, there first (appMessageGate.ts).
import './features/apps/appMessageGate';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { InspectorSession, browserEnvironment } from './bridge/inspectorSession';
import { InspectorContext } from './session/inspectorContext';
import { TrafficLog } from '../shared/core/traffic/trafficLog';
import { pageTrafficSchedule } from './features/traffic/pageTrafficSchedule';
import { publishServerPage } from './bridge/serverPageHandle';

const queryClient = new QueryClient();
// One session per page load, made outside React so StrictMode's double effects cannot open two sockets.
const session = new InspectorSession(
  queryClient,
  new TrafficLog(undefined, pageTrafficSchedule),
  browserEnvironment(earlyConnection),
);
void session.start();
publishServerPage({ session, traffic: session.traffic, queries: queryClient });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <InspectorContext.Provider value={session}>
        <App />
      </InspectorContext.Provider>
    </QueryClientProvider>
  </StrictMode>,
);
