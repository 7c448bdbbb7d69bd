import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { toolDisplayName } from './toolsQuery';

interface ToolListProps {
  tools: Tool[];
  selected: string | undefined;
  onSelect: (name: string) => void;
}

/** The server's tools; the name stays visible beside the display title. */
export function ToolList({ tools, selected, onSelect }: ToolListProps) {
  return (
    <ul className="tool-list" role="listbox" aria-label="Tools">
      {tools.map((tool) => {
        const title = toolDisplayName(tool);
        return (
          <li
            key={tool.name}
            role="option"
            aria-selected={tool.name === selected}
            tabIndex={0}
            onClick={() => onSelect(tool.name)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') onSelect(tool.name);
            }}
          >
            <span className="tool-title">{title}</span>
            {title !== tool.name && <code className="tool-name">{tool.name}</code>}
          </li>
        );
      })}
    </ul>
  );
}
