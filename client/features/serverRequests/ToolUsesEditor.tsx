import type { Tool } from '@modelcontextprotocol/client';
import { collectionSchemaCheck } from '../../../shared/collections/schemaCheck';
import { parseToolArguments } from '../../../shared/models/conversation';
import type { DraftToolUse } from '../../../shared/models/samplingDraft';

/**
 * The tool calls of a sampling reply (tool_use blocks), each its tool (one the request offers)
 * and its arguments as JSON, for the person to check, change, add or remove before sending:
 * a model's draft lands here, and a person may write calls by hand. Arguments that do not fit
 * the tool's inputSchema are flagged (the person may still send them: the server decides).
 */
export function ToolUsesEditor({
  tools,
  toolUses,
  onChange,
}: {
  tools: Tool[];
  toolUses: DraftToolUse[];
  onChange: (next: DraftToolUse[]) => void;
}) {
  const toolNames = tools.map((tool) => tool.name);
  const edit = (index: number, change: Partial<DraftToolUse>): void =>
    onChange(toolUses.map((use, i) => (i === index ? { ...use, ...change } : use)));
  return (
    <fieldset className="tool-uses" aria-label="Tool calls">
      <legend>Tool calls (tool_use)</legend>
      {toolUses.length === 0 && <p className="muted">None: the reply is text only.</p>}
      <ol>
        {toolUses.map((use, index) => (
          <li key={use.id} aria-label={`Tool call ${use.name}`}>
            <label>
              Tool
              <select value={use.name} onChange={(e) => edit(index, { name: e.target.value })}>
                {[...new Set([use.name, ...toolNames])].map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Arguments (JSON)
              <textarea
                rows={3}
                value={use.argumentsText}
                onChange={(e) => edit(index, { argumentsText: e.target.value })}
              />
            </label>
            <span className="muted">id {use.id}</span>
            <ArgumentsProblem use={use} tool={tools.find((tool) => tool.name === use.name)} />
            <button type="button" onClick={() => onChange(toolUses.filter((_, i) => i !== index))}>
              Remove call
            </button>
          </li>
        ))}
      </ol>
      {toolNames.length > 0 && (
        <button
          type="button"
          onClick={() =>
            onChange([
              ...toolUses,
              { id: `toolu_person_${Date.now().toString(36)}`, name: toolNames[0]!, argumentsText: '{}' },
            ])
          }
        >
          Add a tool call
        </button>
      )}
    </fieldset>
  );
}

/** Why a call's arguments would not do: not a JSON object, or not what the tool's inputSchema says. */
function ArgumentsProblem({ use, tool }: { use: DraftToolUse; tool: Tool | undefined }) {
  const parsed = parseToolArguments(use.argumentsText);
  let problem: string | undefined;
  if ('problem' in parsed) problem = parsed.problem;
  else if (!tool) problem = `the request offers no tool named "${use.name}"`;
  else {
    const checked = collectionSchemaCheck(parsed.value, tool.inputSchema);
    if ('problems' in checked && checked.problems.length > 0)
      problem = `does not fit its inputSchema: ${checked.problems.join('; ')}`;
  }
  return problem ? (
    <p className="notice" role="alert" aria-label={`Problem with ${use.name}`}>
      {problem}
    </p>
  ) : null;
}
