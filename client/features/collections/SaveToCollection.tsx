import { useState } from 'react';
import type { Observation } from '../../../shared/collections/expectations';
import type { Expectation } from '../../../shared/collections/format';
import { proposeExpectations } from '../../../shared/collections/propose';
import type { CallRecord } from '../tools/callLog';
import { collectionStore } from './collectionStore';
import { useCollection } from './useCollection';

/**
 * On a call card: "Save to collection" keeps the call (tool, arguments) as an item that must
 * succeed (or fail as it did); "Expect this result" keeps it with expectations proposed from the
 * result on the card, to edit in the Collection tab.
 */
export function SaveToCollection({ record }: { record: CallRecord }) {
  const view = useCollection();
  const [said, setSaid] = useState<string | undefined>();
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
  const save = async (expect: Expectation[]) => {
    const name = await collectionStore.addItem(
      { kind: 'tool', tool: record.tool.name, arguments: record.args, expect },
      record.tool.name,
    );
    const after = collectionStore.getSnapshot();
    setSaid(
      after.error ? `Not saved: ${after.error}` : `Saved as "${name}" in ${after.path ?? 'the collection'}`,
    );
  };
  const proposed = () =>
    proposeExpectations(observation, {
      kind: 'tool',
      hasOutputSchema: record.tool.outputSchema !== undefined,
    });
  const outcomeOnly = () => proposed().slice(0, 1);
  return (
    <div className="save-to-collection">
      <button type="button" disabled={view.saving} onClick={() => void save(outcomeOnly())}>
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
