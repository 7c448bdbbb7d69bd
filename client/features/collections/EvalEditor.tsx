import { useId, useState } from 'react';
import {
  DEFAULT_EVAL_MAX_STEPS,
  EVAL_EXPECTATION_TYPES,
  MAX_EVAL_RUNS,
  MAX_EVAL_STEPS,
  readEvals,
  type EvalExpectation,
  type EvalItem,
} from '../../../shared/collections/evalFormat';

type ExpectationType = EvalExpectation['type'];

/** Words for each expectation type in the list to add from. */
const TYPE_WORDS: Record<ExpectationType, string> = {
  calledTool: 'called tool (or not)',
  arguments: 'arguments: JSON path',
  argumentsValid: 'arguments fit the inputSchema',
  noDestructiveTool: 'no destructive tool',
  finalText: 'final text',
  maxSteps: 'at most N steps',
};

function fresh(type: ExpectationType, tool: string): EvalExpectation {
  switch (type) {
    case 'calledTool':
      return { type, tool };
    case 'arguments':
      return { type, tool, path: '$.', op: 'equals', value: '' };
    case 'finalText':
      return { type, op: 'contains', value: '' };
    case 'maxSteps':
      return { type, steps: 3 };
    default:
      return { type };
  }
}

/** A value typed for "equals": JSON when it reads as JSON (a number, true, an object), else the text. */
function valueOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const toolList = (text: string): string[] =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

interface Props {
  /** The eval edited; none for a new one. */
  item?: EvalItem;
  /** The collection's other evals: a name must differ from theirs. */
  others: readonly EvalItem[];
  /** The server's tool names, offered where an expectation names a tool. */
  toolNames: readonly string[];
  saving: boolean;
  onSave: (item: EvalItem) => void;
  onCancel: () => void;
}

/**
 * An eval written in the page: its prompt and optional system text, its expectations, runs,
 * threshold, step limit and what a destructive tool meets. Checked as typed by the file's own
 * reader (shared/collections/evalFormat.ts), so what saves is what `mcp-inspect eval` reads.
 */
