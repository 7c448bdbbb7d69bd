import { jsonRpcKind } from '../../jsonRpcShape.js';
import { AppRowLinker } from './appRows.js';
import type { TrafficLog } from './trafficLog.js';
import type { FrameRecord, TrafficRecord } from './trafficRecord.js';

export type RowKind =
  | 'request'
  | 'response'
  | 'error'
  | 'notification'
  | 'state'
  | 'stderr'
  | 'transportError'
  | 'target'
  | 'page'
  | 'note'
  | 'http'
  | 'app'
  | 'gap';

/** What the pane shows for one record, derived once when it arrives (pairing fills in later). */
export interface TrafficRow {
  /** Absolute position in the log. */
  position: number;
  record: TrafficRecord;
  kind: RowKind;
  /** A frame's method; a response's is its request's. */
  method: string | undefined;
  /** A request's or response's JSON-RPC id, as text. */
  id: string | undefined;
  /** An error response, a tool result with isError, a transport error, a failed or crashed target. */
  isError: boolean;
  /** A request's response, or a response's request. */
  pair: TrafficRow | undefined;
  /** Response t − request t, at the bridge; set on both rows of a pair. */
  latencyMs: number | undefined;
  /** The request a progress or cancelled notification is about; the request an HTTP exchange carried. */
  linked: TrafficRow | undefined;
  /** For a request the page gave up on: why (its notifications/cancelled reason), instead of "pending". */
  ended?: 'cancelled' | 'timed out';
  /** For an MCP App's message: the MCP requests the page sent to answer it. */
  causes?: TrafficRow[];
  /** For an MCP request the page sent for an MCP App: the app's request it answers. */
  causedBy?: TrafficRow;
  /** The rounds of one multi round-trip call (2026-07-28), shared by every row of it. */
  conversation?: Conversation;
  /** Lower-cased searchable text, made the first time a search needs it. */
  text?: string;
}

/**
 * One logical call made of several requests: the first, answered `input_required`, then each
 * retry carrying the answers and the server's `requestState`, until a complete result.
 */
export interface Conversation {
  /** The request rows, one per round, in order. */
  rounds: TrafficRow[];
  /** Set when a round's answer is not `input_required`: the conversation is over. */
  done: boolean;
}

export const FRAME_KINDS = ['request', 'response', 'error', 'notification'] as const;

export interface TrafficTotals {
  request: number;
  response: number;
  error: number;
  notification: number;
  events: number;
  /** Errors: error responses, tool results with isError, transport errors, failed targets (a request is not counted again for its response). */
  flaggedErrors: number;
}

/**
 * Derives the rows of a TrafficLog incrementally: each `sync` looks only at the records that
 * arrived since the last one, so a flood of 100,000 frames costs each frame once. Pairs
 * responses with requests by (generation, direction, id), and links progress (by progress
 * token) and cancelled (by request id) notifications to their request.
 */
export class TrafficIndex {
  private rowsHeld: TrafficRow[] = [];
  private head = 0;
  private synced = 0;
  private epoch = -1;
  private pending = new Map<string, TrafficRow>();
  private byProgressToken = new Map<string, TrafficRow>();
  /** Conversations waiting for their next round, by the requestState (or method and name) it must carry. */
  private openConversations = new Map<string, Conversation>();
  private readonly apps = new AppRowLinker();
  private methodSet = new Set<string>();
  private methodList: string[] = [];
  /** Latencies of answered requests, per method, in arrival order. */
  readonly latencies = new Map<string, number[]>();
  totals: TrafficTotals = emptyTotals();
  /** Bumped when the rows start over (clear, import): filtered views must start over too. */
  generation = 0;

  constructor(private readonly log: TrafficLog) {}

  /** Brings the rows up to date with the log; cheap when nothing changed. */
  sync(): void {
    const log = this.log;
    if (log.epoch !== this.epoch) this.reset(log.epoch);
    for (let position = Math.max(this.synced, log.start); position < log.end; position += 1) {
      const record = log.at(position);
      if (record) this.rowsHeld.push(this.derive(position, record));
    }
    this.synced = log.end;
    // Rows of records the log evicted go too (kept in step with the log's own compaction).
    while (this.head < this.rowsHeld.length && (this.rowsHeld[this.head]?.position ?? 0) < log.start) {
      this.head += 1;
    }
    if (this.head > 4096 && this.head * 2 > this.rowsHeld.length) {
      this.rowsHeld = this.rowsHeld.slice(this.head);
      this.head = 0;
    }
  }

