import { ProtocolError, SdkError, type Client, type Tool } from '@modelcontextprotocol/client';
import type { RootsStore } from '../../bridge/rootsStore';
import type { ServerRequestQueue } from '../../bridge/serverRequests';
import { handedOffTask } from '../../bridge/taskHandoff';
import { formatSeconds } from '../../components/format';
import type { CallOutcome } from '../results/CallResultView';
import { followTask, TaskCancelled } from '../tasks/followTask';
import type { TaskList } from '../tasks/taskList';
import { CallTimer } from './callTimer';
import { mcpParamHeaders } from './mcpParamHeaders';
import { withInputRounds } from '../../bridge/withInputRounds';
import { InputRefused } from './inputRounds';

export type CallStatus = 'running' | 'waiting for you' | 'done' | 'cancelled' | 'timed out' | 'declined';

export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

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
  /** Why the call ended without an outcome (timed out, cancelled, input refused), in the person's words. */
  endReason?: string;
  endedAt?: number;
}

/** Old records beyond this are dropped: each may hold a large result. */
const MAX_RECORDS = 50;

/** The SDK's own timeout is switched off: the call's timer (which pauses) is the one that counts. */
const NO_SDK_TIMEOUT = 2_147_483_647;

/** How long a 2025-11-25 task is asked to be kept after it ends. */
const TASK_TTL_MS = 10 * 60_000;

/** The abort reason of a call the inspector gave up on. */
class InspectorTimeout extends Error {}

/**
 * The calls made from the tools workbench, newest first, several in flight at once. Not server
 * data (nothing to refetch), so a small store React reads with useSyncExternalStore.
 */
export class CallLog {
  private records: CallRecord[] = [];
  private listeners = new Set<() => void>();
  private controllers = new Map<number, AbortController>();
  private timers = new Map<number, CallTimer>();
  private nextId = 1;

