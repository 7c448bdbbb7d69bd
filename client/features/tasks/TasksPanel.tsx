import { useSyncExternalStore } from 'react';
import { useInspector } from '../connection/inspectorContext';
import { RawJsonView } from '../results/RawJsonView';
import './tasks.css';

/**
 * The tasks this page's calls created, newest first: status and the server's message about it,
 * how long the server keeps it and how often it asks to be polled, the result or error once it
 * ended, and Cancel while it runs. Each belongs to a call in the Tools tab, where its input is
 * answered.
 */
export function TasksPanel() {
  const { tasks } = useInspector();
  const entries = useSyncExternalStore(tasks.subscribe, tasks.getSnapshot);
  if (entries.length === 0) {
    return (
      <p className="placeholder">
        No task yet. A tool runs as a task when it requires it, when you tick “Run as task” (2025-11-25
        servers), or when a 2026-07-28 server decides to answer a call with one; it is listed here.
      </p>
    );
  }
  return (
    <table className="tasks" aria-label="Tasks">
      <thead>
        <tr>
          <th>Task</th>
          <th>Tool</th>
          <th>Status</th>
          <th>Message</th>
          <th>TTL</th>
          <th>Poll</th>
          <th>Outcome</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {entries.map((task) => (
          <tr key={task.taskId} aria-label={`Task ${task.taskId}`}>
            <td>
              <code>{task.taskId}</code>
              <span className="muted"> · {task.form === 'modern' ? 'tasks extension' : '2025-11-25'}</span>
            </td>
            <td>
              {task.tool} <span className="muted">(call #{task.callId})</span>
            </td>
            <td className={`task-status ${task.status}`}>{task.status}</td>
            <td>{task.statusMessage ?? ''}</td>
            <td>{task.ttlMs === undefined ? '—' : `${Math.round(task.ttlMs / 1000)} s`}</td>
            <td>{task.pollIntervalMs === undefined ? '—' : `${task.pollIntervalMs} ms`}</td>
            <td>
              {task.error ? (
                <span className="error">{task.error}</span>
              ) : task.result !== undefined ? (
                <details>
                  <summary>result</summary>
                  <RawJsonView value={task.result} label={`Result of task ${task.taskId}`} />
                </details>
              ) : (
                ''
              )}
            </td>
            <td>
              {tasks.canCancel(task.taskId) && (
                <button type="button" onClick={() => tasks.cancel(task.taskId)}>
                  Cancel
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
