import { useState } from 'react';
import type { Observation } from '../../../shared/collections/expectations';
import type { Expectation } from '../../../shared/collections/format';
import { proposeExpectations } from '../../../shared/collections/propose';
import { describeSecretArguments, withoutSecrets } from '../../../shared/collections/secretArguments';
import type { CallRecord } from '../tools/callLog';
import { collectionStore, type ItemDraft } from './collectionStore';
import { useCollection } from './useCollection';

type Unsaved = ItemDraft extends infer T ? (T extends ItemDraft ? Omit<T, 'expect'> : never) : never;

/** On a call card: the call, with what came back, to save. */
export function SaveToCollection({ record }: { record: CallRecord }) {
  const outcome = record.outcome;
  if (!outcome) return null;
  const observation: Observation =
    outcome.kind === 'result'
      ? { kind: 'result', result: outcome.result as Record<string, unknown>, durationMs: outcome.durationMs }
      : {
          kind: 'rpcError',
          ...(outcome.code === undefined ? {} : { code: outcome.code }),
          message: outcome.message,
          durationMs: outcome.durationMs,
        };
  return (
    <SaveButtons
      item={{
        kind: 'tool',
        tool: record.tool.name,
        arguments: record.args,
        ...(record.answers ? { answers: record.answers } : {}),
      }}
      inputSchema={record.tool.inputSchema}
      base={record.tool.name}
      observation={observation}
      hasOutputSchema={record.tool.outputSchema !== undefined}
    />
  );
}

/**
 * "Save to collection" keeps the request (a tool call, a prompt get, a resource read) as an item
 * expecting what it did (succeeds, isError, or its error code); "Expect this result" keeps it with
 * expectations proposed from the result shown, to edit in the Collection tab. The answers the
 * person gave the server during the call go with it; a value that looks secret (in the arguments
 * or in an answered form) is written as `${env:NAME}`, and the person is told what to set.
 */
export function SaveButtons({
  item,
  base,
  observation,
  hasOutputSchema = false,
  unmeasured = false,
  inputSchema,
}: {
  item: Unsaved;
  /** The tool's, to find the arguments it marks secret (`writeOnly`, `format: "password"`). */
  inputSchema?: unknown;
  base: string;
  observation: Observation;
  hasOutputSchema?: boolean;
  /** No latency was measured for it (a cached read). */
  unmeasured?: boolean;
}) {
  const view = useCollection();
  const [said, setSaid] = useState<string | undefined>();
  const save = async (expect: Expectation[]) => {
    const { item: kept, note } = keptForFile(item, inputSchema);
    const name = await collectionStore.addItem({ ...kept, expect } as ItemDraft, base);
    const after = collectionStore.getSnapshot();
    setSaid(
      after.error
        ? `Not saved: ${after.error}`
        : `Saved as "${name}" in ${after.path ?? 'the collection'}${note ? `. ${note}` : ''}`,
    );
  };
  const proposed = () => proposeExpectations(observation, { kind: item.kind, hasOutputSchema, unmeasured });
  return (
    <div className="save-to-collection">
      <button type="button" disabled={view.saving} onClick={() => void save(proposed().slice(0, 1))}>
        Save to collection
      </button>
      <button type="button" disabled={view.saving} onClick={() => void save(proposed())}>
        Expect this result
      </button>
      {said && (
        <span className="muted" role="status">
          {said}
        </span>
      )}
    </div>
  );
}

/** The item as the file may hold it: secrets in its arguments and answered forms as `${env:NAME}`. */
function keptForFile(item: Unsaved, inputSchema: unknown): { item: Unsaved; note: string | undefined } {
  const args =
    'arguments' in item && item.arguments ? withoutSecrets(item.arguments, inputSchema) : undefined;
  const elicitation = item.answers?.elicitation;
  const form = elicitation?.action === 'accept' ? withoutSecrets(elicitation.content, undefined) : undefined;
  const kept = {
    ...item,
    ...(args ? { arguments: args.arguments } : {}),
    ...(form && item.answers
      ? { answers: { ...item.answers, elicitation: { action: 'accept' as const, content: form.arguments } } }
      : {}),
  } as Unsaved;
  return { item: kept, note: describeSecretArguments([...(args?.secrets ?? []), ...(form?.secrets ?? [])]) };
}
