import { useState } from 'react';
import './jsonTree.css';

interface JsonTreeProps {
  value: unknown;
  /** Accessible name of the tree. */
  label: string;
  /** Levels open at first; deeper ones open on click. */
  expandDepth?: number;
}

/** Children shown per object or array before a "show more"; a 100,000-item array stays cheap. */
const PAGE = 200;
/** Characters of a string shown before it is folded. */
const STRING_PREVIEW = 400;

/**
 * A collapsible view of any JSON value. Only open nodes are rendered, and wide nodes page
 * their children, so a result of megabytes costs what is on screen, not what it holds.
 */
export function JsonTree({ value, label, expandDepth = 1 }: JsonTreeProps) {
  return (
    <ul className="json-tree" role="tree" aria-label={label}>
      <JsonNode name={undefined} value={value} depth={0} expandDepth={expandDepth} />
    </ul>
  );
}

interface JsonNodeProps {
  name: string | undefined;
  value: unknown;
  depth: number;
  expandDepth: number;
}

function JsonNode({ name, value, depth, expandDepth }: JsonNodeProps) {
  const [open, setOpen] = useState(depth < expandDepth);
  const [shown, setShown] = useState(PAGE);
  const key = name === undefined ? null : <span className="json-key">{name}: </span>;

  if (value === null || typeof value !== 'object') {
    return (
      <li role="treeitem" className="json-leaf">
        {key}
        <JsonScalar value={value} />
      </li>
    );
  }

  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray
    ? (value as unknown[]).map((item, index) => [String(index), item])
    : Object.entries(value as Record<string, unknown>);
  const summary = isArray ? `[${entries.length}]` : `{${entries.length}}`;
  if (entries.length === 0) {
    return (
      <li role="treeitem" className="json-leaf">
        {key}
        <span className="json-punct">{isArray ? '[]' : '{}'}</span>
      </li>
    );
  }
  return (
    <li role="treeitem" aria-expanded={open}>
      <button type="button" className="json-toggle" onClick={() => setOpen(!open)}>
        <span className="json-caret">{open ? '▾' : '▸'}</span>
        {key}
        <span className="json-punct">{summary}</span>
      </button>
      {open && (
        <ul role="group">
          {entries.slice(0, shown).map(([childName, child]) => (
            <JsonNode
              key={childName}
              name={childName}
              value={child}
              depth={depth + 1}
              expandDepth={expandDepth}
            />
          ))}
          {entries.length > shown && (
            <li className="json-more">
              <button type="button" onClick={() => setShown(shown + PAGE * 5)}>
                Show {Math.min(PAGE * 5, entries.length - shown)} more of {entries.length - shown}
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function JsonScalar({ value }: { value: unknown }) {
  const [full, setFull] = useState(false);
  if (typeof value === 'string') {
    const long = value.length > STRING_PREVIEW;
    return (
      <span className="json-string">
        &quot;{long && !full ? value.slice(0, STRING_PREVIEW) : value}
        {long && !full && '…'}&quot;
        {long && (
          <button type="button" className="json-inline-button" onClick={() => setFull(!full)}>
            {full ? 'fold' : `show all ${value.length} characters`}
          </button>
        )}
      </span>
    );
  }
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-boolean">{String(value)}</span>;
  return <span className="json-null">null</span>;
}