export function EvalEditor({ item, others, toolNames, saving, onSave, onCancel }: Props) {
  const [name, setName] = useState(item?.name ?? '');
  const [prompt, setPrompt] = useState(item?.prompt ?? '');
  const [system, setSystem] = useState(item?.system ?? '');
  const [runs, setRuns] = useState(String(item?.runs ?? 3));
  const [threshold, setThreshold] = useState(String(Math.round((item?.threshold ?? 1) * 100)));
  const [maxSteps, setMaxSteps] = useState(String(item?.maxSteps ?? DEFAULT_EVAL_MAX_STEPS));
  const [destructive, setDestructive] = useState<'' | 'allow' | 'refuse'>(item?.destructiveTools ?? '');
  const [given, setGiven] = useState((item?.tools ?? []).join(', '));
  const [expect, setExpect] = useState<EvalExpectation[]>(item?.expect ?? []);
  const [adding, setAdding] = useState<ExpectationType>('calledTool');
  const toolsListId = useId();
  const label = item ? `Edit eval ${item.name}` : 'New eval';

  const draft: EvalItem = {
    name: name.trim(),
    prompt,
    ...(system.trim() === '' ? {} : { system }),
    ...(toolList(given).length === 0 ? {} : { tools: toolList(given) }),
    runs: Number(runs),
    threshold: Number(threshold) / 100,
    maxSteps: Number(maxSteps),
    ...(destructive === '' ? {} : { destructiveTools: destructive }),
    expect,
  };
  // The file's reader says what is wrong, by field, as `eval` would say it of the file.
  const read = readEvals([...others, draft]);
  const problem = 'error' in read ? read.error.replace(/^evals\[\d+\]( \("[^"]*"\))?\.?/, '').trim() : '';
  const update = (index: number, next: EvalExpectation) =>
    setExpect(expect.map((entry, i) => (i === index ? next : entry)));

  return (
    <form
      className="eval-editor form-fields"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (problem === '' && !saving) onSave(draft);
      }}
    >
      <datalist id={toolsListId}>
        {toolNames.map((tool) => (
          <option key={tool} value={tool} />
        ))}
      </datalist>
      <label>
        Eval name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Prompt
        <textarea rows={2} value={prompt} onChange={(event) => setPrompt(event.target.value)} />
      </label>
      <label>
        System text (optional)
        <textarea rows={2} value={system} onChange={(event) => setSystem(event.target.value)} />
      </label>
      <label>
        Tools given to the model (comma-separated; empty: all of the server's)
        <input
          list={toolsListId}
          placeholder="all of the server's tools"
          value={given}
          onChange={(event) => setGiven(event.target.value)}
        />
      </label>
      <div className="eval-numbers">
        <label>
          Runs
          <input
            type="number"
            min={1}
            max={MAX_EVAL_RUNS}
            value={runs}
            onChange={(event) => setRuns(event.target.value)}
          />
        </label>
        <label>
          Threshold (% of runs that must pass)
          <input
            type="number"
            min={0}
            max={100}
            value={threshold}
            onChange={(event) => setThreshold(event.target.value)}
          />
        </label>
        <label>
          Step limit (model requests per run)
          <input
            type="number"
            min={1}
            max={MAX_EVAL_STEPS}
            value={maxSteps}
            onChange={(event) => setMaxSteps(event.target.value)}
          />
        </label>
        <label>
          Destructive tools
          <select
            value={destructive}
            onChange={(event) => setDestructive(event.target.value as '' | 'allow' | 'refuse')}
          >
            <option value="">ask me (the page's rule; headless: refused unless allowed by flag)</option>
            <option value="allow">allow without asking (page and headless)</option>
            <option value="refuse">refuse, the model is told (page and headless)</option>
          </select>
        </label>
      </div>
      <fieldset className="eval-expectations">
        <legend>Expectations</legend>
        {expect.length === 0 && (
          <p className="muted">No expectations: a run passes when the model answers within the step limit.</p>
        )}
        <ol>
          {expect.map((expectation, index) => (
            <li key={index} className="expectation-row" aria-label={`Expectation ${index + 1}`}>
              <span className="expectation-type">{expectation.type}</span>
              <ExpectationFields
                expectation={expectation}
                toolsListId={toolsListId}
                onChange={(next) => update(index, next)}
              />
              <button
                type="button"
                aria-label={`Remove expectation ${index + 1}`}
                onClick={() => setExpect(expect.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <div className="expectation-actions">
          <select
            aria-label="New expectation type"
            value={adding}
            onChange={(event) => setAdding(event.target.value as ExpectationType)}
          >
            {EVAL_EXPECTATION_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_WORDS[type]}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => setExpect([...expect, fresh(adding, toolNames[0] ?? '')])}>
            Add expectation
          </button>
        </div>
      </fieldset>
      {problem !== '' && (
        <p className="notice" role="alert" aria-label="Eval problem">
          {problem}
        </p>
      )}
      <div className="expectation-actions">
        <button type="submit" className="primary" disabled={problem !== '' || saving}>
          Save eval
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ExpectationFields({
  expectation,
  toolsListId,
  onChange,
}: {
  expectation: EvalExpectation;
  toolsListId: string;
  onChange: (next: EvalExpectation) => void;
}) {
  switch (expectation.type) {
    case 'calledTool':
      return (
        <>
          <input
            aria-label="Tool"
            list={toolsListId}
            value={expectation.tool}
            onChange={(event) => onChange({ ...expectation, tool: event.target.value })}
          />
          <label className="inline">
            <input
              type="checkbox"
              checked={expectation.not === true}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? { type: 'calledTool', tool: expectation.tool, not: true }
                    : { type: 'calledTool', tool: expectation.tool },
                )
              }
            />
            never called
          </label>
        </>
      );
    case 'arguments':
      return (
        <>
          <input
            aria-label="Tool"
            list={toolsListId}
            value={expectation.tool}
            onChange={(event) => onChange({ ...expectation, tool: event.target.value })}
          />
          <input
            aria-label="JSON path"
            placeholder="$.city"
            value={expectation.path}
            onChange={(event) => onChange({ ...expectation, path: event.target.value })}
          />
          <select
            aria-label="Operator"
            value={expectation.op}
            onChange={(event) => {
              const op = event.target.value as 'equals' | 'matches' | 'exists';
              const { value: _value, ...rest } = expectation;
              onChange(
                op === 'exists'
                  ? { ...rest, op }
                  : {
                      ...rest,
                      op,
                      value: op === 'matches' ? shown(expectation.value ?? '') : (expectation.value ?? ''),
                    },
              );
            }}
          >
            <option value="equals">equals</option>
            <option value="matches">matches</option>
            <option value="exists">exists</option>
          </select>
          {expectation.op !== 'exists' && (
            <input
              aria-label="Value"
              placeholder={expectation.op === 'matches' ? 'a regular expression' : 'text, or JSON'}
              value={shown(expectation.value ?? '')}
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
    case 'finalText':
      return (
        <>
          <select
            aria-label="Operator"
            value={expectation.op}
            onChange={(event) =>
              onChange({ ...expectation, op: event.target.value as 'contains' | 'matches' })
            }
          >
            <option value="contains">contains</option>
            <option value="matches">matches</option>
          </select>
          <input
            aria-label="Text"
            placeholder={expectation.op === 'matches' ? 'a regular expression' : 'text'}
            value={expectation.value}
            onChange={(event) => onChange({ ...expectation, value: event.target.value })}
          />
        </>
      );
    case 'maxSteps':
      return (
        <input
          aria-label="Steps"
          type="number"
          min={1}
          max={MAX_EVAL_STEPS}
          value={expectation.steps}
          onChange={(event) => onChange({ ...expectation, steps: Number(event.target.value) })}
        />
      );
    case 'argumentsValid':
      return <span className="muted">every call's arguments fit its tool's inputSchema</span>;
    case 'noDestructiveTool':
      return <span className="muted">the model proposes no destructive tool</span>;
  }
}
