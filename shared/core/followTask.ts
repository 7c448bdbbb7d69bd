import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { answerInputRequests, type InputAnswering } from './inputRounds.js';
import { sleep, systemClock, type AbortSignalLike, type Clock } from './platform.js';
import type { TaskHandle } from './taskHandoff.js';

/** Any JSON object: the task methods' results are read field by field below. */
const AnyResult = z.looseObject({});

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** What is known of a task each time its state is seen, and what it ended with. */
export interface TaskUpdate {
  status?: string;
  statusMessage?: string;
  /** How long the server keeps it, in ms, when it said. */
  ttlMs?: number;
  pollIntervalMs?: number;
  createdAt?: string;
  lastUpdatedAt?: string;
  /** The tool result it ended with. */
  result?: unknown;
  /** Why it failed or was cancelled, in words. */
  error?: string;
}

export interface Following {
  client: Client;
  handle: TaskHandle;
  signal: AbortSignalLike;
  /** Each time the task's state is seen. */
  onUpdate: (update: TaskUpdate) => void;
  /** Answers a modern task's input_required the way a multi round-trip call is answered. */
  answering: (round: number) => InputAnswering;
  clock?: Clock;
}

/** The task ended without a result because it was cancelled. */
export class TaskCancelled extends Error {}

/**
 * Follows a task a tools/call created until it ends, and resolves with the tool result it ends
 * with. Modern (2026-07-28 tasks extension): polls `tasks/get` (its `DetailedTask` carries the
 * result, the error, or the `inputRequests`, answered with `tasks/update`). Legacy (2025-11-25):
 * polls `tasks/get`, and once the task needs input or has ended asks `tasks/result`, which the
 * server holds open while it sends its elicitations and answers with the tool result. Aborting
 * the signal sends `tasks/cancel`.
 */
export async function followTask({
  client,
  handle,
  signal,
  onUpdate,
  answering,
  clock = systemClock,
}: Following): Promise<unknown> {
  const taskId = String(handle.task.taskId);
  const cancel = () => {
    void client.request({ method: 'tasks/cancel', params: { taskId } }, AnyResult).catch(() => undefined);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    let task: Record<string, unknown> = handle.task;
    for (let round = 1; ;) {
      onUpdate(entryPatch(task, handle.form));
      const status = String(task.status);
      if (handle.form === 'legacy' && (TERMINAL.has(status) || status === 'input_required')) {
        const result = await client.request({ method: 'tasks/result', params: { taskId } }, AnyResult, {
          signal,
        });
        onUpdate({ status: status === 'input_required' ? 'completed' : status, result });
        return result;
      }
      if (status === 'completed') return task.result;
      if (status === 'failed') {
        const error = (task.error ?? {}) as { code?: number; message?: string; data?: unknown };
        throw new ProtocolError(error.code ?? -32603, error.message ?? 'The task failed', error.data);
      }
      if (status === 'cancelled') throw new TaskCancelled(`Task ${taskId} was cancelled.`);
      if (status === 'input_required' && handle.form === 'modern') {
        const inputRequests = (task.inputRequests ?? {}) as Parameters<typeof answerInputRequests>[0];
        const inputResponses = await answerInputRequests(inputRequests, answering(round));
        round += 1;
        await client.request({ method: 'tasks/update', params: { taskId, inputResponses } }, AnyResult, {
          signal,
        });
      } else {
        await sleep(pollInterval(task, handle.form), signal, clock);
      }
      task = await client.request({ method: 'tasks/get', params: { taskId } }, AnyResult, { signal });
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/** The server's own poll interval, within reason: never faster than 100 ms, never slower than 5 s. */
function pollInterval(task: Record<string, unknown>, form: TaskHandle['form']): number {
  const asked = Number(form === 'modern' ? task.pollIntervalMs : task.pollInterval);
  return Number.isFinite(asked) ? Math.min(Math.max(asked, 100), 5_000) : 1_000;
}

function entryPatch(task: Record<string, unknown>, form: TaskHandle['form']): TaskUpdate {
  const ttl = Number(form === 'modern' ? task.ttlMs : task.ttl);
  const poll = Number(form === 'modern' ? task.pollIntervalMs : task.pollInterval);
  return {
    status: String(task.status),
    ...(typeof task.statusMessage === 'string' ? { statusMessage: task.statusMessage } : {}),
    ...(Number.isFinite(ttl) ? { ttlMs: ttl } : {}),
    ...(Number.isFinite(poll) ? { pollIntervalMs: poll } : {}),
    ...(typeof task.createdAt === 'string' ? { createdAt: task.createdAt } : {}),
    ...(typeof task.lastUpdatedAt === 'string' ? { lastUpdatedAt: task.lastUpdatedAt } : {}),
  };
}
