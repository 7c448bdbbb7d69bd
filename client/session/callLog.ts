import type { Client, Tool } from '@modelcontextprotocol/client';
import {
  mcpParamHeaders,
  startToolCall,
  type CallOutcome,
  type CallProgress,
  type ToolCallEnd,
  type ToolCall,
  type WatchedAnswerer,
} from '../../shared/core';
import type { TaskList } from './taskList';
import type { AnswerRouter } from '../bridge/answerRouter';
import type { ItemAnswers } from '../../shared/collections/format';
import { withGivenAnswer } from '../../shared/collections/recordedAnswers';

export type { CallProgress } from '../../shared/core';

export type CallStatus = 'running' | 'waiting for you' | 'done' | 'cancelled' | 'timed out' | 'declined';

/** One tools/call as the page made it: what was sent, how it is going, what came back. */
export interface CallRecord {
  id: number;
  tool: Tool;
  args: Record<string, unknown>;
  /** performance.now() when it was sent. */
  startedAt: number;
  status: CallStatus;
  /** Requests sent for this one call: 1, or more when the server asked for input (2026-07-28). */
  rounds: number;
  /** Set when the server answered with a task: the call goes on as that task (Tasks tab). */
  taskId?: string;
  /** Whether the call asked the server to run it as a task (2025-11-25 `params.task`). */
  asTask?: boolean;
  /** The latest notifications/progress for this call's progressToken. */
  progress?: CallProgress;
  /** Set once the call is over; a cancelled call has none (the spec drops its response). */
  outcome?: CallOutcome;
  /**
   * What the person answered while the call ran (its input rounds; a legacy server's own
   * requests, which name no call, are kept with every call running then), as a collection
   * item keeps them: "Save to collection" saves them, so running the item replays them.
   */
  answers?: ItemAnswers;
  /** Why the call ended without an outcome (timed out, cancelled, input refused), in the person's words. */
  endReason?: string;
  endedAt?: number;
}

/** The statuses a task ends with. */
const TASK_ENDED = new Set(['completed', 'failed', 'cancelled']);

/** Old records beyond this are dropped: each may hold a large result. */
const MAX_RECORDS = 50;

/**
 * The calls made from the tools workbench, newest first, several in flight at once: the page's
 * record of the core's tool calls (shared/core/toolCall.ts, which drives input rounds, tasks and
 * the timer). Not server data (nothing to refetch), so a small store React reads with
 * useSyncExternalStore.
 */
export class CallLog {
  private records: CallRecord[] = [];
  private listeners = new Set<() => void>();
  private calls = new Map<number, ToolCall>();
  private nextId = 1;

  constructor(
    private readonly answerer: WatchedAnswerer,
    private readonly tasks: TaskList,
    answers?: Pick<AnswerRouter, 'onAnswered'>,
  ) {
    answers?.onAnswered(({ origin, ...given }) => {
      const running = (record: CallRecord) =>
        record.status === 'running' || record.status === 'waiting for you';
      const owns = origin ? (record: CallRecord) => callOwner(record.id) === origin.owner : running;
      this.records = this.records.map((record) =>
        owns(record) ? { ...record, answers: withGivenAnswer(record.answers, given) } : record,
      );
      this.notify();
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallRecord[] => this.records;

  /**
   * Starts a call. An `input_required` answer (2026-07-28) is put to the person on this call's
   * card, then the call is sent again with the answers, round after round; a task is listed in
   * the Tasks tab and followed to its result.
   */
  start(
    client: Client,
    tool: Tool,
    args: Record<string, unknown>,
    timeoutMs: number,
    options: { asTask?: boolean } = {},
  ): number {
    const id = this.nextId++;
    const startedAt = performance.now();
    const asTask = options.asTask === true;
    this.records = [
      { id, tool, args, startedAt, status: 'running' as const, rounds: 1, ...(asTask ? { asTask } : {}) },
      ...this.records,
    ].slice(0, MAX_RECORDS);
    this.notify();
    const call = startToolCall({
      client,
      tool,
      args,
      timeoutMs,
      asTask,
      answerer: this.answerer,
      owner: callOwner(id),
      headers: mcpParamHeaders,
      timeoutSetting: 'set beside Run',
      events: {
        progress: (progress) => this.patch(id, { progress }),
        status: (status, rounds) =>
          this.patch(id, {
            status: status === 'waiting' ? 'waiting for you' : 'running',
            ...(rounds === undefined ? {} : { rounds }),
          }),
        task: (taskId, form, update) => {
          if (this.records.find((record) => record.id === id)?.taskId !== taskId) {
            this.patch(id, { taskId });
            this.tasks.setCanceler(taskId, () => this.cancel(id));
          }
          // An ended task can no longer be cancelled: said before the entry changes, so the
          // Tasks tab, which re-renders on the entry, drops its Cancel button with it.
          if (update.status !== undefined && TASK_ENDED.has(update.status)) {
            this.tasks.setCanceler(taskId, undefined);
          }
          const existing = this.tasks.getSnapshot().find((entry) => entry.taskId === taskId);
          this.tasks.put({
            ...existing,
            taskId,
            form,
            tool: tool.name,
            callId: id,
            ...update,
            status: update.status ?? existing?.status ?? 'working',
          });
        },
      },
    });
    this.calls.set(id, call);
    void call.done.then((end) => this.finish(id, end));
    return id;
  }

  cancel(id: number): void {
    this.calls.get(id)?.cancel();
  }

  /**
   * The record once its call has ended (a model's call waits on it, then reads its result): after
   * the log's own bookkeeping, which was attached to the call first.
   */
  whenEnded(id: number): Promise<CallRecord | undefined> {
    const record = () => this.records.find((candidate) => candidate.id === id);
    const call = this.calls.get(id);
    return call ? call.done.then(record) : Promise.resolve(record());
  }

  private finish(id: number, end: ToolCallEnd): void {
    this.calls.delete(id);
    this.patch(id, {
      status: end.status,
      endedAt: performance.now(),
      ...(end.status === 'done' ? { outcome: end.outcome } : { endReason: end.reason }),
    });
  }

  private patch(id: number, patch: Partial<CallRecord>): void {
    this.records = this.records.map((record) => (record.id === id ? { ...record, ...patch } : record));
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The owner of a call's input asks, for the views that show them on its card. */
export function callOwner(id: number): string {
  return `call:${id}`;
}
