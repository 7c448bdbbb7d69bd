// The demo's tasks, whichever protocol era created them. A task is a job running on its own, not
// inside any request: the call that started it has already been answered with a task handle, and
// the client polls, answers questions and cancels through separate requests (tasks/get, ...). The
// era-specific modules (modernTasks, legacyTasks) only translate this state to and from the wire.
import { randomUUID } from 'node:crypto';
import type { CallToolResult, InputRequest } from '@modelcontextprotocol/server';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export type TaskState = {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs: number;
  /** The final tool result, once completed. */
  result?: CallToolResult;
  /** The JSON-RPC error the job failed with, once failed. */
  error?: { code: number; message: string };
  /** What the job is waiting for, while input_required (modern tasks: answered by tasks/update). */
  inputRequests?: Record<string, InputRequest>;
};

/** What a running job can do to its own task. */
export type TaskControl = {
  readonly taskId: string;
  /** Aborted when the task is cancelled. */
  readonly signal: AbortSignal;
  /** Sets the status message clients see when they poll. */
  report(statusMessage: string): void;
  /** Moves the task to input_required until every key has an answer, then back to working. */
  ask(inputRequests: Record<string, InputRequest>): Promise<Record<string, unknown>>;
};

type Entry = {
  state: TaskState;
  abort: AbortController;
  terminal: Promise<void>;
  settle: () => void;
  pendingInput?: {
    keys: Set<string>;
    answers: Record<string, unknown>;
    resolve: (answers: Record<string, unknown>) => void;
  };
  listeners: Set<(state: TaskState) => void>;
};

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL.has(status);
}

export class TaskStore {
  private readonly entries = new Map<string, Entry>();

  /**
   * Starts `job` as a task and returns its first state (working). `ask` replaces the default way
   * of getting input (tasks/update), for eras where the server asks the client directly.
   */
  start(
    job: (control: TaskControl) => Promise<CallToolResult>,
    options: {
      ttlMs: number | null;
      pollIntervalMs: number;
      ask?: (
        inputRequests: Record<string, InputRequest>,
        task: { taskId: string; signal: AbortSignal },
      ) => Promise<Record<string, unknown>>;
    },
  ): TaskState {
    const now = new Date().toISOString();
    let settle!: () => void;
    const terminal = new Promise<void>((resolve) => (settle = resolve));
    const entry: Entry = {
      state: {
        taskId: randomUUID(),
        status: 'working',
        createdAt: now,
        lastUpdatedAt: now,
        ttlMs: options.ttlMs,
        pollIntervalMs: options.pollIntervalMs,
      },
      abort: new AbortController(),
      terminal,
      settle,
      listeners: new Set(),
    };
    this.entries.set(entry.state.taskId, entry);

    const customAsk = options.ask;
    const control: TaskControl = {
      taskId: entry.state.taskId,
      signal: entry.abort.signal,
      report: (statusMessage) => this.change(entry, { statusMessage }),
      ask: customAsk
        ? async (requests) => {
            this.change(entry, { status: 'input_required', inputRequests: requests });
            try {
              return await customAsk(requests, { taskId: entry.state.taskId, signal: entry.abort.signal });
            } finally {
              this.change(entry, { status: 'working', inputRequests: undefined });
            }
          }
        : (requests) => this.waitForInput(entry, requests),
    };
    job(control).then(
      (result) => this.finish(entry, { status: 'completed', result }),
      (error: unknown) =>
        this.finish(entry, {
          status: 'failed',
          statusMessage: `Failed: ${errorMessage(error)}`,
          error: { code: -32603, message: errorMessage(error) },
        }),
    );
    return { ...entry.state };
  }

  /** The task's current state, or undefined when unknown or past its TTL (then it is dropped). */
  get(taskId: string): TaskState | undefined {
    const entry = this.live(taskId);
    return entry && { ...entry.state };
  }

  list(): TaskState[] {
    return [...this.entries.keys()].flatMap((id) => this.get(id) ?? []);
  }

  /**
   * Cancels a running task. Returns its state afterwards, 'terminal' when it had already ended
   * (nothing to cancel), or undefined when there is no such task.
   */
  cancel(taskId: string): TaskState | 'terminal' | undefined {
    const entry = this.live(taskId);
    if (!entry) return undefined;
    if (isTerminal(entry.state.status)) return 'terminal';
    this.finish(entry, { status: 'cancelled', statusMessage: 'Cancelled by request' });
    entry.abort.abort();
    return { ...entry.state };
  }

  /**
   * Delivers answers to an input_required task. Keys it is not waiting for are ignored, as the
   * tasks extension asks; the task goes back to working once every key it asked for has an answer.
   * Returns false when there is no such task.
   */
  answer(taskId: string, inputResponses: Record<string, unknown>): boolean {
    const entry = this.live(taskId);
    if (!entry) return false;
    const pending = entry.pendingInput;
    if (!pending) return true;
    for (const [key, value] of Object.entries(inputResponses)) {
      if (pending.keys.delete(key)) pending.answers[key] = value;
    }
    if (pending.keys.size === 0) {
      entry.pendingInput = undefined;
      this.change(entry, { status: 'working', inputRequests: undefined });
      pending.resolve(pending.answers);
    }
    return true;
  }

  /** Resolves with the task's state once it has ended (completed, failed or cancelled). */
  async waitForEnd(taskId: string): Promise<TaskState | undefined> {
    const entry = this.live(taskId);
    if (!entry) return undefined;
    await entry.terminal;
    return { ...entry.state };
  }

  /** Calls `listener` on every change of the task's state; returns the unsubscribe function. */
  watch(taskId: string, listener: (state: TaskState) => void): () => void {
    const entry = this.entries.get(taskId);
    entry?.listeners.add(listener);
    return () => entry?.listeners.delete(listener);
  }

  private waitForInput(
    entry: Entry,
    requests: Record<string, InputRequest>,
  ): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      entry.pendingInput = { keys: new Set(Object.keys(requests)), answers: {}, resolve };
      this.change(entry, { status: 'input_required', inputRequests: requests });
      entry.abort.signal.addEventListener('abort', () => reject(entry.abort.signal.reason), { once: true });
    });
  }

  private live(taskId: string): Entry | undefined {
    const entry = this.entries.get(taskId);
    if (!entry) return undefined;
    const { ttlMs, createdAt } = entry.state;
    // Past its TTL a task may be discarded; this one is, the next time anyone asks for it.
    if (ttlMs !== null && Date.parse(createdAt) + ttlMs < Date.now()) {
      entry.abort.abort();
      this.entries.delete(taskId);
      return undefined;
    }
    return entry;
  }

  private finish(entry: Entry, update: Partial<TaskState>): void {
    // A terminal status is final: a job that ends after its task was cancelled changes nothing.
    if (isTerminal(entry.state.status)) return;
    this.change(entry, { ...update, inputRequests: undefined });
    entry.pendingInput = undefined;
    entry.settle();
  }

  private change(entry: Entry, update: Partial<TaskState>): void {
    if (isTerminal(entry.state.status)) return;
    entry.state = { ...entry.state, ...update, lastUpdatedAt: new Date().toISOString() };
    for (const key of Object.keys(entry.state) as (keyof TaskState)[]) {
      if (entry.state[key] === undefined) delete entry.state[key];
    }
    for (const listener of entry.listeners) listener({ ...entry.state });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
