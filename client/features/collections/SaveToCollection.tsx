import { useState } from 'react';
import type { Observation } from '../../../shared/collections/expectations';
import type { Expectation } from '../../../shared/collections/format';
import { proposeExpectations } from '../../../shared/collections/propose';
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
      item={{ kind: 'tool', tool: record.tool.name, arguments: record.args }}
      base={record.tool.name}
      observation={observation}
      hasOutputSchema={record.tool.outputSchema !== undefined}
    />
  );
}

/**
 * "Save to collection" keeps the request (a tool call, a prompt get, a resource read) as an item
 * expecting what it did (succeeds, isError, or its error code); "Expect this result" keeps it with
 * expectations proposed from the result shown, to edit in the Collection tab.
 */
export function SaveButtons({
  item,
  base,
  observation,
  hasOutputSchema = false,
  unmeasured = false,
}: {
  item: Unsaved;
  base: string;
  observation: Observation;
  hasOutputSchema?: boolean;
  /** No latency was measured for it (a cached read). */
  unmeasured?: boolean;
}) {
  const view = useCollection();
  const [said, setSaid] = useState<string | undefined>();
  const save = async (expect: Expectation[]) => {
    const name = await collectionStore.addItem({ ...item, expect } as ItemDraft, base);
    const after = collectionStore.getSnapshot();
    setSaid(
      after.error ? `Not saved: ${after.error}` : `Saved as "${name}" in ${after.path ?? 'the collection'}`,
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
