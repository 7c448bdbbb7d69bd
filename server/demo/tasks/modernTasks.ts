// The tasks extension of 2026-07-28 (`io.modelcontextprotocol/tasks`, SEP-2663) on an SDK v2
// server. SDK 2.4 has no server-side runtime for it, so the demo implements the wire itself: the
// capability in server/discover, a `resultType: "task"` handle from tools/call (only to clients
// that declare the extension on that request), and tasks/get, tasks/update and tasks/cancel,
// registered with explicit schemas (the SDK admits tasks/get and tasks/cancel on the modern era
// only that way, as extension methods).
import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type McpServer,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { TaskState, TaskStore } from './taskStore.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Server capabilities a modern instance adds to say it can create tasks. */
export const MODERN_TASKS_CAPABILITIES = { extensions: { [TASKS_EXTENSION]: {} } };

// The SDK types the lifted envelope loosely; only the part read here is checked.
const DeclaredExtensions = z.object({ extensions: z.record(z.string(), z.unknown()) });

/** Whether this request's client declared the tasks extension (per request, in the _meta envelope). */
export function clientSupportsTasks(ctx: ServerContext): boolean {
  const envelope: Record<string, unknown> = ctx.mcpReq.envelope ?? {};
  const declared = DeclaredExtensions.safeParse(envelope[CLIENT_CAPABILITIES_META_KEY]);
  return declared.success && declared.data.extensions[TASKS_EXTENSION] !== undefined;
}

/**
 * The CreateTaskResult a tools/call answers with. It travels through McpServer's tools/call
 * handler, which passes `resultType: "task"` through but adds `content: []` to any result without
 * content; saying so here keeps the wire honest about what the client receives.
 */
export function modernTaskHandle(task: TaskState): CallToolResult {
  return { ...wireTask(task), resultType: 'task', content: [] } as CallToolResult;
}

export function registerModernTaskMethods(server: McpServer, store: TaskStore): void {
  const TaskId = z.object({ taskId: z.string() });

  server.server.setRequestHandler('tasks/get', { params: TaskId }, ({ taskId }, ctx) => {
    requireTasksExtension(ctx);
    return detailedTask(found(store.get(taskId), taskId));
  });

  server.server.setRequestHandler('tasks/update', { params: TaskId }, ({ taskId }, ctx) => {
    requireTasksExtension(ctx);
    // The SDK lifts `inputResponses` out of the params of every request, as it does for a multi
    // round-trip retry, so they are read from the context.
    const inputResponses = ctx.mcpReq.inputResponses;
    if (!inputResponses)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'tasks/update needs inputResponses');
    if (!store.answer(taskId, inputResponses)) found(undefined, taskId);
    // An acknowledgement only: the task shows the answers' effect on the next tasks/get.
    return {};
  });

  server.server.setRequestHandler('tasks/cancel', { params: TaskId }, ({ taskId }, ctx) => {
    requireTasksExtension(ctx);
    // Cancelling a task that already ended is acknowledged too: cancellation is only a request.
    if (store.cancel(taskId) === undefined) found(undefined, taskId);
    return {};
  });
}

/** The Task fields shared by the handle, tasks/get and status notifications. */
function wireTask(task: TaskState) {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage !== undefined && { statusMessage: task.statusMessage }),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
  };
}

/** tasks/get's DetailedTask: the Task plus what its status carries. */
function detailedTask(task: TaskState) {
  return {
    ...wireTask(task),
    ...(task.status === 'input_required' && { inputRequests: task.inputRequests ?? {} }),
    ...(task.status === 'completed' && { result: task.result }),
    ...(task.status === 'failed' && { error: task.error }),
  };
}

function requireTasksExtension(ctx: ServerContext): void {
  // The extension requires -32021 for clients that did not declare it on the request.
  if (!clientSupportsTasks(ctx)) {
    throw new MissingRequiredClientCapabilityError({
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    });
  }
}

function found(task: TaskState | undefined, taskId: string): TaskState {
  if (!task)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Failed to retrieve task: Task ${taskId} not found`,
    );
  return task;
}
