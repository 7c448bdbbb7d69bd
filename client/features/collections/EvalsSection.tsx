import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import type { InspectorSession, McpConnection } from '../../bridge/inspectorSession';
import { ConfirmRunDialog } from '../../components/ConfirmRunDialog';
import { skipConfirmation } from '../../session/confirmationMemory';
import { useInspector } from '../../session/inspectorContext';
import { callLogOf } from '../../session/sessionCallLog';
import { destructiveness } from '../../session/toolHints';
import { toolsQueryOptions } from '../../session/toolsQuery';
import type { EvalItem } from '../../../shared/collections/evalFormat';
import { DEFAULT_EVAL_MAX_STEPS } from '../../../shared/collections/evalFormat';
import { evalExpectationLabel } from '../../../shared/models/evalRunner';
import { pageChatDeps } from '../playground/chatDeps';
import { bridgeModelStepper } from '../playground/modelBridge';
import { modelStateQueryOptions } from '../playground/modelStateQuery';
import { ModelSettingsForm } from '../playground/ModelSettingsForm';
import { collectionStore } from './collectionStore';
import { EvalEditor } from './EvalEditor';
import { EvalSession, type EvalRunState, type EvalSessionState } from './evalSession';
import { EvalRunView } from './EvalRunView';
import '../playground/playground.css';
import './evals.css';

/** The tools workbench's call timeout, which an eval's calls share (as the Playground's do). */
const TIMEOUT_KEY = 'mcp-inspect.callTimeoutSeconds';

/** One eval session per connection: its last runs outlive the tab being hidden. */
const sessions = new WeakMap<Client, EvalSession>();

function evalSessionFor(client: Client, inspector: InspectorSession, serverName: string): EvalSession {
  let session = sessions.get(client);
  if (!session) {
    session = new EvalSession({
      ...pageChatDeps({
        calls: callLogOf(inspector),
        client,
        serverName,
        timeoutMs: (Number(localStorage.getItem(TIMEOUT_KEY)) || 60) * 1000,
        step: bridgeModelStepper(),
      }),
      trafficEnd: () => inspector.traffic.end,
    });
    sessions.set(client, session);
  }
  return session;
}

/**
 * The collection's evals, beside its items: each listed (prompt, expectations, runs, threshold),
 * written and edited here and saved to the same file, and run from the page K times through the
 * bridge's model against the connected server, as the Playground asks it and with its call path
 * and approval rules.
 */
export function EvalsSection({
  mcp,
  evals,
  saving,
}: {
  mcp: McpConnection | undefined;
  evals: readonly EvalItem[];
  saving: boolean;
}) {
  const inspector = useInspector();
  const ready = mcp?.status === 'ready';
  const model = useQuery(modelStateQueryOptions);
  const tools = useQuery({
    ...toolsQueryOptions(mcp?.client as NonNullable<typeof mcp>['client'], mcp?.generation ?? -1),
    enabled: ready,
  });
  const serverName = mcp?.serverInfo?.name ?? 'unknown server';
  const session = mcp ? evalSessionFor(mcp.client, inspector, serverName) : undefined;
  const state = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getSnapshot ?? noSnapshot,
  );
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | undefined>();
  const settings = model.data?.settings ?? null;
  const toolNames = (tools.data ?? []).map((tool) => tool.name);
  const canRun = ready && settings !== null && tools.data !== undefined && state.running === undefined;

  const run = (item: EvalItem): void => {
    if (!session || !settings || !tools.data) return;
    void session.run(item, { provider: settings.kind, model: settings.model, serverTools: tools.data });
  };

  return (
    <section className="evals" aria-label="Evals">
      <header className="collection-header">
        <h3>Evals</h3>
        <span className="muted">a prompt given to your model with the server's tools, run K times</span>
        <span className="spacer" />
        <button type="button" disabled={adding} onClick={() => setAdding(true)}>
          New eval
        </button>
      </header>
      {model.isSuccess && settings === null && (
        <div className="eval-no-model" role="note" aria-label="No model">
          <p className="notice">
            <strong>No model is set</strong>, so evals cannot run: they give the prompt to a model through
            mcp-inspect's bridge, and the bridge has no provider yet. Set one here (the same setting as the
            Playground tab's; the key is held by the bridge, never written to the collection):
          </p>
          <ModelSettingsForm />
        </div>
      )}
      {settings !== null && (
        <p className="muted" aria-label="Eval model">
          Runs with {settings.kind} · {settings.model} (set in the Playground tab).
        </p>
      )}
      {adding && (
        <EvalEditor
          others={evals}
          toolNames={toolNames}
          saving={saving}
          onCancel={() => setAdding(false)}
          onSave={(item) => {
            setAdding(false);
            void collectionStore.saveEval(undefined, item);
          }}
        />
      )}
      {evals.length === 0 && !adding && (
        <p className="placeholder">
          No evals yet: “New eval” writes one (a prompt, what the model should do with the tools).
        </p>
      )}
      {evals.map((item) => (
        <EvalView
          key={item.name}
          item={item}
          run={state.runs[item.name]}
          running={state.running === item.name}
          canRun={canRun}
          saving={saving}
          client={mcp?.client}
          onRun={() => run(item)}
          onStop={() => session?.cancel()}
          editor={
            editing === item.name ? (
              <EvalEditor
                item={item}
                others={evals.filter((other) => other.name !== item.name)}
                toolNames={toolNames}
                saving={saving}
                onCancel={() => setEditing(undefined)}
                onSave={(edited) => {
                  setEditing(undefined);
                  void collectionStore.saveEval(item.name, edited);
                }}
              />
            ) : undefined
          }
          onEdit={() => setEditing(editing === item.name ? undefined : item.name)}
        />
      ))}
      {state.approval && session && (
        <ConfirmRunDialog
          toolName={state.approval.tool.name}
          asker={`The model (eval "${state.approval.evalName}")`}
          reason={destructiveness(state.approval.tool) ?? 'default'}
          onCancel={() => session.answerApproval(false)}
          onConfirm={(dontAskAgain) => {
            if (dontAskAgain && state.approval)
              skipConfirmation(serverName, state.approval.tool.name, dontAskAgain);
            session.answerApproval(true);
          }}
        />
      )}
    </section>
  );
}