  constructor(
    private readonly requests: ServerRequestQueue,
    private readonly roots: RootsStore,
    private readonly tasks: TaskList,
  ) {
    // While anything waits for the person, no call's timeout runs: a legacy server's
    // elicitation belongs to one of the calls in flight, and answering it is not the server's time.
    requests.subscribe(() => {
      const waiting = requests.getSnapshot().length > 0;
      for (const timer of this.timers.values()) timer.setPaused(waiting);
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallRecord[] => this.records;

  /**
   * Calls through `request` rather than `callTool`: the SDK's `callTool` throws when
   * structuredContent does not match the outputSchema, and an inspector must show exactly what
   * came back. `onprogress` makes the SDK attach a progressToken; aborting the signal makes it
   * send notifications/cancelled. An `input_required` answer (2026-07-28) is put to the person
   * on this call's card, then the call is sent again with the answers, round after round.
   */
  start(
    client: Client,
    tool: Tool,
    args: Record<string, unknown>,
    timeoutMs: number,
    options: { asTask?: boolean } = {},
  ): number {
    const id = this.nextId++;
    const controller = new AbortController();
    this.controllers.set(id, controller);
    const startedAt = performance.now();
    const timer = new CallTimer(timeoutMs, () =>
      controller.abort(
        new InspectorTimeout(
          `mcp-inspect stopped waiting after ${formatSeconds(timeoutMs)} without an answer (the inspector's own timeout, set beside Run) and sent notifications/cancelled`,
        ),
      ),
    );
    timer.setPaused(this.requests.getSnapshot().length > 0);
    this.timers.set(id, timer);
    const asTask = options.asTask === true;
    this.records = [
      { id, tool, args, startedAt, status: 'running' as const, rounds: 1, ...(asTask ? { asTask } : {}) },
      ...this.records,
    ].slice(0, MAX_RECORDS);
    this.notify();
    void this.run(client, id, tool, args, controller.signal, timer, asTask).then(
      (result) =>
        this.finish(id, 'done', { kind: 'result', result, durationMs: performance.now() - startedAt }),
      (error: unknown) => this.fail(id, error, controller.signal, performance.now() - startedAt),
    );
    return id;
  }

  cancel(id: number): void {
    this.controllers.get(id)?.abort(new Error('Cancelled in mcp-inspect'));
  }

  private async run(
    client: Client,
    id: number,
    tool: Tool,
    args: Record<string, unknown>,
    signal: AbortSignal,
    timer: CallTimer,
    asTask: boolean,
  ): Promise<Awaited<ReturnType<typeof callOnce>>> {
    // 2025-11-25 tasks are asked for per call; a 2026-07-28 server decides by itself.
    const params: Record<string, unknown> = {
      name: tool.name,
      arguments: args,
      ...(asTask ? { task: { ttl: TASK_TTL_MS } } : {}),
    };
    const result = await withInputRounds<Awaited<ReturnType<typeof callOnce>>>(
      (retry) =>
        callOnce(client, tool, { ...params, ...retry }, signal, (progress) => {
          timer.restart();
          this.patch(id, { progress });
        }),
      (round) => ({
        requests: this.requests,
        roots: this.roots,
        signal,
        origin: (key) => ({ owner: callOwner(id), round, key }),
      }),
      {
        asking: (round) => {
          this.patch(id, { status: 'waiting for you', rounds: round });
          timer.setPaused(true);
        },
        answered: (round) => {
          timer.setPaused(this.requests.getSnapshot().length > 0);
          timer.restart();
          this.patch(id, { status: 'running', rounds: round + 1 });
        },
      },
    );
    const handle = handedOffTask(result);
    return handle
      ? ((await this.followAsTask(client, id, tool, handle, signal, timer)) as typeof result)
      : result;
  }

  /**
   * The server made the call a task: the call's own timeout stops (a task lives by its TTL and
   * each poll is a request of its own), the Tasks tab lists it, and the call ends with its result.
   */
  private async followAsTask(
    client: Client,
    id: number,
    tool: Tool,
    handle: NonNullable<ReturnType<typeof handedOffTask>>,
    signal: AbortSignal,
    timer: CallTimer,
  ): Promise<unknown> {
    timer.stop();
    const taskId = String(handle.task.taskId);
    this.patch(id, { taskId });
    this.tasks.put({
      taskId,
      form: handle.form,
      tool: tool.name,
      callId: id,
      status: String(handle.task.status),
    });
    this.tasks.setCanceler(taskId, () => this.cancel(id));
    try {
      const result = await followTask({
        client,
        handle,
        signal,
        onUpdate: (patch) => {
          this.tasks.put({ ...this.entryBase(taskId, handle.form, tool, id), ...patch });
          if (patch.status === 'input_required') this.patch(id, { status: 'waiting for you' });
          else if (patch.status === 'working') this.patch(id, { status: 'running' });
        },
        answering: (round) => ({
          requests: this.requests,
          roots: this.roots,
          signal,
          origin: (key) => ({ owner: callOwner(id), round, key }),
        }),
      });
      this.tasks.put({ ...this.entryBase(taskId, handle.form, tool, id), status: 'completed', result });
      return result;
    } catch (error) {
      const status = error instanceof TaskCancelled || signal.aborted ? 'cancelled' : 'failed';
      this.tasks.put({
        ...this.entryBase(taskId, handle.form, tool, id),
        status,
        error: (error as Error).message,
      });
      throw error;
    } finally {
      this.tasks.setCanceler(taskId, undefined);
    }
  }

  private entryBase(taskId: string, form: 'modern' | 'legacy', tool: Tool, callId: number) {
    const existing = this.tasks.getSnapshot().find((entry) => entry.taskId === taskId);
    return { ...existing, taskId, form, tool: tool.name, callId, status: existing?.status ?? 'working' };
  }

  private fail(id: number, error: unknown, signal: AbortSignal, durationMs: number): void {
    if (signal.aborted) {
      const reason: unknown = signal.reason;
      if (reason instanceof InspectorTimeout) return this.finish(id, 'timed out', undefined, reason.message);
      return this.finish(
        id,
        'cancelled',
        undefined,
        'Cancelled: the server was sent notifications/cancelled, and its answer is ignored.',
      );
    }
    if (error instanceof InputRefused) return this.finish(id, 'declined', undefined, error.message);
    if (error instanceof TaskCancelled) return this.finish(id, 'cancelled', undefined, error.message);
    if (error instanceof ProtocolError) {
      return this.finish(id, 'done', {
        kind: 'error',
        code: error.code,
        message: error.message,
        data: error.data,
        durationMs,
      });
    }
    const message = error instanceof SdkError ? `${error.message} (${error.code})` : (error as Error).message;
    return this.finish(id, 'done', { kind: 'error', message, durationMs });
  }

  private finish(id: number, status: CallStatus, outcome?: CallOutcome, endReason?: string): void {
    this.controllers.delete(id);
    this.timers.get(id)?.stop();
    this.timers.delete(id);
    this.patch(id, {
      status,
      endedAt: performance.now(),
      ...(outcome ? { outcome } : {}),
      ...(endReason ? { endReason } : {}),
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

/** One request of a call: a tools/call that may come back complete or asking for input. */
function callOnce(
  client: Client,
  tool: Tool,
  params: Record<string, unknown>,
  signal: AbortSignal,
  onprogress: (progress: CallProgress) => void,
) {
  return client.request(
    { method: 'tools/call', params },
    {
      signal,
      timeout: NO_SDK_TIMEOUT,
      onprogress,
      allowInputRequired: true,
      // The tool's own x-mcp-header arguments go out as Mcp-Param-* headers (2026-07-28 HTTP).
      ...(client.getProtocolEra() === 'modern'
        ? { headers: mcpParamHeaders(tool, (params.arguments ?? {}) as Record<string, unknown>) }
        : {}),
    },
  );
}

/** The owner of a call's input asks, for the views that show them on its card. */
export function callOwner(id: number): string {
  return `call:${id}`;
}
