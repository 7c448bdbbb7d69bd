import type { Tool } from '@modelcontextprotocol/client';

/** The server's tools the model is given: all by default (a tool listed later is given too), or some. */
export function ToolPicker({
  tools,
  left,
  onChange,
}: {
  tools: readonly Tool[];
  /** The names left out. */
  left: ReadonlySet<string>;
  onChange: (left: ReadonlySet<string>) => void;
}) {
  const given = tools.filter((tool) => !left.has(tool.name)).length;
  return (
    <details className="tool-picker">
      <summary>
        Tools given to the model:{' '}
        {given === tools.length ? `all ${tools.length}` : `${given} of ${tools.length}`}
      </summary>
      <div className="actions">
        <button type="button" onClick={() => onChange(new Set())}>
          All
        </button>
        <button type="button" onClick={() => onChange(new Set(tools.map((tool) => tool.name)))}>
          None
        </button>
      </div>
      <ul className="tool-picker-list" aria-label="Tools given to the model">
        {tools.map((tool) => (
          <li key={tool.name}>
            <label>
              <input
                type="checkbox"
                checked={!left.has(tool.name)}
                onChange={(event) => {
                  const next = new Set(left);
                  if (event.target.checked) next.delete(tool.name);
                  else next.add(tool.name);
                  onChange(next);
                }}
              />
              {tool.name}
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}
