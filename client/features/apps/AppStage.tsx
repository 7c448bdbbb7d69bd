import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Client, Tool } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../bridge/inspectorSession';
import { useInspectorSnapshot } from '../../session/inspectorContext';
import type { AppSession } from './appSession';
import { AppView } from './AppView';
import { appViews, stageKey } from './appViews';
import { partialArguments } from './partialJson';
import { toolApp } from '../../session/toolApp';
import { useAppSessionFactory } from './useAppSession';

/** What the stage reads of the tool panel's arguments: the form's value, or the JSON being typed. */
export interface StagedArguments {
  mode: 'form' | 'json';
  jsonText: string;
  value: Record<string, unknown>;
}

interface StageProps {
  tool: Tool;
  client: Client;
  args: StagedArguments;
}

/**
 * The app opened before its tool runs, as a host shows it while a model is still writing the
 * arguments: "Stage partial input" sends what the form holds now (tool-input-partial), and the
 * next Run makes it that call's view (tool-input, then the result). Returns the element for the
 * tool panel and the function its Run calls with the new call's id.
 */
export function useAppStage({ tool, client, args }: StageProps): {
  element: ReactNode;
  bindCall: (id: number) => void;
} {
  const mcp = useInspectorSnapshot().mcp;
  const app = toolApp(tool);
  const [opened, setOpened] = useState<AppSession | undefined>(() =>
    mcp ? appViews.staged(mcp.generation, tool.name) : undefined,
  );
  if (!mcp || !app || 'problem' in app) return { element: null, bindCall: () => undefined };
  const bindCall = (id: number): void => {
    appViews.bind(mcp.generation, tool.name, id);
  };
  const element = (
    <div className="app-stage-area">
      {opened ? (
        <StagedApp
          session={opened}
          tool={tool}
          client={client}
          mcp={mcp}
          args={args}
          onOpenNew={() => {
            opened.release();
            setOpened(undefined);
          }}
        />
      ) : (
        <OpenStage uri={app.uri} tool={tool} mcp={mcp} onOpen={setOpened} />
      )}
    </div>
  );
  return { element, bindCall };
}

function OpenStage({
  uri,
  tool,
  mcp,
  onOpen,
}: {
  uri: string;
  tool: Tool;
  mcp: McpConnection;
  onOpen: (session: AppSession) => void;
}) {
  const open = useAppSessionFactory();
  return (
    <p className="app-stage-open">
      <button
        type="button"
        onClick={() =>
          onOpen(
            open({
              key: stageKey(mcp.generation, tool.name),
              view: `before a call · ${tool.name}`,
              uri,
              tool,
              mcp,
            }),
          )
        }
      >
        Open the app before running
      </button>
      <span className="muted"> to send it partial input while you edit the arguments</span>
    </p>
  );
}

function StagedApp({
  session,
  tool,
  client,
  mcp,
  args,
  onOpenNew,
}: {
  session: AppSession;
  tool: Tool;
  client: Client;
  mcp: McpConnection;
  args: StagedArguments;
  onOpenNew: () => void;
}) {
  const { shownForCall } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const [staged, setStaged] = useState<string | undefined>();
  // Leaving (another tool picked): a call this view was showing is shown on its own card again.
  useEffect(() => () => session.release(), [session]);
  const stage = (): void => {
    const value = args.mode === 'json' ? partialArguments(args.jsonText) : args.value;
    if (!value) {
      setStaged('Nothing object-shaped in the JSON yet.');
      return;
    }
    session.stagePartialInput(value);
    setStaged(
      `Sent ${Object.keys(value).length} argument${Object.keys(value).length === 1 ? '' : 's'} as partial input.`,
    );
  };
  return (
    <>
      <div className="app-stage-bar">
        {shownForCall === undefined ? (
          <>
            <button type="button" onClick={stage} title="ui/notifications/tool-input-partial">
              Stage partial input
            </button>
            <span className="muted" role="status">
              {staged ?? 'The next Run sends this app its input and result.'}
            </span>
          </>
        ) : (
          <>
            <span className="muted">Showing call #{shownForCall}.</span>
            <button type="button" onClick={onOpenNew}>
              Open a new app before the next run
            </button>
          </>
        )}
      </div>
      <AppView session={session} tool={tool} client={client} generation={mcp.generation} />
    </>
  );
}
