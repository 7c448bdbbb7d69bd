import type { AppMessage } from '../../wire.js';
import { SANDBOX_REPORT_METHOD } from '../../sandboxReport.js';
import type { TrafficRow } from './trafficRows.js';

/** MCP requests the page sent, by generation and id, for app messages that name them later. */
const REMEMBERED_REQUESTS = 4096;

/**
 * Pairs an MCP App's requests with the page's answers, and links each answer to the MCP requests
 * the page sent for it (an app's tools/call becomes the page's tools/call to the server). Kept
 * apart from the frame pairing: app ids are the app's own and never meet MCP ids.
 */
export class AppRowLinker {
  private pending = new Map<string, TrafficRow>();
  private requests = new Map<string, TrafficRow>();

  reset(): void {
    this.pending.clear();
    this.requests.clear();
  }

  /** A request the page sent to the server; an app message may name its id later. */
  rememberRequest(generation: number, id: string, row: TrafficRow): void {
    const key = `${generation}|${id}`;
    this.requests.delete(key);
    this.requests.set(key, row);
    if (this.requests.size > REMEMBERED_REQUESTS) {
      const oldest = this.requests.keys().next().value;
      if (oldest !== undefined) this.requests.delete(oldest);
    }
  }

  derive(row: TrafficRow, record: AppMessage, idText: (id: unknown) => string): void {
    row.kind = 'app';
    const message = (
      typeof record.message === 'object' && record.message !== null ? record.message : {}
    ) as Record<string, unknown>;
    const method = typeof message.method === 'string' ? message.method : undefined;
    const hasId = message.id !== undefined && message.id !== null;
    row.id = hasId ? idText(message.id) : undefined;
    row.method = method;
    row.isError =
      record.problem !== undefined || 'error' in message || isProblemReport(method, message.params);
    if (method !== undefined && row.id !== undefined) {
      this.pending.set(appKey(record, record.dir, row.id), row);
    } else if (method === undefined && row.id !== undefined) {
      const requestDir = record.dir === 'appToHost' ? 'hostToApp' : 'appToHost';
      const key = appKey(record, requestDir, row.id);
      const request = this.pending.get(key);
      if (request) {
        this.pending.delete(key);
        row.pair = request;
        request.pair = row;
        row.method = request.method;
        const latency = Math.round((record.t - request.record.t) * 1000) / 1000;
        row.latencyMs = latency;
        request.latencyMs = latency;
        if (row.isError) request.isError = true;
      }
    }
    const causes = (record.mcpIds ?? [])
      .map((id) => this.requests.get(`${record.generation}|${idText(id)}`))
      .filter((cause): cause is TrafficRow => cause !== undefined);
    if (causes.length > 0) {
      const asker = row.pair ?? row;
      row.causes = causes;
      asker.causes = causes;
      for (const cause of causes) cause.causedBy = asker;
    }
  }
}

function appKey(record: AppMessage, dir: string, id: string): string {
  return `${record.generation}|${record.view}|${dir}|${id}`;
}

/** The sandbox reports an app that broke (errors) or was held back (CSP blocks, only a warning). */
function isProblemReport(method: string | undefined, params: unknown): boolean {
  return (
    method === SANDBOX_REPORT_METHOD &&
    typeof params === 'object' &&
    params !== null &&
    (params as { kind?: unknown }).kind !== 'csp'
  );
}
