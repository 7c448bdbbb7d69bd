import { useId, useState } from 'react';
import { describeExpectation, type Observation } from '../../../shared/collections/expectations';
import type { Expectation } from '../../../shared/collections/format';
import { proposeExpectations } from '../../../shared/collections/propose';
import { proposeResult } from '../../../shared/collections/proposeResult';
import { describeSecretArguments, withoutSecrets } from '../../../shared/collections/secretArguments';
import type { CallRecord } from '../../session/callLog';
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
      cardKey={`call:${record.id}`}
      observation={observation}
      hasOutputSchema={record.tool.outputSchema !== undefined}
    />
  );
}

/** The item each card was saved as, by card: one item per call, whichever button made it. */
const savedByCard = new Map<string, string>();

/**
 * "Save to collection" keeps the request (a tool call, a prompt get, a resource read) as an item
 * expecting what it did (succeeds, isError, or its error code); "Expect this result" expects the
 * result as it is (a snapshot, ids and times ignored) and offers the looser checks to add. Both
 * write to the one item the card was saved as, made by whichever came first. The answers the
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
  cardKey,
}: {
  item: Unsaved;
  /** The tool's, to find the arguments it marks secret (`writeOnly`, `format: "password"`). */
  inputSchema?: unknown;
  base: string;
  observation: Observation;
  hasOutputSchema?: boolean;
  /** No latency was measured for it (a cached read). */
  unmeasured?: boolean;
  /** Names the card, so that its two buttons and a re-render find the item it was saved as. */
  cardKey?: string;
}) {
  const view = useCollection();
  const ownKey = useId();
  const key = cardKey ?? ownKey;
  const [said, setSaid] = useState<string | undefined>();
  const [options, setOptions] = useState<Expectation[]>([]);
  const savedAs = (): string | undefined => {
    const name = savedByCard.get(key);
    return name !== undefined && collectionStore.getSnapshot().collection.items.some((i) => i.name === name)
      ? name
      : undefined;
  };
  const report = (message: string, note?: string) => {
    const after = collectionStore.getSnapshot();
    setSaid(
      after.error
        ? `Not saved: ${after.error}`
        : `${message} in ${after.path ?? 'the collection'}${note ? `. ${note}` : ''}`,
    );
  };
  /** The card's item, with these expectations: the one it was saved as, or a new one. */
  const keep = async (expect: Expectation[], replace: boolean): Promise<string> => {
    const existing = savedAs();
    if (existing !== undefined) {
      if (replace) await collectionStore.setExpectations(existing, expect);
      report(replace ? `Expectations of "${existing}" set` : `Already saved as "${existing}"`);
      return existing;
    }
    const { item: kept, note } = keptForFile(item, inputSchema);
    const name = await collectionStore.addItem({ ...kept, expect } as ItemDraft, base);
    savedByCard.set(key, name);
    report(`Saved as "${name}"`, note);
    return name;
  };
  const proposeOptions = { kind: item.kind, hasOutputSchema, unmeasured };
  const saveCall = () => void keep(proposeExpectations(observation, proposeOptions).slice(0, 1), false);
  const expectResult = async () => {
    const proposal = proposeResult(observation, proposeOptions);
    await keep(proposal.expect, true);
    setOptions(proposal.options);
  };
  const addOption = async (option: Expectation) => {
    const name = savedAs();
    if (name === undefined) return;
    const current = collectionStore.getSnapshot().collection.items.find((i) => i.name === name)?.expect ?? [];
    await collectionStore.setExpectations(name, [...current, option]);
    setOptions((left) => left.filter((candidate) => candidate !== option));
    report(`Added to "${name}": ${describeExpectation(option)}`);
  };
  return (
    <div className="save-to-collection">
      <button type="button" disabled={view.saving} onClick={saveCall}>
        Save to collection
      </button>
      <button type="button" disabled={view.saving} onClick={() => void expectResult()}>
        Expect this result
      </button>
      {said && (
        <span className="muted" role="status">
          {said}
        </span>
      )}
      {options.length > 0 && (
        <div className="expect-options" role="group" aria-label="Looser checks">
          <span className="muted">Also, or instead, check:</span>
          {options.map((option, index) => (
            <button
              key={index}
              type="button"
              className="small"
              disabled={view.saving}
              onClick={() => void addOption(option)}
            >
              + {describeExpectation(option)}
            </button>
          ))}
        </div>
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
