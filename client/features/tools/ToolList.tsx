import type { Tool } from '@modelcontextprotocol/client';
import { PickList } from '../../components/pickList/PickList';
import { declaresApp } from '../../session/declaresApp';
import { toolSearch } from './filterTools';
import { destructiveness } from '../../session/toolHints';
import type { LintBadge } from './useLintBadges';

interface ToolListProps {
  tools: Tool[];
  selected: string | undefined;
  onSelect: (name: string) => void;
  /** What the last list_changed refetch added or changed, highlighted for a while. */
  changes?: { added: ReadonlySet<string>; changed: ReadonlySet<string> };
  /** Lint findings per tool name (see the Lint tab), once they are counted. */
  lintBadges?: ReadonlyMap<string, LintBadge> | undefined;
}

/** How the list tells a tool that says it is destructive from one that says nothing (the default). */
const DESTRUCTIVE = {
  declared: { label: 'destructive', description: 'Declared destructive: asks before running' },
  default: {
    label: 'destructive (default)',
    description: 'Destructive by default (no destructiveHint given): asks before running',
  },
} as const;

/** Marked after the list has painted; the tool-list benchmark reads it. */
export const LIST_DRAWN_MARK = 'mcp-inspect:tool-list-drawn';

/**
 * The server's tools (a PickList): each row its display title, its name when that differs, an
 * app mark and how destructive it says it is, and its lint findings beside it.
 */
export function ToolList({ tools, selected, onSelect, changes, lintBadges }: ToolListProps) {
  return (
    <PickList
      label="Tools"
      noun="tool"
      items={tools}
      search={toolSearch}
      selected={selected}
      onSelect={onSelect}
      placeholder="Filter by name, title or description"
      changes={changes}
      drawnMark={LIST_DRAWN_MARK}
      describe={(tool) => {
        const destructive = destructiveness(tool);
        return destructive ? DESTRUCTIVE[destructive].description : undefined;
      }}
      renderOption={({ item: tool, title }) => {
        const destructive = destructiveness(tool);
        return (
          <>
            <span className="pick-title">
              {title}
              {declaresApp(tool) && (
                <span className="tool-flag app" aria-label="has an MCP App" title="Has an MCP App">
                  {' '}
                  ▣
                </span>
              )}
            </span>
            {(title !== tool.name || destructive) && (
              <span className="tool-second-line">
                {title !== tool.name && <code className="tool-name">{tool.name}</code>}
                {destructive && (
                  <span
                    className={`tool-flag ${destructive}`}
                    aria-hidden="true"
                    title={DESTRUCTIVE[destructive].description}
                  >
                    {DESTRUCTIVE[destructive].label}
                  </span>
                )}
              </span>
            )}
          </>
        );
      }}
      beside={(tool, style, select) => {
        const lint = lintBadges?.get(tool.name);
        // Beside the option, not in it: the option's name and text stay the tool's (tests and
        // screen readers find tools by them); the Lint tab says each finding.
        return (
          lint && (
            <span
              className={`lint-badge ${lint.worst}`}
              aria-hidden="true"
              data-tool={tool.name}
              title={`${lintSaid(lint.count)} (see the Lint tab)`}
              style={style}
              onClick={select}
            >
              {lint.count}
            </span>
          )
        );
      }}
    />
  );
}

function lintSaid(count: number): string {
  return `${count} lint finding${count === 1 ? '' : 's'}`;
}