const noSubscription = (): (() => void) => () => undefined;
const EMPTY_STATE: EvalSessionState = { runs: {} };
const noSnapshot = (): EvalSessionState => EMPTY_STATE;

const percent = (share: number): string => `${Math.round(share * 100)}%`;

function EvalView({
  item,
  run,
  running,
  canRun,
  saving,
  client,
  editor,
  onRun,
  onStop,
  onEdit,
}: {
  item: EvalItem;
  run: EvalRunState | undefined;
  running: boolean;
  canRun: boolean;
  saving: boolean;
  client: Client | undefined;
  editor: ReactNode;
  onRun: () => void;
  onStop: () => void;
  onEdit: () => void;
}) {
  const runs = item.runs ?? 1;
  const status = run?.status;
  return (
    <section className={`collection-item eval-item ${status ?? ''}`} aria-label={`Eval ${item.name}`}>
      <header>
        <strong>{item.name}</strong>
        <span className="muted">eval</span>
        {status && (
          <span className={`item-status ${status}`} role="status" aria-label={`Status of eval ${item.name}`}>
            {status}
          </span>
        )}
        <span className="spacer" />
        {running ? (
          <button type="button" onClick={onStop} aria-label={`Stop eval ${item.name}`}>
            Stop
          </button>
        ) : (
          <button type="button" disabled={!canRun} onClick={onRun} aria-label={`Run eval ${item.name}`}>
            Run {runs}×
          </button>
        )}
        <button type="button" disabled={running} onClick={onEdit} aria-label={`Edit eval ${item.name}`}>
          Edit
        </button>
        <button
          type="button"
          disabled={saving || running}
          onClick={() => void collectionStore.removeEval(item.name)}
          aria-label={`Remove eval ${item.name}`}
        >
          Remove
        </button>
      </header>
      <p className="eval-prompt" aria-label={`Prompt of ${item.name}`}>
        {item.prompt}
      </p>
      {item.system && <p className="muted">System: {item.system}</p>}
      <p className="muted" aria-label={`Settings of ${item.name}`}>
        runs {runs} · threshold {percent(item.threshold ?? 1)} · at most{' '}
        {item.maxSteps ?? DEFAULT_EVAL_MAX_STEPS} model requests a run · destructive tools:{' '}
        {item.destructiveTools === 'allow'
          ? 'allowed'
          : item.destructiveTools === 'refuse'
            ? 'refused'
            : 'asked for'}
        {item.tools ? ` · tools given: ${item.tools.join(', ')}` : ''}
      </p>
      <ul className="eval-expect" aria-label={`Expectations of eval ${item.name}`}>
        {item.expect.length === 0 && <li className="muted">no expectations: answering is enough</li>}
        {item.expect.map((expectation, index) => (
          <li key={index}>{evalExpectationLabel(expectation)}</li>
        ))}
      </ul>
      {editor}
      {run && <EvalRunView run={run} client={client} />}
    </section>
  );
}
