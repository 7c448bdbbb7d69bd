import type { Client, Tool } from '@modelcontextprotocol/client';

/**
 * How a call may run as a task. 2025-11-25 tools say it in `execution.taskSupport` and the
 * client asks per call (`params.task`); on a 2026-07-28 connection the page declares the tasks
 * extension and the server decides, so there is nothing to choose.
 */
export type TaskMode = 'forbidden' | 'optional' | 'required' | 'server decides';

export function taskModeOf(tool: Tool, client: Client): TaskMode {
  if (client.getProtocolEra() === 'modern') return 'server decides';
  const support = (tool as { execution?: { taskSupport?: string } }).execution?.taskSupport;
  return support === 'required' || support === 'optional' ? support : 'forbidden';
}

/** The Run bar's word on tasks: a choice for optional support, a fact otherwise. */
export function TaskOption({
  mode,
  checked,
  onChange,
}: {
  mode: TaskMode;
  checked: boolean;
  onChange: (asTask: boolean) => void;
}) {
  if (mode === 'optional') {
    return (
      <label className="run-as-task">
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        Run as task
      </label>
    );
  }
  if (mode === 'required') return <span className="chip">runs as a task (the tool requires it)</span>;
  return null;
}
