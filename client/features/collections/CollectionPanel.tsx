import { Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import { nameProblem } from '../../../shared/collections/editing';
import { toolsQueryOptions } from '../../session/toolsQuery';
import { ItemEditor } from './ItemEditor';
import type { CollectionItem } from '../../../shared/collections/format';
import type { ItemRun } from '../../../shared/collections/runner';
import { collectionStore, type EnvQuestion } from './collectionStore';
import { ExpectationsEditor } from './ExpectationsEditor';
import { useCollection } from './useCollection';
import { useInspector } from '../../session/inspectorContext';
import { EvalsSection } from '../../lazyFeatures';
import './collections.css';

/**
 * The collection file the CLI was started with (`--collection`): its path, its items with their
 * expectations (edited here, saved to the file at once), Run all or one, and each expectation's
 * verdict with expected against actual; then its evals (EvalsSection). `mcp-inspect test` runs
 * the same file in CI.
 */
export function CollectionPanel({ mcp }: { mcp: McpConnection | undefined }) {
  const view = useCollection();
  const { answers } = useInspector();
  const ready = mcp?.status === 'ready';
  const { items } = view.collection;
  // The tools' inputSchemas, to check arguments as they are edited (the Tools tab's cached list).
  const tools = useQuery({
    ...toolsQueryOptions(mcp?.client as NonNullable<typeof mcp>['client'], mcp?.generation ?? -1),
    enabled: ready && items.some((item) => item.kind === 'tool'),
  });
  return (
    <div className="collection-panel">
      <header className="collection-header">
        <h2>Collection</h2>
        <code aria-label="Collection file">{view.path ?? '…'}</code>
        {view.status === 'ready' && !view.exists && <span className="muted">created on the first save</span>}
        <span className="spacer" />
        <button
          type="button"
          disabled={!ready || view.running || items.length === 0}
          onClick={() => mcp && void collectionStore.run(mcp.client, undefined, answers)}
        >
          Run all
        </button>
      </header>
      {view.envQuestion && (
        <EnvQuestionView question={view.envQuestion} file={view.path ?? 'the collection'} />
      )}
      {view.error && (
        <p className="notice" role="alert">
          {view.error}
        </p>
      )}
      {view.status === 'ready' && items.length === 0 && (
        <p className="placeholder">
          No saved calls yet: run a tool, then “Save to collection” or “Expect this result” on its card.
        </p>
      )}
      <Summary runs={items.map((item) => view.runs[item.name])} />
      {items.map((item, index) => (
        <ItemView
          key={item.name}
          item={item}
          editor={
            <ItemEditor
              key={`${item.name}\n${JSON.stringify('arguments' in item ? item.arguments : null)}`}
              item={item}
              earlier={items.slice(0, index)}
              runs={view.runs}
              inputSchema={
                item.kind === 'tool'
                  ? tools.data?.find((tool) => tool.name === item.tool)?.inputSchema
                  : undefined
              }
              nameProblem={(name) => nameProblem(view.collection, item.name, name)}
              saving={view.saving}
              onSave={(edit) => void collectionStore.editItem(item.name, edit)}
            />
          }
          run={view.runs[item.name]}
          saving={view.saving}
          canRun={ready && !view.running}
          onRun={() => mcp && void collectionStore.run(mcp.client, item.name, answers)}
        />
      ))}
      {view.status === 'ready' && (
        <Suspense fallback={<p className="placeholder">Loading the evals…</p>}>
          <EvalsSection mcp={mcp} evals={view.collection.evals ?? []} saving={view.saving} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * A run asks before it takes values from mcp-inspect's environment: the names come from the file
 * (or from a server's words, when a secret argument was saved), so the person says which server
 * gets them. The bridge remembers a yes for this file and server until it exits.
 */
function EnvQuestionView({ question, file }: { question: EnvQuestion; file: string }) {
  const one = question.names.length === 1;
  return (
    <section className="env-question" role="alertdialog" aria-label="Give environment values?">
      <p>
        The items of <code>{file}</code> use {one ? 'the variable' : 'the variables'}{' '}
        {question.names.map((name, index) => (
          <span key={name}>
            {index > 0 && ', '}
            <code>{name}</code>
          </span>
        ))}
        . The run would send {one ? 'its value' : 'their values'}, from the environment mcp-inspect was
        started in, to {question.server}.
      </p>
      <p className="muted">
        Give {one ? 'it' : 'them'} only if you trust this server with {one ? 'it' : 'them'}: the names come
        from the file, not from you. mcp-inspect remembers a yes for this file and server until it exits.
      </p>
      <div className="env-question-actions">
        <button type="button" onClick={() => collectionStore.answerEnv(true)}>
          Give to this server
        </button>
        <button type="button" onClick={() => collectionStore.answerEnv(false)}>
          Don't give
        </button>
      </div>
    </section>
  );
}

function Summary({ runs }: { runs: (ItemRun | 'running' | undefined)[] }) {
  const done = runs.filter((run): run is ItemRun => typeof run === 'object');
  if (done.length === 0) return null;
  const passed = done.filter((run) => run.status === 'passed').length;
  return (
    <p className="collection-summary" role="status" aria-label="Run summary">
      {passed} passed, {done.length - passed} failed
    </p>
  );
}

function ItemView({
  item,
  editor,
  run,
  saving,
  canRun,
  onRun,
}: {
  item: CollectionItem;
  editor: ReactNode;
  run: ItemRun | 'running' | undefined;
  saving: boolean;
  canRun: boolean;
  onRun: () => void;
}) {
  const subject = item.kind === 'tool' ? item.tool : item.kind === 'prompt' ? item.prompt : item.uri;
  const status = run === 'running' ? 'running' : run?.status;
  return (
    <section className={`collection-item ${status ?? ''}`} aria-label={`Item ${item.name}`}>
      <header>
        <strong>{item.name}</strong>
        <span className="muted">
          {item.kind} {subject}
        </span>
        {status && (
          <span className={`item-status ${status}`} role="status" aria-label={`Status of ${item.name}`}>
            {status}
          </span>
        )}
        <span className="spacer" />
        <button type="button" disabled={!canRun} onClick={onRun} aria-label={`Run ${item.name}`}>
          Run
        </button>
        <button
          type="button"
          disabled={saving}
          onClick={() => void collectionStore.removeItem(item.name)}
          aria-label={`Remove ${item.name}`}
        >
          Remove
        </button>
      </header>
      <details>
        <summary>{item.kind === 'resource' ? 'Name' : 'Name and arguments'}</summary>
        {editor}
      </details>
      <ExpectationsEditor
        key={JSON.stringify(item.expect)}
        itemName={item.name}
        expect={item.expect}
        saving={saving}
        onSave={(expect) => void collectionStore.setExpectations(item.name, expect)}
      />
      {typeof run === 'object' && <RunView run={run} />}
    </section>
  );
}

function RunView({ run }: { run: ItemRun }) {
  return (
    <div className="item-run" aria-label={`Result of ${run.name}`}>
      {run.reason && <p className="notice">{run.reason}</p>}
      <ul>
        {run.expectations.map((verdict, index) => (
          <li key={index} className={verdict.pass ? 'pass' : 'fail'}>
            <span aria-hidden="true">{verdict.pass ? '✓' : '✗'}</span> {verdict.label}
            {!verdict.pass && (
              <div className="verdict-detail">
                <div>
                  expected: <code>{verdict.expected}</code>
                </div>
                <div>
                  actual: <code>{verdict.actual}</code>
                </div>
                {verdict.diff && <pre className="snapshot-diff">{verdict.diff.join('\n')}</pre>}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
