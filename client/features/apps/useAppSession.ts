import type { Listed } from '../../../shared/core';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Tool } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../bridge/inspectorSession';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { useInspector } from '../../session/inspectorContext';
import { AppSession } from './appSession';
import { appViews } from './appViews';

export interface AppSessionSpec {
  key: string;
  view: string;
  uri: string;
  tool: Tool;
  mcp: McpConnection;
}

/** Finds or makes the app view kept under a key, with what it needs from the page. */
export function useAppSessionFactory(): (spec: AppSessionSpec) => AppSession {
  const inspector = useInspector();
  const queryClient = useQueryClient();
  return ({ key, view, uri, tool, mcp }) =>
    appViews.getOrCreate(
      key,
      () =>
        new AppSession({
          view,
          uri,
          tool,
          generation: mcp.generation,
          client: mcp.client,
          serverName: mcp.serverInfo?.name ?? 'unknown server',
          serverCapabilities: mcp.capabilities,
          // The query keeps the list with its cache hint (see toolsQuery.ts).
          tools: () => queryClient.getQueryData<Listed<Tool>>(mcpQueryKeys.tools(mcp.generation))?.items,
          listChanges: inspector.listChanges,
          report: (message) => inspector.reportAppMessage(message),
        }),
    );
}

/** The app view kept under `spec.key`, made on first use. */
export function useAppSession(spec: AppSessionSpec): AppSession {
  const factory = useAppSessionFactory();
  const [session] = useState(() => factory(spec));
  return session;
}
