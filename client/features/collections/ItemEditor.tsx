import { useState } from 'react';
import { chainReference, resultPaths } from '../../../shared/collections/editing';
import type { CollectionItem } from '../../../shared/collections/format';
import type { ItemRun } from '../../../shared/collections/runner';
import { parseJsonText } from '../../../shared/jsonText';
import { pageValidator } from './collectionStore';

export interface ItemEdit {
  name: string;
  arguments?: Record<string, unknown>;
}

interface Props {
  item: CollectionItem;
  /** The items above this one: the only ones a chain may take from. */
  earlier: readonly CollectionItem[];
  runs: Record<string, ItemRun | 'running'>;
  /** The tool's inputSchema, when the server lists the tool: the arguments are checked against it. */
  inputSchema?: unknown;
  /** Why a name cannot be used (taken, empty), or undefined. */
  nameProblem: (name: string) => string | undefined;
  saving: boolean;
  onSave: (edit: ItemEdit) => void;
}

type ArgumentsDraft = { value: Record<string, unknown> } | { error: string };

function readArguments(text: string, kind: CollectionItem['kind']): ArgumentsDraft {
  const read = parseJsonText(text);
  if ('error' in read) return { error: read.error };
  const value = read.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { error: 'the arguments are a JSON object: { "name": value, … }' };
  if (kind === 'prompt') {
    const bad = Object.entries(value).find(([, item]) => typeof item !== 'string');
    if (bad) return { error: `a prompt's arguments are strings; "${bad[0]}" is not` };
  }
  return { value: value as Record<string, unknown> };
}

const pretty = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

/**
 * An item's name and arguments, edited beside its expectations and saved through the same route:
 * the arguments as JSON (checked as typed: syntax with line and column, then the tool's
 * inputSchema), and on each argument "Take from an earlier item…", which writes the chain
 * `${item:NAME.path}` from a path picked in that item's last result.
 */
export function ItemEditor({ item, earlier, runs, inputSchema, nameProblem, saving, onSave }: Props) {
  const hasArguments = item.kind !== 'resource';
  const savedArgs = pretty('arguments' in item ? item.arguments : undefined);
  const [name, setName] = useState(item.name);
  const [text, setText] = useState(savedArgs);
  const [taking, setTaking] = useState<string | undefined>();
  const draft = hasArguments ? readArguments(text, item.kind) : undefined;
  const problem = nameProblem(name);
  const schemaProblems =
    draft && 'value' in draft && inputSchema !== undefined
      ? (() => {
          const checked = pageValidator(draft.value, inputSchema);
          return 'problems' in checked ? checked.problems : [];
        })()
      : [];
  const changed = name !== item.name || (hasArguments && text !== savedArgs);
  const canSave = changed && !saving && problem === undefined && !(draft && 'error' in draft);
  const keys = [
    ...new Set([
      ...(draft && 'value' in draft ? Object.keys(draft.value) : []),
      ...Object.keys(schemaProperties(inputSchema)),
    ]),
  ];
  const take = (key: string, reference: string) => {
    const base = draft && 'value' in draft ? draft.value : {};
    setText(pretty({ ...base, [key]: reference }));
    setTaking(undefined);
  };
  return (
    <div className="item-editor" role="group" aria-label={`Edit ${item.name}`}>
      <label>
        Name{' '}
        <input
          aria-label={`Name of ${item.name}`}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      {problem && <span className="notice">{problem}</span>}
      {hasArguments && (
        <>
          <label className="item-arguments">
            Arguments (JSON)
            <textarea
              aria-label={`Arguments of ${item.name}`}
              value={text}
              spellCheck={false}
              rows={Math.min(12, text.split('\n').length + 1)}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          {draft && 'error' in draft && (
            <p className="notice" role="alert">
              {draft.error}
            </p>
          )}
          {schemaProblems.length > 0 && (
            <p className="muted" aria-label={`Schema problems of ${item.name}`}>
              The tool’s inputSchema refuses these arguments, so a run fails this item (a value taken from an
              earlier item is checked when it runs): {schemaProblems.join('; ')}
            </p>
          )}
          {earlier.length > 0 && keys.length > 0 && (
            <ul className="chain-keys">
              {keys.map((key) => (
                <li key={key}>
                  <code>{key}</code>{' '}
                  <button
                    type="button"
                    aria-label={`Take ${key} from an earlier item`}
                    onClick={() => setTaking(taking === key ? undefined : key)}
                  >
                    Take from an earlier item…
                  </button>
                  {taking === key && (
                    <ChainPicker
                      argument={key}
                      earlier={earlier}
                      runs={runs}
                      onPick={(ref) => take(key, ref)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <div className="expectation-actions">
        <button type="button" disabled={!canSave} onClick={() => onSave(edited(name, draft))}>
          Save name and arguments
        </button>
        {changed && <span className="muted">not saved</span>}
      </div>
    </div>
  );
}

function edited(name: string, draft: ArgumentsDraft | undefined): ItemEdit {
  return draft && 'value' in draft ? { name, arguments: draft.value } : { name };
}

function schemaProperties(schema: unknown): Record<string, unknown> {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties !== null && typeof properties === 'object' ? (properties as Record<string, unknown>) : {};
}

/** Picks an earlier item, then a place in its last result (or a path typed when it has none yet). */
function ChainPicker({
  argument,
  earlier,
  runs,
  onPick,
}: {
  argument: string;
  earlier: readonly CollectionItem[];
  runs: Record<string, ItemRun | 'running'>;
  onPick: (reference: string) => void;
}) {
  const [source, setSource] = useState(earlier.at(-1)?.name ?? '');
  const run = runs[source];
  const result =
    typeof run === 'object' && run.observation?.kind === 'result' ? run.observation.result : undefined;
  const offered = result === undefined ? [] : resultPaths(result);
  const [path, setPath] = useState('');
  const chosen = path || offered[0]?.path || '';
  return (
    <div className="chain-picker" role="group" aria-label={`Source of ${argument}`}>
      <select
        aria-label="Earlier item"
        value={source}
        onChange={(event) => {
          setSource(event.target.value);
          setPath('');
        }}
      >
        {earlier.map((candidate) => (
          <option key={candidate.name} value={candidate.name}>
            {candidate.name}
          </option>
        ))}
      </select>
      {offered.length > 0 ? (
        <select
          aria-label="Path in its result"
          value={chosen}
          onChange={(event) => setPath(event.target.value)}
        >
          {offered.map((option) => (
            <option key={option.path} value={option.path}>
              {option.path} = {option.preview}
            </option>
          ))}
        </select>
      ) : (
        <>
          <input
            aria-label="Path in its result"
            placeholder="$.structuredContent.id"
            value={path}
            onChange={(event) => setPath(event.target.value)}
          />
          <span className="muted">Run “{source}” to pick from its result.</span>
        </>
      )}
      <button type="button" disabled={chosen === ''} onClick={() => onPick(chainReference(source, chosen))}>
        Use
      </button>
    </div>
  );
}
