// The experimental tasks of 2025-11-25 for legacy clients: `execution.taskSupport: "optional"` on
// long_task, the `tasks` capability, a task-augmented tools/call (`params.task`) answered with a
// CreateTaskResult (`{ task }`), and tasks/get, tasks/result, tasks/list and tasks/cancel.
//
// SDK v2 keeps the 2025 task vocabulary for interop (its 2025 codec accepts the methods, the
// capability and `execution`) but has no runtime for it, and its tools/call seam refuses a result
// that carries `task` ("another result family cannot default into an empty tools/call success").
// So the task-augmented call is taken off the connection before the SDK dispatches it, and
// answered directly on the same transport; every other message goes through untouched.
import {
  type ElicitRequestFormParams,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type McpServer,
  type MessageExtraInfo,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type RegisteredTool,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { LONG_TASK, LongTaskArgs, longTaskJob, TASK_POLL_MS, TASK_TTL_MS } from './longTask.js';
import { isTerminal, type TaskState, type TaskStore } from './taskStore.js';

/** Server capabilities a legacy instance adds: tasks for tools/call, listable and cancellable. */
export const LEGACY_TASKS_CAPABILITIES = {
  tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
};

export function serveLegacyTasks(server: McpServer, longTask: RegisteredTool, store: TaskStore): void {
  // McpServer lists `execution` as it finds it on the registered tool; registerTool has no option
  // for it, because SDK v2 itself never creates 2025 tasks.
  longTask.execution = { taskSupport: 'optional' };
  registerTaskMethods(server, store);
  acceptTaskAugmentedCalls(server, store);
}

/** The 2025 Task shape (`ttl`, `pollInterval`; the 2026 extension renamed them). */
function legacyTask(task: TaskState) {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage !== undefined && { statusMessage: task.statusMessage }),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttl: task.ttlMs,
    pollInterval: task.pollIntervalMs,
  };
}

// Explicit schemas: SDK v2's method-keyed types no longer name the 2025 task methods, though its
// 2025 codec still routes them.
const TaskId = z.object({ taskId: z.string() });
const Page = z.object({ cursor: z.string().optional() });

function registerTaskMethods(server: McpServer, store: TaskStore): void {
  server.server.setRequestHandler('tasks/get', { params: TaskId }, ({ taskId }) =>
    legacyTask(found(store.get(taskId))),
  );

  // One page: the demo never holds enough tasks to need a cursor.
  server.server.setRequestHandler('tasks/list', { params: Page }, () => ({
    tasks: store.list().map(legacyTask),
  }));

  // Blocks until the task has ended, then answers what the tools/call would have answered.
  server.server.setRequestHandler('tasks/result', { params: TaskId }, async ({ taskId }) => {
    const task = found(await store.waitForEnd(taskId));
    if (task.status === 'failed' && task.error) throw new ProtocolError(task.error.code, task.error.message);
    if (task.status !== 'completed' || !task.result) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `Task ${taskId} was ${task.status}: it has no result`,
      );
    }
    return { ...task.result, _meta: { ...task.result._meta, [RELATED_TASK_META_KEY]: { taskId } } };
  });

  server.server.setRequestHandler('tasks/cancel', { params: TaskId }, ({ taskId }) => {
    const outcome = store.cancel(taskId);
    // 2025-11-25: cancelling a task that already ended MUST be refused with -32602.
    if (outcome === 'terminal')
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} has already ended`);
    return legacyTask(found(outcome));
  });
}

function found(task: TaskState | undefined): TaskState {
  if (!task)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task not found');
  return task;
}

const TaskAugmentedCall = z.object({
  name: z.literal(LONG_TASK),
  arguments: z.record(z.string(), z.unknown()).optional(),
  task: z.object({ ttl: z.number().int().nonnegative().optional() }),
  _meta: z.object({ progressToken: z.union([z.string(), z.number()]).optional() }).optional(),
});

/**
 * Takes task-augmented long_task calls off the connection once the handshake is done (a 2025
 * connection cannot send one earlier) and answers them with a task handle.
 */
function acceptTaskAugmentedCalls(server: McpServer, store: TaskStore): void {
  const previous = server.server.oninitialized;
  server.server.oninitialized = () => {
    previous?.();
    const transport = server.server.transport;
    if (!transport) return;
    const deliver = transport.onmessage;
    transport.onmessage = <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => {
      const call =
        isJSONRPCRequest(message) && message.method === 'tools/call' ? parseCall(message) : undefined;
      if (!call) {
        deliver?.(message, extra);
        return;
      }
      const response = startTask(server, store, call);
      transport.send(response, { relatedRequestId: call.id }).catch(() => undefined);
    };
  };
}

type ParsedCall = { id: JSONRPCRequest['id']; params: z.infer<typeof TaskAugmentedCall> };

function parseCall(request: JSONRPCRequest): ParsedCall | undefined {
  const parsed = TaskAugmentedCall.safeParse(request.params);
  return parsed.success ? { id: request.id, params: parsed.data } : undefined;
}

function startTask(server: McpServer, store: TaskStore, { id, params }: ParsedCall): JSONRPCMessage {
  const args = LongTaskArgs.safeParse(params.arguments ?? {});
  if (!args.success) {
    return {
      jsonrpc: '2.0',
      id,
      error: {
        code: ProtocolErrorCode.InvalidParams,
        message: `Invalid arguments for ${LONG_TASK}: ${args.error.message}`,
      },
    };
  }
  const progressToken = params._meta?.progressToken;
  const notify = (method: string, notificationParams: Record<string, unknown>) =>
    void server.server.notification({ method, params: notificationParams }).catch(() => undefined);

  const task = store.start(
    (control) =>
      longTaskJob(args.data, control, (step) => {
        // The call's progress token stays valid for the whole task (2025-11-25 tasks, progress).
        if (progressToken !== undefined) {
          notify('notifications/progress', {
            progressToken,
            progress: step,
            total: args.data.steps,
            message: `Step ${step}/${args.data.steps}`,
          });
        }
      }),
    {
      // The client may ask for a shorter life than the demo's maximum, not a longer one.
      ttlMs: Math.min(params.task.ttl ?? TASK_TTL_MS, TASK_TTL_MS),
      pollIntervalMs: TASK_POLL_MS,
      // 2025 tasks ask the client directly, with the request tagged as belonging to the task.
      ask: async (requests, { taskId, signal }) => {
        const answers: Record<string, unknown> = {};
        for (const [key, request] of Object.entries(requests)) {
          if (request.method !== 'elicitation/create')
            throw new Error(`Cannot ask a 2025 client for ${request.method}`);
          const elicitation = request.params as ElicitRequestFormParams;
          answers[key] = await server.server.elicitInput(
            { ...elicitation, _meta: { ...elicitation._meta, [RELATED_TASK_META_KEY]: { taskId } } },
            // A person answers this: allow as long as the task lives, not the 60 s default.
            { signal, timeout: TASK_TTL_MS },
          );
        }
        return answers;
      },
    },
  );

  // notifications/tasks/status is optional in 2025-11-25; sending it lets clients skip a poll.
  const stopWatching = store.watch(task.taskId, (state) => {
    notify('notifications/tasks/status', legacyTask(state));
    if (isTerminal(state.status)) stopWatching();
  });
  return { jsonrpc: '2.0', id, result: { task: legacyTask(task) } satisfies Record<string, unknown> };
}
