import { useState } from 'react';
import type { Surface } from '../../../shared/core/surface';
import type { SurfaceChange } from '../../../shared/surfaceDiff/changes';
import { alignSurfaces, type AlignedRow } from '../../../shared/surfaceDiff/sideBySide';

/**
 * The two surfaces of a comparison as two columns, the compared-with side on the left and this
 * server on the right, each item beside its counterpart: removed items red on the left, added
 * ones green on the right, changed fields listed in place with their old and new values, breaking
 * ones labelled. "Only changes" hides the rows that are the same.
 */
export function SurfaceSideBySide({
  label,
  before,
  after,
  changes,
}: {
  label: string;
  before: Surface;
  after: Surface;
  changes: SurfaceChange[];
}) {
  const [onlyChanges, setOnlyChanges] = useState(true);
  const sections = alignSurfaces(before, after, changes);
  return (
    <div className="side-by-side">
      <label className="only-changes">
        <input
          type="checkbox"
          checked={onlyChanges}
          onChange={(event) => setOnlyChanges(event.target.checked)}
        />{' '}
        Only changes
      </label>
      <table className="surface-columns" aria-label="Side by side">
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col">This server</th>
          </tr>
        </thead>
        {sections.map((section) => {
          const rows = onlyChanges ? section.rows.filter((row) => row.status !== 'same') : section.rows;
          return (
            <tbody key={section.title} aria-label={section.title}>
              <tr className="section">
                <th colSpan={2} scope="colgroup">
                  {section.title}{' '}
                  <span className="muted">
                    {rows.length === 0 ? (onlyChanges ? 'no changes' : 'none') : ''}
                  </span>
                </th>
              </tr>
              {rows.map((row) => (
                <tr key={row.key} className={`row ${row.status}`} aria-label={`${section.title}: ${row.key}`}>
                  <td className="left">{row.before !== undefined && <Side row={row} side="before" />}</td>
                  <td className="right">{row.after !== undefined && <Side row={row} side="after" />}</td>
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

function Side({ row, side }: { row: AlignedRow; side: 'before' | 'after' }) {
  const value = row[side];
  const summary = describe(value);
  const removedHere = row.status === 'removed' && side === 'before';
  const addedHere = row.status === 'added' && side === 'after';
  const whole = row.changes.find((change) => change.field === '');
  return (
    <>
      <div className="item">
        <strong>{row.key}</strong>
        {removedHere && <span className="tag removed">removed</span>}
        {addedHere && <span className="tag added">added</span>}
        {row.breaking && side === 'before' && <span className="tag breaking">breaking</span>}
        {summary && <span className="muted"> {summary}</span>}
      </div>
      {whole && row.status !== 'changed' && side === 'before' && (
        <div className="muted what">{whole.what}</div>
      )}
      {row.status === 'changed' && (
        <ul className="fields">
          {row.changes.map((change, index) => (
            <li
              key={index}
              className={`field ${change.kind} ${side}`}
              aria-label={side === 'before' ? `${change.kind}: ${change.what}` : undefined}
            >
              <code className="field-path">{change.field || '(value)'}</code>
              {side === 'before' && change.kind === 'breaking' && (
                <span className="tag breaking">breaking</span>
              )}
              <pre className="field-value">{shown(change[side])}</pre>
              {side === 'before' && <div className="muted what">{change.what}</div>}
            </li>
          ))}
        </ul>
      )}
      {row.status !== 'changed' && typeof value === 'object' && value !== null && (
        <details>
          <summary className="muted">JSON</summary>
          <pre className="field-value">{JSON.stringify(value, null, 2)}</pre>
        </details>
      )}
    </>
  );
}

/** A line about an item: its title or description, or a fact's value. */
function describe(value: unknown): string {
  if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 119)}…` : value;
  if (typeof value !== 'object' || value === null) return '';
  const item = value as { title?: unknown; description?: unknown; name?: unknown; version?: unknown };
  const text =
    typeof item.title === 'string'
      ? item.title
      : typeof item.description === 'string'
        ? item.description
        : '';
  if (text) return text.length > 120 ? `${text.slice(0, 119)}…` : text;
  if (typeof item.name === 'string' && typeof item.version === 'string')
    return `${item.name} ${item.version}`;
  return '';
}

function shown(value: unknown): string {
  return value === undefined ? '—' : JSON.stringify(value, null, 2);
}
