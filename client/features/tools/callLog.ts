import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CallOutcome } from '../results/CallResultView';

export type CallStatus = 'running' | 'done' | 'cancelled' | 'timed out';

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
  /** The latest notifications/progress for this call's progressToken. */
  progress?: CallProgress;
  /** Set once the call is over; a cancelled call has none (the spec drops its response). */
  outcome?: CallOutcome;
  endedAt?: number;
}

/** Old records beyond this are dropped: each may hold a large result. */
const MAX_RECORDS = 50;

/**
 * The calls made from the tools workbench, newest first, several in flight at once. Not server
 * data (nothing to refetch), so a small store React reads with useSyncExternalStore.
 */
export class CallLog {
  private records: CallRecord[] = [];
  private listeners = new Set<() => void>();
  private controllers = new Map<number, AbortController>();
  private nextId = 1;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallRecord[] => this.records;

  /**
   * Calls through `request` rather than `callTool`: the SDK's `callTool` throws when
   * structuredContent does not match the outputSchema, and an inspector must show exactly what
   * came back. `onprogress` makes the SDK attach a progressToken; aborting the signal makes it
   * send notifications/cancelled; the timeout restarts whenever progress arrives.
   */
  start(client: Client, tool: Tool, args: Record<string, unknown>, timeoutMs: number): number {
    const id = this.nextId++;
    const controller = new AbortController();
    this.controllers.set(id, controller);
    const startedAt = performance.now();
    this.records = [{ id, tool, args, startedAt, status: 'running' as const }, ...this.records].slice(
      0,
      MAX_RECORDS,
    );
    this.notify();
    void client
      .request({ method: 'tools/call', params: { name: tool.name, arguments: args } }, CallToolResultSchema, {
        signal: controller.signal,
        timeout: timeoutMs,
        resetTimeoutOnProgress: true,
        onprogress: (progress) => this.patch(id, { progress }),
      })
      .then(
        (result) =>
          this.finish(id, 'done', { kind: 'result', result, durationMs: performance.now() - startedAt }),
        (error: unknown) => {
          const durationMs = performance.now() - startedAt;
          if (controller.signal.aborted) return this.finish(id, 'cancelled');
          if (error instanceof McpError) {
            const outcome: CallOutcome = {
              kind: 'error',
              code: error.code,
              message: error.message,
              data: error.data,
              durationMs,
            };
            return this.finish(id, error.code === ErrorCode.RequestTimeout ? 'timed out' : 'done', outcome);
          }
          return this.finish(id, 'done', { kind: 'error', message: (error as Error).message, durationMs });
        },
      );
    return id;
  }

  cancel(id: number): void {
    this.controllers.get(id)?.abort(new Error('Cancelled in mcp-inspect'));
  }

  private finish(id: number, status: CallStatus, outcome?: CallOutcome): void {
    this.controllers.delete(id);
    this.patch(id, { status, endedAt: performance.now(), ...(outcome ? { outcome } : {}) });
  }

  private patch(id: number, patch: Partial<CallRecord>): void {
    this.records = this.records.map((record) => (record.id === id ? { ...record, ...patch } : record));
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
