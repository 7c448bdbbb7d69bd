import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { CallOutcome } from '../../../shared/core';
import type { TrafficRecord } from '../../../shared/core/traffic/trafficRecord';

/** One `tools/call` the host made, and how it ended if it did. */
export interface HostCall {
  /** The request's seq: a stable key. */
  seq: number;
  id: string;
  tool: Tool;
  arguments: unknown;
  outcome?: CallOutcome;
}

/**
 * The host's tool calls in a captured session, oldest first, each with its answer as a call
 * outcome the page's result view renders, and the tool as the server listed it to the host (its
 * outputSchema checks structuredContent), or by its name alone when the host never listed tools.
 */
export function hostCalls(records: readonly TrafficRecord[]): HostCall[] {
  const tools = new Map<string, Tool>();
  const lists = new Set<string>();
  const open = new Map<string, HostCall & { t: number }>();
  const calls: (HostCall & { t: number })[] = [];
  for (const record of records) {
    if (record.type !== 'frame') continue;
    const message = record.message as {
      id?: unknown;
      method?: string;
      params?: { name?: unknown; arguments?: unknown };
      result?: unknown;
      error?: { code?: unknown; message?: unknown; data?: unknown };
    };
    const id = message.id === undefined ? undefined : JSON.stringify(message.id);
    if (id === undefined) continue;
    if (record.dir === 'toServer') {
      if (message.method === 'tools/list') lists.add(id);
      if (message.method === 'tools/call') {
        const name = String(message.params?.name ?? '');
        const call = {
          seq: record.seq,
          t: record.t,
          id,
          tool: { name, inputSchema: { type: 'object' as const } },
          arguments: message.params?.arguments ?? {},
        };
        open.set(id, call);
        calls.push(call);
      }
      continue;
    }
    if (message.method !== undefined) continue;
    if (lists.delete(id)) {
      const listed = (message.result as { tools?: unknown } | undefined)?.tools;
      if (Array.isArray(listed))
        for (const tool of listed as Tool[]) if (typeof tool?.name === 'string') tools.set(tool.name, tool);
      continue;
    }
    const call = open.get(id);
    if (!call) continue;
    open.delete(id);
    const durationMs = Math.max(0, record.t - call.t);
    call.outcome = message.error
      ? {
          kind: 'error',
          ...(typeof message.error.code === 'number' ? { code: message.error.code } : {}),
          message: String(message.error.message ?? ''),
          data: message.error.data,
          durationMs,
        }
      : { kind: 'result', result: normalized(message.result), durationMs };
  }
  return calls.map(({ t: _t, ...call }) => ({ ...call, tool: tools.get(call.tool.name) ?? call.tool }));
}

/** A result as the result view reads it: a `content` array even when the server sent none. */
function normalized(result: unknown): CallToolResult {
  const value = (typeof result === 'object' && result !== null ? result : {}) as Partial<CallToolResult>;
  return { ...value, content: Array.isArray(value.content) ? value.content : [] } as CallToolResult;
}