  /** Row positions are absolute; `rows` are the held ones, oldest first. */
  get rows(): readonly TrafficRow[] {
    return this.head === 0 ? this.rowsHeld : this.rowsHeld.slice(this.head);
  }

  /** Rows held, without copying: `rowAt(firstIndex … rowCount - 1)`. */
  get firstIndex(): number {
    return this.head;
  }

  get rowCount(): number {
    return this.rowsHeld.length;
  }

  rowAt(index: number): TrafficRow | undefined {
    return this.rowsHeld[index];
  }

  /** Every method seen, in order of first appearance. */
  get methods(): readonly string[] {
    return this.methodList;
  }

  private reset(epoch: number): void {
    this.epoch = epoch;
    this.generation += 1;
    this.rowsHeld = [];
    this.head = 0;
    this.synced = 0;
    this.pending.clear();
    this.byProgressToken.clear();
    this.openConversations.clear();
    this.apps.reset();
    this.methodSet.clear();
    this.methodList = [];
    this.latencies.clear();
    this.totals = emptyTotals();
  }

  private derive(position: number, record: TrafficRecord): TrafficRow {
    const row: TrafficRow = {
      position,
      record,
      kind: 'state',
      method: undefined,
      id: undefined,
      isError: false,
      pair: undefined,
      latencyMs: undefined,
      linked: undefined,
    };
    if (record.type === 'frame') {
      this.deriveFrame(row, record);
    } else if (record.type === 'http') {
      row.kind = 'http';
      row.isError = record.status === undefined || record.status >= 400;
      row.linked = this.httpLinked(record);
      this.totals.events += 1;
    } else if (record.type === 'app') {
      this.apps.derive(row, record, idText);
      this.totals.events += 1;
    } else {
      row.kind = record.type;
      row.isError =
        record.type === 'transportError' ||
        (record.type === 'state' &&
          (record.state === 'failed' ||
            (record.state === 'exited' && (record.code !== 0 || Boolean(record.signal)))));
      this.totals.events += 1;
      if (record.type === 'page' && record.event === 'newBridgeSession') {
        // Generations and ids start over with a new bridge; old requests cannot be answered.
        this.pending.clear();
        this.byProgressToken.clear();
      }
    }
    if (row.isError) this.totals.flaggedErrors += 1;
    return row;
  }

  private deriveFrame(row: TrafficRow, frame: FrameRecord): void {
    const kind = jsonRpcKind(frame.message);
    const message = frame.message as Record<string, unknown>;
    // An error response may have no id: the server could not read the request's.
    const id = message.id === undefined ? undefined : idText(message.id);
    row.id = id;
    if (kind === 'request' || kind === 'notification') {
      const method = message.method as string;
      row.method = method;
      this.noteMethod(method);
      if (kind === 'request' && id !== undefined) {
        row.kind = 'request';
        this.pending.set(pairKey(frame.generation, frame.dir, id), row);
        if (frame.dir === 'toServer') this.apps.rememberRequest(frame.generation, id, row);
        this.joinConversation(row, frame, method, message.params);
        const token = progressTokenOf(message.params);
        if (token !== undefined) this.byProgressToken.set(`${frame.generation}|${token}`, row);
      } else {
        row.kind = 'notification';
        row.linked = this.linkedRequest(frame, method, message.params);
      }
    } else {
      row.kind = kind === 'error' ? 'error' : 'response';
      row.isError = row.kind === 'error' || isToolError(message.result);
      const requestDir = frame.dir === 'toServer' ? 'fromServer' : 'toServer';
      const key = id === undefined ? undefined : pairKey(frame.generation, requestDir, id);
      const request = key === undefined ? undefined : this.pending.get(key);
      if (request && key !== undefined) {
        this.pending.delete(key);
        row.pair = request;
        request.pair = row;
        row.method = request.method;
        const latency = Math.round((frame.t - request.record.t) * 1000) / 1000;
        row.latencyMs = latency;
        request.latencyMs = latency;
        if (row.isError) request.isError = true;
        this.noteRoundResult(request, frame, message.result);
        if (request.method !== undefined) {
          let list = this.latencies.get(request.method);
          if (!list) this.latencies.set(request.method, (list = []));
          list.push(latency);
        }
        const token = progressTokenOf(
          (request.record as FrameRecord & { message: { params?: unknown } }).message.params,
        );
        if (token !== undefined) this.byProgressToken.delete(`${frame.generation}|${token}`);
      }
    }
    this.totals[row.kind as keyof TrafficTotals] += 1;
  }

