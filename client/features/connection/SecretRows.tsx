import { useState } from 'react';
import type { SecretRow } from './targetDraft';

interface SecretRowsProps {
  /** Names the group for assistive technology, e.g. "Environment variables". */
  label: string;
  rows: SecretRow[];
  onChange: (rows: SecretRow[]) => void;
  namePlaceholder: string;
  /** What one row is, for the add button: "variable", "header". */
  itemName: string;
  /** Set when the form names another server than the one kept values belong to. */
  keptOnlyFor?: string | undefined;
}

/** Name/value pairs whose values are secrets: masked unless revealed, one row at a time. */
export function SecretRows({
  label,
  rows,
  onChange,
  namePlaceholder,
  itemName,
  keptOnlyFor,
}: SecretRowsProps) {
  const [revealed, setRevealed] = useState<number | undefined>();
  const update = (index: number, patch: Partial<SecretRow>): void =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="secret-rows">
      <legend>{label}</legend>
      {rows.map((row, index) => (
        <div className="secret-row" key={index}>
          <input
            aria-label={`${label}: name ${index + 1}`}
            placeholder={namePlaceholder}
            value={row.name}
            spellCheck={false}
            onChange={(event) => update(index, { name: event.target.value })}
          />
          <input
            aria-label={`${label}: value of ${row.name || `row ${index + 1}`}`}
            type={revealed === index ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            placeholder={
              !row.kept
                ? 'value'
                : keptOnlyFor === undefined
                  ? 'kept by mcp-inspect (type to replace)'
                  : `enter again: kept only for ${keptOnlyFor}`
            }
            aria-invalid={row.kept && row.value === '' && keptOnlyFor !== undefined}
            value={row.value}
            onChange={(event) => update(index, { value: event.target.value })}
          />
          <button
            type="button"
            // Several rows each have one: the name says whose value it shows.
            aria-label={`${revealed === index ? 'Hide' : 'Show'} the value of ${row.name || `row ${index + 1}`}`}
            onClick={() => setRevealed(revealed === index ? undefined : index)}
          >
            {revealed === index ? 'Hide' : 'Show'}
          </button>
          <button
            type="button"
            aria-label={`Remove ${row.name || `row ${index + 1}`}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            ✕
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { name: '', value: '', kept: false }])}>
        Add {itemName}
      </button>
    </fieldset>
  );
}
