import {
  ProtocolError,
  SdkError,
  type CallToolResult,
  type Client,
  type Tool,
} from '@modelcontextprotocol/client';
import type { WatchedAnswerer } from './answerer.js';
import { CallTimer } from './callTimer.js';
import { followTask, TaskCancelled, type TaskUpdate } from './followTask.js';
import { InputRefused, withInputRounds, type InputAnswering } from './inputRounds.js';
import { newAbortController, systemClock, type AbortSignalLike, type Clock } from './platform.js';
import { handedOffTask, type TaskHandle } from './taskHandoff.js';

export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** What a call came back with: a tool result (maybe `isError`), or a JSON-RPC error. */
export type CallOutcome =
  | { kind: 'result'; result: CallToolResult; durationMs: number }
  | { kind: 'error'; code?: number; message: string; data?: unknown; durationMs: number };

/**
 * How a call ended. `done` has an outcome; the others ended without one, with why in words
 * (a cancelled call's answer is dropped, as the spec says).
 */
export type ToolCallEnd =
  | { status: 'done'; outcome: CallOutcome }
  | { status: 'timed out' | 'cancelled' | 'declined'; reason: string };

/** What a call reports as it goes; every hook is optional. */
export interface ToolCallEvents {
  /** notifications/progress for this call (the call's timer starts over on each). */
  progress?(progress: CallProgress): void;
  /**
   * The call waits for the answerer (`waiting`), or for the server again (`running`); `rounds`
   * is how many requests the call has made or is about to make (1, more with input rounds), left
   * out for a task's input rounds, which are `tasks/update` requests, not new calls.
   */
  status?(status: 'waiting' | 'running', rounds?: number): void;
  /**
   * The server made the call a task: first with the handle's state, then each time the task is
   * seen, last with its result or error. The call's own timeout stops then (a task lives by its
   * TTL, and each poll is a request of its own).
   */
  task?(taskId: string, form: TaskHandle['form'], update: TaskUpdate): void;
}

export interface ToolCallOptions {
  client: Client;
  tool: Tool;
  args: Record<string, unknown>;
  /** The call's own timeout: it pauses while the answerer is busy and restarts on progress. */
  timeoutMs: number;
  /** Asks a 2025-11-25 server to run the call as a task (a 2026-07-28 server decides itself). */
  asTask?: boolean;
  /** Who answers the call's input rounds; the same as the client's (`createCoreClient`). */
  answerer: WatchedAnswerer;
  /** What the call's asks are tied to (AskOrigin.owner), e.g. `call:3`. */
  owner: string;
  /**
   * Per-request headers for a modern tools/call (the page's `Mcp-Param-*` mirrors, which the
   * bridge adds to its HTTP request); a transport that builds them itself needs none.
   */
  headers?: (tool: Tool, args: Record<string, unknown>) => Record<string, string> | undefined;
  /** Where the person sets the timeout, said when it expires: "set beside Run", "--timeout". */
  timeoutSetting?: string;
  events?: ToolCallEvents;
  clock?: Clock;
}

/** A call under way: how it ends (never a rejection), and how to cancel it. */
export interface ToolCall {
  done: Promise<ToolCallEnd>;
  /** Sends notifications/cancelled (or tasks/cancel for a task); the call ends `cancelled`. */
  cancel(): void;
}

/** The SDK's own timeout is switched off: the call's timer (which pauses) is the one that counts. */
const NO_SDK_TIMEOUT = 2_147_483_647;

/** How long a 2025-11-25 task is asked to be kept after it ends. */
const TASK_TTL_MS = 10 * 60_000;

/** The abort reason of a call the inspector gave up on. */
class InspectorTimeout extends Error {}

/**
 * Calls a tool as mcp-inspect does in either era, through `request` rather than `callTool`: the
 * SDK's `callTool` throws when structuredContent does not match the outputSchema, and an inspector
 * must show exactly what came back. An `input_required` answer (2026-07-28) is put to the
 * answerer and the call sent again, round after round; a task answer is followed to its result.
 * The call's timer pauses while the answerer is busy (a legacy server's elicitation belongs to
 * one of the calls in flight, and answering it is not the server's time).
 */
