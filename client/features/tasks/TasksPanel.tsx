import { useMemo, useState, useSyncExternalStore } from 'react';
import { DataGrid, type GridColumn } from '../../components/DataGrid';
import { formatDuration, formatSeconds } from '../../components/format';
import { useInspector } from '../../session/inspectorContext';
import { RawJsonView } from '../../components/RawJsonView';
import type { TaskEntry, TaskList } from '../../session/taskList';
import './tasks.css';

const ROW_HEIGHT = 28;

/**
 * The tasks this page's calls created, newest first: status and the server's message about it,
 * how long the server keeps it and how often it asks to be polled, the result or error once it
 * ended, and Cancel while it runs. Each belongs to a call in the Tools tab, where its input is
 * answered. A read-only table: its buttons are the way in.
 */
export function TasksPanel() {
  const { tasks } = useInspector();
  const entries = useSyncExternalStore(tasks.subscribe, tasks.getSnapshot);
  const [resultOf, setResultOf] = useState<string | undefined>();
  const columns = useMemo(
    () =>
      taskColumns(tasks, resultOf, (taskId) =>
        setResultOf((shown) => (shown === taskId ? undefined : taskId)),
      ),
    [tasks, resultOf],
  );
  const shown = entries.find((task) => task.taskId === resultOf && task.result !== undefined);
  return (
    <div className="tasks-panel">
      <DataGrid
        label="Tasks"
        className="tasks-grid"
        columns={columns}
        rows={entries}
        rowKey={(task) => task.taskId}
        rowHeight={ROW_HEIGHT}
        placeholder="No task yet. A tool runs as a task when it requires it, when you tick “Run as task” (2025-11-25 servers), or when a 2026-07-28 server decides to answer a call with one; it is listed here."
        flag={(task) => (task.status === 'failed' ? 'error' : undefined)}
        // The store replaces an entry when it changes; the cancel button follows the call.
        rowRevision={(task) => tasks.canCancel(task.taskId)}
      />
      {shown && (
        <section className="task-result" aria-label={`Result of task ${shown.taskId}`}>
          <RawJsonView value={shown.result} label={`Result of task ${shown.taskId}`} />
        </section>
      )}
    </div>
  );
}

function taskColumns(
  tasks: TaskList,
  resultOf: string | undefined,
  toggleResult: (taskId: string) => void,
): GridColumn<TaskEntry>[] {
  return [
    {
      id: 'task',
      header: 'Task',
      width: 'minmax(180px, 3fr)',
      cell: (task) => (
        <>
          <code>{task.taskId}</code>
          <span className="muted"> · {task.form === 'modern' ? 'tasks extension' : '2025-11-25'}</span>
        </>
      ),
      title: (task) => task.taskId,
    },
    {
      id: 'tool',
      header: 'Tool',
      width: 'minmax(120px, 1.5fr)',
      cell: (task) => (
        <>
          {task.tool} <span className="muted">(call #{task.callId})</span>
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      width: '120px',
      cell: (task) => task.status,
      cellClass: (task) => `status-${task.status}`,
    },
    {
      id: 'message',
      header: 'Message',
      width: 'minmax(100px, 2fr)',
      cell: (task) => task.statusMessage ?? '',
      title: (task) => task.statusMessage,
    },
    {
      id: 'ttl',
      header: 'TTL',
      description: 'How long the server keeps the task',
      width: '72px',
      cell: (task) => (task.ttlMs === undefined ? '—' : formatSeconds(task.ttlMs)),
    },
    {
      id: 'poll',
      header: 'Poll',
      description: 'How often the server asks to be polled',
      width: '72px',
      cell: (task) => (task.pollIntervalMs === undefined ? '—' : formatDuration(task.pollIntervalMs)),
    },
    {
      id: 'outcome',
      header: 'Outcome',
      width: 'minmax(90px, 1.5fr)',
      cell: (task) =>
        task.error ? (
          task.error
        ) : task.result !== undefined ? (
          <button
            type="button"
            aria-expanded={resultOf === task.taskId}
            onClick={() => toggleResult(task.taskId)}
          >
            result
          </button>
        ) : (
          ''
        ),
      title: (task) => task.error,
      cellClass: (task) => (task.error ? 'error' : undefined),
    },
    {
      id: 'actions',
      header: '',
      width: '84px',
      cell: (task) =>
        tasks.canCancel(task.taskId) && (
          <button type="button" onClick={() => tasks.cancel(task.taskId)}>
            Cancel
          </button>
        ),
    },
  ];
}
