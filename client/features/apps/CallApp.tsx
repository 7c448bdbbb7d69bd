import { useEffect, useSyncExternalStore } from 'react';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { useInspectorSnapshot } from '../../session/inspectorContext';
import type { CallRecord } from '../../session/callLog';
import type { AppSession } from './appSession';
import { AppView } from './AppView';
import { callKey } from './appViews';
import { toolApp } from '../../session/toolApp';
import { useAppSession } from './useAppSession';

interface CallAppProps {
  record: CallRecord;
  client: Client;
}

/** In a call's result area: the tool's MCP App, given this call's input and then its outcome. */
export function CallApp({ record, client }: CallAppProps) {
  const app = toolApp(record.tool);
  const mcp = useInspectorSnapshot().mcp;
  if (!app || !mcp) return null;
  if ('problem' in app) {
    return (
      <p className="notice" role="alert">
        {app.problem}
      </p>
    );
  }
  return <CallAppView record={record} client={client} uri={app.uri} mcp={mcp} />;
}

function CallAppView({
  record,
  client,
  uri,
  mcp,
}: CallAppProps & { uri: string; mcp: NonNullable<ReturnType<typeof useInspectorSnapshot>['mcp']> }) {
  const session = useAppSession({
    key: callKey(mcp.generation, record.id),
    view: `call ${record.id} · ${record.tool.name}`,
    uri,
    tool: record.tool,
    mcp,
  });
  useFeedCall(session, record);
  const { shownForCall } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  if (shownForCall === record.id) {
    return <p className="muted app-bound-note">This call is shown in the app opened above, before it ran.</p>;
  }
  return <AppView session={session} tool={record.tool} client={client} generation={mcp.generation} />;
}

/** The call as the app hears it: its arguments, then its result, or why there is none. */
export function useFeedCall(session: AppSession, record: CallRecord): void {
  useEffect(() => session.setToolInput(record.args), [session, record.args]);
  const { status, outcome, endReason } = record;
  useEffect(() => {
    if (outcome?.kind === 'result') session.setToolResult(outcome.result as CallToolResult);
    else if (outcome?.kind === 'error') session.setToolCancelled(`The call failed: ${outcome.message}`);
    else if (status === 'cancelled' || status === 'timed out' || status === 'declined') {
      session.setToolCancelled(endReason ?? status);
    }
  }, [session, status, outcome, endReason]);
}
