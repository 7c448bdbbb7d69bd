import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import { ToolList } from './ToolList';
import { SessionToolPanel as ToolPanel, preloadToolPanel } from '../../lazyFeatures';
import { toolsQueryOptions } from '../../session/toolsQuery';
import { ListFreshness } from '../../components/ListFreshness';
import { ListDetail, ListSection } from '../../components/pickList/ListDetail';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { useListChanges } from '../../hooks/useListChanges';
import { useRefetchWhenShownStale } from '../../hooks/useRefetchWhenShownStale';
import { onShowTool, pendingTool, takePendingTool } from '../../session/lintNavigation';
import { useLintBadges } from './useLintBadges';
import { afterFirstScreen, firstScreenOnItsWay, firstScreenShown } from '../../afterFirstScreen';
import './tools.css';

const TIMEOUT_KEY = 'mcp-inspect.callTimeoutSeconds';
/** The SDK's own default request timeout. */
const DEFAULT_TIMEOUT_SECONDS = 60;

const toolName = (tool: { name: string }): string => tool.name;

/** The tools of the connected server: the list on the left, the selected tool on the right. */
export function ToolsWorkbench({ mcp }: { mcp: McpConnection }) {
  useRefetchWhenShownStale(mcpQueryKeys.tools(mcp.generation));
  const tools = useQuery({
    ...toolsQueryOptions(mcp.client, mcp.generation),
    enabled: mcp.status === 'ready',
  });
  const changes = useListChanges(tools.data, toolName);
  // A lint finding may have asked for a tool before this tab was drawn.
  const [selected, setSelected] = useState<string | undefined>(pendingTool);
  useEffect(() => {
    takePendingTool();
    return onShowTool((name) => {
      takePendingTool();
      setSelected(name);
    });
  }, []);
  const lintBadges = useLintBadges(mcp, tools.data);
  // The list is on screen (or why there is none): what comes next (a tool's panel) loads while
  // the person reads it.
  const listShown =
    tools.data !== undefined || tools.isError || (mcp.capabilities !== undefined && !mcp.capabilities.tools);
  const listAsked = mcp.status === 'ready';
  useEffect(() => {
    if (listAsked) firstScreenOnItsWay();
  }, [listAsked]);
  useEffect(() => {
    if (!listShown) return;
    firstScreenShown();
    afterFirstScreen(preloadToolPanel);
  }, [listShown]);
  const [timeoutSeconds, setTimeoutSeconds] = useState(
    () => Number(localStorage.getItem(TIMEOUT_KEY)) || DEFAULT_TIMEOUT_SECONDS,
  );
  const tool = tools.data?.find((candidate) => candidate.name === selected);
  const mainPane = useRef<HTMLDivElement>(null);
  const shownTool = useRef(selected);
  // Another tool starts at its top, not at the scroll position the last one was left at. Not on
  // mount: the pane starts at its top, and setting scrollTop would force the first screen's
  // whole layout there and then (measured: 15–19 ms in the commit, before the page reads the
  // server's first answer).
  useLayoutEffect(() => {
    if (shownTool.current === selected) return;
    shownTool.current = selected;
    if (mainPane.current) mainPane.current.scrollTop = 0;
  }, [selected]);
  const serverName = mcp.serverInfo?.name ?? 'unknown server';

  if (mcp.capabilities && !mcp.capabilities.tools) {
    return <p className="placeholder">This server offers no tools.</p>;
  }
  return (
    <ListDetail
      detailRef={mainPane}
      placeholder="Pick a tool to run it."
      lists={
        <ListSection
          heading="Tools"
          method="tools/list"
          status={<ListFreshness queryKey={mcpQueryKeys.tools(mcp.generation)} />}
          pending={tools.isPending}
          asked={mcp.status === 'ready'}
          error={tools.error}
          removed={changes.removed.map((removed) => removed.name)}
        >
          {tools.data && (
            <ToolList
              tools={tools.data}
              selected={selected}
              onSelect={setSelected}
              changes={changes}
              lintBadges={lintBadges}
            />
          )}
        </ListSection>
      }
      detail={
        tool && (
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <ToolPanel
              key={`${mcp.generation}:${tool.name}`}
              tool={tool}
              client={mcp.client}
              serverName={serverName}
              connected={mcp.status === 'ready'}
              timeoutSeconds={timeoutSeconds}
              onTimeoutChange={(seconds) => {
                setTimeoutSeconds(seconds);
                localStorage.setItem(TIMEOUT_KEY, String(seconds));
              }}
            />
          </Suspense>
        )
      }
    />
  );
}
