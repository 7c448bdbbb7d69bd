import { useState } from 'react';
import { describeExpectation } from '../../../shared/collections/expectations';
import {
  EXPECTATION_TYPES,
  type Expectation,
  type ExpectationType,
  type PathOp,
} from '../../../shared/collections/format';

/** A new expectation of a type, with values to start from. */
function fresh(type: ExpectationType): Expectation {
  switch (type) {
    case 'rpcError':
      return { type, code: -32602 };
    case 'path':
      return { type, path: '$.structuredContent', op: 'exists' };
    case 'textContains':
      return { type, text: '' };
    case 'contentTypes':
      return { type, types: ['text'] };
    case 'latency':
      return { type, underMs: 1000 };
    case 'snapshot':
      return { type, value: {}, ignore: ['$._meta'] };
    default:
      return { type } as Expectation;
  }
}

/** A value typed in a field: JSON when it reads as JSON, else the text itself. */
function valueOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

interface Props {
  itemName: string;
  expect: Expectation[];
  saving: boolean;
  onSave: (expect: Expectation[]) => void;
}

/**
 * The expectations of one item, edited as a draft beside it: a row each (its type, its fields,
 * Remove), a type to add, and Save, which writes the file through the bridge.
 */
export function ExpectationsEditor({ itemName, expect, saving, onSave }: Props) {
  const [draft, setDraft] = useState(expect);
  const [adding, setAdding] = useState<ExpectationType>('path');
  const changed = JSON.stringify(draft) !== JSON.stringify(expect);
  const update = (index: number, next: Expectation) =>
    setDraft(draft.map((e, i) => (i === index ? next : e)));
  return (
    <div className="expectations-editor" aria-label={`Expectations of ${itemName}`} role="group">
      {draft.length === 0 && <p className="muted">No expectations: the call must succeed.</p>}
      <ol>
        {draft.map((expectation, index) => (
          <li key={index} className="expectation-row">
            <span className="expectation-type">{expectation.type}</span>
            <ExpectationFields expectation={expectation} onChange={(next) => update(index, next)} />
            <button
              type="button"
              aria-label={`Remove expectation ${index + 1} of ${itemName}`}
              onClick={() => setDraft(draft.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="expectation-actions">
        <select
          aria-label={`New expectation type for ${itemName}`}
          value={adding}
          onChange={(event) => setAdding(event.target.value as ExpectationType)}
        >
          {EXPECTATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => setDraft([...draft, fresh(adding)])}>
          Add expectation
        </button>
        <button type="button" disabled={!changed || saving} onClick={() => onSave(draft)}>
          Save expectations
        </button>
        {changed && <span className="muted">not saved</span>}
      </div>
    </div>
  );
}

function ExpectationFields({
  expectation,
  onChange,
}: {
  expectation: Expectation;
  onChange: (next: Expectation) => void;
}) {
  const label = describeExpectation(expectation);
  switch (expectation.type) {
    case 'rpcError':
      return (
        <input
          aria-label={`${label}: code`}
          type="number"
          value={expectation.code ?? ''}
          placeholder="any code"
          onChange={(event) =>
            onChange(
              event.target.value === ''
                ? { type: 'rpcError' }
                : { type: 'rpcError', code: Number(event.target.value) },
            )
          }
        />
      );
    case 'path':
      return (
        <>
          <input
            aria-label="JSON path"
            value={expectation.path}
            onChange={(event) => onChange({ ...expectation, path: event.target.value })}
          />
          <select
            aria-label="Operator"
            value={expectation.op}
            onChange={(event) => {
              const op = event.target.value as PathOp;
              const { value: _value, ...rest } = expectation;
              onChange(op === 'exists' ? { ...rest, op } : { ...rest, op, value: expectation.value ?? '' });
            }}
          >
            {(['equals', 'contains', 'matches', 'exists'] as const).map((op) => (
              <option key={op}>{op}</option>
            ))}
          </select>
          {expectation.op !== 'exists' && (
            <input
              aria-label="Value"
              value={
                expectation.op === 'matches'
                  ? String(expectation.value ?? '')
                  : JSON.stringify(expectation.value ?? '')
              }
              onChange={(event) =>
                onChange({
                  ...expectation,
                  value: expectation.op === 'matches' ? event.target.value : valueOf(event.target.value),
                })
              }
            />
          )}
        </>
      );
    case 'textContains':
      return (
        <input
          aria-label="Text"
          value={expectation.text}
          onChange={(event) => onChange({ ...expectation, text: event.target.value })}
        />
      );
    case 'contentTypes':
      return (
        <input
          aria-label="Content types"
          value={expectation.types.join(', ')}
          onChange={(event) => onChange({ ...expectation, types: list(event.target.value) })}
        />
      );
    case 'latency':
      return (
        <input
          aria-label="Under (ms)"
          type="number"
          value={expectation.underMs}
          onChange={(event) => onChange({ ...expectation, underMs: Number(event.target.value) })}
        />
      );
    case 'snapshot':
      return (
        <input
          aria-label="Ignored paths"
          value={(expectation.ignore ?? []).join(', ')}
          onChange={(event) => onChange({ ...expectation, ignore: list(event.target.value) })}
        />
      );
    default:
      return <span className="muted">{label}</span>;
  }
}