  private linkedRequest(frame: FrameRecord, method: string, params: unknown): TrafficRow | undefined {
    const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
    if (
      method === 'notifications/progress' &&
      (typeof p.progressToken === 'string' || typeof p.progressToken === 'number')
    ) {
      return this.byProgressToken.get(`${frame.generation}|${p.progressToken}`);
    }
    // A modern change notification names its subscriptions/listen request (whose id is the subscription id).
    const meta = p._meta as Record<string, unknown> | undefined;
    const subscription = meta?.['io.modelcontextprotocol/subscriptionId'];
    if (subscription !== undefined) {
      return this.pending.get(pairKey(frame.generation, 'toServer', idText(subscription)));
    }
    if (method === 'notifications/cancelled' && p.requestId !== undefined) {
      // Whoever cancels is the one that sent the request, so it travelled the same way; a
      // cancelled request gets no response, so it is still pending.
      const request = this.pending.get(pairKey(frame.generation, frame.dir, idText(p.requestId)));
      if (request)
        request.ended = /timed? ?out|timeout|stopped waiting/i.test(String(p.reason ?? ''))
          ? 'timed out'
          : 'cancelled';
      return request;
    }
    // Over Streamable HTTP, the bridge saw which request's stream it came on (log messages, mostly).
    if (frame.relatedTo !== undefined) {
      return this.pending.get(pairKey(frame.generation, 'toServer', idText(frame.relatedTo)));
    }
    return undefined;
  }

  /** A retry joins the conversation whose `input_required` result it answers. */
  private joinConversation(row: TrafficRow, frame: FrameRecord, method: string, params: unknown): void {
    if (frame.dir !== 'toServer' || typeof params !== 'object' || params === null) return;
    const p = params as Record<string, unknown>;
    if (p.inputResponses === undefined) return;
    const key = conversationKey(frame.generation, method, p);
    const open = this.openConversations.get(key);
    if (!open) return;
    this.openConversations.delete(key);
    open.rounds.push(row);
    row.conversation = open;
  }

  /** An answer that asks for input opens (or continues) a conversation; any other ends it. */
  private noteRoundResult(request: TrafficRow, frame: FrameRecord, result: unknown): void {
    if (frame.dir !== 'fromServer' || request.method === undefined) return;
    const r = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
    const requestParams = (request.record as FrameRecord & { message: { params?: unknown } }).message.params;
    if (r.resultType !== 'input_required') {
      if (request.conversation) request.conversation.done = true;
      return;
    }
    const conversation = request.conversation ?? { rounds: [request], done: false };
    request.conversation = conversation;
    const p = (typeof requestParams === 'object' && requestParams !== null ? requestParams : {}) as Record<
      string,
      unknown
    >;
    this.openConversations.set(
      conversationKey(frame.generation, request.method, { ...p, requestState: r.requestState }),
      conversation,
    );
  }

  /** The request whose id the exchange's body carried (or answered). */
  private httpLinked(record: Extract<TrafficRecord, { type: 'http' }>): TrafficRow | undefined {
    for (const id of record.rpcIds) {
      const text = idText(id);
      const row =
        this.pending.get(pairKey(record.generation, 'toServer', text)) ??
        this.pending.get(pairKey(record.generation, 'fromServer', text));
      if (row) return row;
    }
    return undefined;
  }

  private noteMethod(method: string): void {
    if (this.methodSet.has(method)) return;
    this.methodSet.add(method);
    this.methodList = [...this.methodList, method];
  }
}

function emptyTotals(): TrafficTotals {
  return { request: 0, response: 0, error: 0, notification: 0, events: 0, flaggedErrors: 0 };
}

/** Ids 1 and "1" are different ids in JSON-RPC; the key keeps them apart. */
function idText(id: unknown): string {
  return typeof id === 'string' ? JSON.stringify(id) : String(id);
}

function pairKey(generation: number, dir: string, id: string): string {
  return `${generation}|${dir}|${id}`;
}

function progressTokenOf(params: unknown): string | number | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const token = (meta as { progressToken?: unknown }).progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

function isToolError(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
}

/**
 * What a retry must match: the server's requestState when it sent one (the retry echoes it
 * byte for byte), else the method and what it was called on.
 */
function conversationKey(generation: number, method: string, params: Record<string, unknown>): string {
  if (typeof params.requestState === 'string') return `${generation}|state|${params.requestState}`;
  const target = params.name ?? params.uri ?? '';
  return `${generation}|${method}|${String(target)}`;
}
