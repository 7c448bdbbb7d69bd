import { useMemo, useState } from 'react';
import type { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { Tabs } from '../../components/Tabs';
import { JsonTree } from '../../components/JsonTree';
import { ContentBlockView } from './ContentBlockView';
import { formatDuration } from '../../components/format';
import { checkStructuredContent } from './outputSchemaCheck';
import { RawJsonView } from '../../components/RawJsonView';
import { RpcErrorView } from './RpcErrorView';
import { jsonRpcErrorName } from './rpcErrors';
import { StructuredContentView } from './StructuredContentView';
import type { CallOutcome } from '../../../shared/core';
import './results.css';

/** A completed call: the result the server returned, or the JSON-RPC error it answered with. */
export type { CallOutcome };

/**
 * One call's outcome. A tool error (`isError`) is the tool saying it failed; a JSON-RPC
 * error is the protocol refusing the call: they are shown apart.
 */
export interface CallResultViewProps {
  outcome: CallOutcome;
  /** The tool called: its outputSchema checks structuredContent. */
  tool: Tool;
  /** For follow-up requests a result invites, such as reading a resource_link. */
  client: Client | undefined;
}

type ResultTab = 'content' | 'raw' | 'meta';

// Each outcome gets its own views: state such as a zoom or an unfolded text must not carry
// over from one call's result to the next one's.
const outcomeIds = new WeakMap<CallOutcome, number>();
let nextOutcomeId = 0;
function outcomeKey(outcome: CallOutcome): number {
  let id = outcomeIds.get(outcome);
  if (id === undefined) {
    id = nextOutcomeId++;
    outcomeIds.set(outcome, id);
  }
  return id;
}

export function CallResultView(props: CallResultViewProps) {
  return <OutcomeView key={outcomeKey(props.outcome)} {...props} />;
}

function OutcomeView({ outcome, tool, client }: CallResultViewProps) {
  const [tab, setTab] = useState<ResultTab>('content');
  if (outcome.kind === 'error') {
    const name = outcome.code === undefined ? undefined : jsonRpcErrorName(outcome.code);
    return (
      <section className="result rpc-error" aria-label="Result">
        <h3>
          {outcome.code === undefined ? 'Request failed' : `JSON-RPC error ${outcome.code}`}
          {name && <span className="muted"> {name}</span>}
          <Duration ms={outcome.durationMs} />
        </h3>
        <Tabs<ResultTab>
          label="Result views"
          active={tab === 'meta' ? 'content' : tab}
          onChange={setTab}
          tabs={[
            {
              key: 'content',
              label: 'Error',
              content: () => (
                <RpcErrorView code={outcome.code} message={outcome.message} data={outcome.data} />
              ),
            },
            {
              key: 'raw',
              label: 'Raw JSON',
              content: () => (
                <RawJsonView
                  value={{ code: outcome.code, message: outcome.message, data: outcome.data }}
                  label="Raw error JSON"
                />
              ),
            },
          ]}
        />
      </section>
    );
  }
  return (
    <ResultView
      result={outcome.result}
      durationMs={outcome.durationMs}
      tool={tool}
      client={client}
      tab={tab}
      onTab={setTab}
    />
  );
}

interface ResultViewProps {
  result: CallToolResult;
  durationMs: number;
  tool: Tool;
  client: Client | undefined;
  tab: ResultTab;
  onTab: (tab: ResultTab) => void;
}

function ResultView({ result, durationMs, tool, client, tab, onTab }: ResultViewProps) {
  const check = useMemo(
    () =>
      checkStructuredContent({
        outputSchema: tool.outputSchema,
        structuredContent: result.structuredContent,
        isError: result.isError,
      }),
    [tool.outputSchema, result.structuredContent, result.isError],
  );
  const blocks = result.content.length;
  return (
    <section className={`result${result.isError ? ' tool-error' : ''}`} aria-label="Result">
      <h3>
        {result.isError ? 'Tool error' : 'Result'}
        <span className="muted">
          {' '}
          {blocks} {blocks === 1 ? 'block' : 'blocks'}
          {result.structuredContent !== undefined && ' + structuredContent'}
        </span>
        <Duration ms={durationMs} />
      </h3>
      {result.isError && (
        <p className="tool-error-note">
          The tool ran and reported a failure (<code>isError: true</code>); its content says why.
        </p>
      )}
      <Tabs<ResultTab>
        label="Result views"
        active={tab}
        onChange={onTab}
        tabs={[
          {
            key: 'content',
            label: 'Content',
            content: () => (
              <>
                {blocks === 0 && <p className="muted">No content blocks.</p>}
                {result.content.map((block, index) => (
                  <ContentBlockView key={index} block={block} client={client} />
                ))}
                <StructuredContentView
                  structuredContent={result.structuredContent}
                  outputSchema={tool.outputSchema}
                  check={check}
                />
              </>
            ),
          },
          {
            key: 'raw',
            label: 'Raw JSON',
            content: () => <RawJsonView value={result} label="Raw result JSON" />,
          },
          {
            key: 'meta',
            label: '_meta',
            content: () =>
              result._meta === undefined ? (
                <p className="muted">This result has no _meta.</p>
              ) : (
                <JsonTree value={result._meta} label="Result _meta" expandDepth={2} />
              ),
          },
        ]}
      />
    </section>
  );
}

function Duration({ ms }: { ms: number }) {
  return (
    <span className="duration" title="From sending the request to its response, measured in the page">
      {formatDuration(ms)}
    </span>
  );
}
