import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { isRequest, isResponse, isResultResponse } from '../jsonRpcShape.js';

/** Where the core's tool call finds a task handle that a tools/call answered with. */
export const TASK_HANDOFF_KEY = 'mcp-inspect/taskHandoff';

/** A task a tools/call created, in either era's shape, as the server sent it. */
export interface TaskHandle {
  /** `modern`: the 2026-07-28 tasks extension; `legacy`: 2025-11-25 core tasks. */
  form: 'modern' | 'legacy';
  task: Record<string, unknown>;
}

/**
 * The SDK v2 client (2.4.0) cannot take a tools/call answered with a task: a modern
 * `resultType: "task"` is rejected as an unsupported result type, and a 2025 `{ task }` result as
 * an invalid tool result (no `content`), and either way the handle is lost. The page's transport
 * therefore hands the client such an answer as an empty complete result that carries the handle
 * under `_meta[TASK_HANDOFF_KEY]`, for the call log to follow the task itself. The traffic pane
 * shows the frame as the server sent it: this only changes what the SDK client is given.
 */
export class TaskHandoff {
  /** Ids of tools/call requests in flight; only their answers may be handed off. */
  private calls = new Set<string>();

  noteOutgoing(message: JSONRPCMessage): void {
    if (isRequest(message) && message.method === 'tools/call') {
      this.calls.add(JSON.stringify(message.id));
    }
  }

  adapt(message: JSONRPCMessage): JSONRPCMessage {
    if (!isResponse(message) || message.id === undefined) return message;
    const key = JSON.stringify(message.id);
    if (!this.calls.delete(key) || !isResultResponse(message)) return message;
    const handle = taskHandleOf(message.result as Record<string, unknown>);
    if (!handle) return message;
    // A modern result must say it is complete (2026-07-28); a 2025 one must not need to.
    const complete = handle.form === 'modern' ? { resultType: 'complete' } : {};
    return {
      ...message,
      result: { ...complete, content: [], _meta: { [TASK_HANDOFF_KEY]: handle } },
    } as JSONRPCMessage;
  }
}

function taskHandleOf(result: Record<string, unknown>): TaskHandle | undefined {
  if (result.resultType === 'task' && typeof result.taskId === 'string') {
    const { resultType: _resultType, content: _content, ...task } = result;
    return { form: 'modern', task };
  }
  const task = result.task;
  if (
    typeof task === 'object' &&
    task !== null &&
    typeof (task as { taskId?: unknown }).taskId === 'string'
  ) {
    return { form: 'legacy', task: task as Record<string, unknown> };
  }
  return undefined;
}

/** The handle a call log finds in a result the transport handed off, if any. */
export function handedOffTask(result: unknown): TaskHandle | undefined {
  const meta = (result as { _meta?: Record<string, unknown> } | null)?._meta;
  const handle = meta?.[TASK_HANDOFF_KEY];
  return typeof handle === 'object' && handle !== null ? (handle as TaskHandle) : undefined;
}

type MessageHandler = NonNullable<Transport['onmessage']>;

/** Marks a transport already fitted, so fitting it twice adapts nothing twice. */
const FITTED = Symbol('mcp-inspect task handoff');

/**
 * Fits a transport with the task handoff, in place: its `send` notes each tools/call, and the
 * handler the SDK client sets as `onmessage` gets a task answer handed off. In place rather than
 * wrapped, because the SDK reads other fields of the transport it holds (a stdio-shaped one's
 * `pid` and `stderr` decide how the era probe behaves; `setProtocolVersion`), and a wrapper would
 * hide them. Call before `client.connect(transport)`.
 */
export function withTaskHandoff<T extends Transport>(transport: T): T {
  const fitted = transport as T & { [FITTED]?: true };
  if (fitted[FITTED]) return transport;
  fitted[FITTED] = true;
  const handoff = new TaskHandoff();
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    handoff.noteOutgoing(message);
    return send(message, options);
  };
  const initial = transport.onmessage;
  let handler: MessageHandler | undefined;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => handler,
    set: (next: MessageHandler | undefined) => {
      handler = next && ((message, ...rest) => next(handoff.adapt(message), ...rest));
    },
  });
  transport.onmessage = initial;
  return transport;
}
