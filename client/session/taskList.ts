import type { TaskUpdate } from '../../shared/core';

/** One task the page follows, as the Tasks tab shows it: what the core last saw of it, and whose it is. */
export interface TaskEntry extends Omit<TaskUpdate, 'status'> {
  taskId: string;
  /** Which era's task vocabulary the server used. */
  form: 'modern' | 'legacy';
  /** The tool whose call created it, and the call log's id of that call. */
  tool: string;
  callId: number;
  status: string;
}

/** Old entries beyond this are dropped, oldest first. */
const MAX_TASKS = 200;

/**
 * The tasks this page created in this session, newest first, for the Tasks tab. A small store
 * read with useSyncExternalStore; the call log writes it as it follows each task.
 */
export class TaskList {
  private entries: TaskEntry[] = [];
  private listeners = new Set<() => void>();
  private cancelers = new Map<string, () => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly TaskEntry[] => this.entries;

  /** Adds or updates a task by id. */
  put(entry: TaskEntry): void {
    const others = this.entries.filter((existing) => existing.taskId !== entry.taskId);
    const previous = this.entries.find((existing) => existing.taskId === entry.taskId);
    this.entries = [{ ...previous, ...entry }, ...others].slice(0, MAX_TASKS);
    for (const listener of this.listeners) listener();
  }

  /** How the Tasks tab cancels a task that is still being followed. */
  setCanceler(taskId: string, cancel: (() => void) | undefined): void {
    if (cancel) this.cancelers.set(taskId, cancel);
    else this.cancelers.delete(taskId);
  }

  cancel(taskId: string): void {
    this.cancelers.get(taskId)?.();
  }

  canCancel(taskId: string): boolean {
    return this.cancelers.has(taskId);
  }
}