export function startToolCall(options: ToolCallOptions): ToolCall {
  const clock = options.clock ?? systemClock;
  const controller = newAbortController();
  const { answerer, timeoutMs } = options;
  const setting = options.timeoutSetting ? `, ${options.timeoutSetting}` : '';
  const timer = new CallTimer(
    timeoutMs,
    () =>
      controller.abort(
        new InspectorTimeout(
          `mcp-inspect stopped waiting after ${formatSeconds(timeoutMs)} without an answer (the inspector's own timeout${setting}) and sent notifications/cancelled`,
        ),
      ),
    clock,
  );
  timer.setPaused(answerer.isBusy());
  const stopWatching = answerer.onBusyChange(() => timer.setPaused(answerer.isBusy()));
  const startedAt = clock.now();
  const done = run(options, controller.signal, timer, clock).then(
    (result): ToolCallEnd => ({
      status: 'done',
      outcome: { kind: 'result', result, durationMs: clock.now() - startedAt },
    }),
    (error: unknown) => ended(error, controller.signal, clock.now() - startedAt),
  );
  void done.finally(() => {
    stopWatching();
    timer.stop();
  });
  return { done, cancel: () => controller.abort(new Error('Cancelled in mcp-inspect')) };
}

/** `startToolCall`, when nothing needs to cancel it. */
export function callTool(options: ToolCallOptions): Promise<ToolCallEnd> {
  return startToolCall(options).done;
}

async function run(
  options: ToolCallOptions,
  signal: AbortSignalLike,
  timer: CallTimer,
  clock: Clock,
): Promise<CallToolResult> {
  const { client, tool, args, answerer, owner, events = {} } = options;
  // 2025-11-25 tasks are asked for per call; a 2026-07-28 server decides by itself.
  const params: Record<string, unknown> = {
    name: tool.name,
    arguments: args,
    ...(options.asTask ? { task: { ttl: TASK_TTL_MS } } : {}),
  };
  const answering = (round: number): InputAnswering => ({
    answerer,
    signal,
    origin: (key) => ({ owner, round, key }),
  });
  const mirrored = client.getProtocolEra() === 'modern' ? options.headers?.(tool, args) : undefined;
  // Most tools mirror nothing: no headers then, rather than an empty set for the transport to sift.
  const headers = mirrored && Object.keys(mirrored).length > 0 ? mirrored : undefined;
  const result = await withInputRounds<CallToolResult>(
    (retry) =>
      client.request(
        { method: 'tools/call', params: { ...params, ...retry } },
        {
          signal,
          timeout: NO_SDK_TIMEOUT,
          onprogress: (progress: CallProgress) => {
            timer.restart();
            events.progress?.(progress);
          },
          allowInputRequired: true,
          ...(headers ? { headers } : {}),
        },
      ),
    answering,
    {
      asking: (round) => {
        events.status?.('waiting', round);
        timer.setPaused(true);
      },
      answered: (round) => {
        timer.setPaused(answerer.isBusy());
        timer.restart();
        events.status?.('running', round + 1);
      },
    },
  );
  const handle = handedOffTask(result);
  if (!handle) return result;
  timer.stop();
  const taskId = String(handle.task.taskId);
  const report = (update: TaskUpdate) => events.task?.(taskId, handle.form, update);
  report({ status: String(handle.task.status) });
  try {
    const final = await followTask({
      client,
      handle,
      signal,
      clock,
      answering,
      onUpdate: (update) => {
        report(update);
        if (update.status === 'input_required') events.status?.('waiting');
        else if (update.status === 'working') events.status?.('running');
      },
    });
    report({ status: 'completed', result: final });
    return final as CallToolResult;
  } catch (error) {
    const status = error instanceof TaskCancelled || signal.aborted ? 'cancelled' : 'failed';
    report({ status, error: (error as Error).message });
    throw error;
  }
}

function ended(error: unknown, signal: AbortSignalLike, durationMs: number): ToolCallEnd {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof InspectorTimeout) return { status: 'timed out', reason: reason.message };
    return {
      status: 'cancelled',
      reason: 'Cancelled: the server was sent notifications/cancelled, and its answer is ignored.',
    };
  }
  if (error instanceof InputRefused) return { status: 'declined', reason: error.message };
  if (error instanceof TaskCancelled) return { status: 'cancelled', reason: error.message };
  if (error instanceof ProtocolError) {
    return {
      status: 'done',
      outcome: { kind: 'error', code: error.code, message: error.message, data: error.data, durationMs },
    };
  }
  const message = error instanceof SdkError ? `${error.message} (${error.code})` : (error as Error).message;
  return { status: 'done', outcome: { kind: 'error', message, durationMs } };
}

/** "30 s", "1.5 s": a timeout in words. */
function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
