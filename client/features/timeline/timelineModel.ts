import type { TrafficIndex, TrafficRow } from '../../../shared/core/traffic/trafficRows';

/*
 * The timeline's layout, DOM-free: bars in lanes, segments, ticks and HTTP exchanges, derived
 * from a TrafficIndex in one pass that looks at each row once (`sync` carries on from the last
 * position it saw). Ends are read from the rows when asked (a request's `pair` is filled in when
 * its answer comes), so a bar closes without the model being told.
 */

/** One request of a bar: a call, a round of a multi round-trip call, or a poll of a task. */
export interface Segment {
  /** The request row; its `pair` is the answer. */
  row: TrafficRow;
  kind: 'call' | 'round' | 'poll';
}

/** One logical call: a request until its answer, or every round of a conversation, or a task's life. */
export interface Bar {
  lane: number;
  /** When its first request was sent (it never changes: later rounds and polls only add to the end). */
  start: number;
  segments: Segment[];
  /** HTTP exchanges that carried its frames, in order. */
  http: TrafficRow[];
  /** A task the call started: its polls join the bar; open until a terminal status. */
  task?: { id: string; done: boolean };
  /** A request the server sent (elicitation, sampling…): its whole time is the page's (the person's) to answer. */
  fromServer: boolean;
  /** When its last request was cancelled or given up on (its notifications/cancelled): no answer will come. */
  cancelledAt?: number;
  /** Its end once closed, kept: drawing asks for it thousands of times a frame. Cleared when the bar changes. */
  endCache?: number;
  /** The canvas's colour for it, worked out once. */
  color?: string;
}

export type TickKind = 'notification' | 'app' | 'event' | 'error';

export interface Tick {
  t: number;
  row: TrafficRow;
  kind: TickKind;
}

/** What a row is drawn as: selecting a row highlights it. */
export type Drawn =
  { type: 'bar'; bar: Bar } | { type: 'tick'; tick: Tick } | { type: 'http'; row: TrafficRow };

/** Server requests that wait on the person, not on the page's code. */
const PERSON_METHODS = new Set(['elicitation/create', 'sampling/createMessage']);
const TASK_METHODS = new Set(['tasks/get', 'tasks/result', 'tasks/update', 'tasks/cancel']);
const TERMINAL_TASK = new Set(['completed', 'failed', 'cancelled']);

export function barStart(bar: Bar): number {
  return bar.start;
}

/** When a segment's answer came; undefined while it is pending. */
export function segmentEnd(segment: Segment): number | undefined {
  return segment.row.pair?.record.t;
}

/** True while more is to come: an unanswered request, a conversation waiting for input, a running task. */
export function barOpen(bar: Bar): boolean {
  const last = bar.segments[bar.segments.length - 1];
  if (bar.cancelledAt !== undefined && last?.row.pair === undefined) return false;
  if (!last || last.row.pair === undefined) return true;
  const conversation = last.row.conversation;
  if (conversation && !conversation.done) return true;
  return bar.task !== undefined && !bar.task.done;
}

/** The bar's end: its last answer, or `now` while open. */
export function barEnd(bar: Bar, now: number): number {
  if (bar.endCache !== undefined) return bar.endCache;
  if (barOpen(bar)) return Math.max(now, lastKnownTime(bar));
  bar.endCache = lastKnownTime(bar);
  return bar.endCache;
}

function lastKnownTime(bar: Bar): number {
  let end = barStart(bar);
  for (const segment of bar.segments) end = Math.max(end, segmentEnd(segment) ?? segment.row.record.t);
  return Math.max(end, bar.cancelledAt ?? end);
}

/** The person's waits on a bar: between a round's input_required answer and the next round, or a whole server request. */
export function barWaits(bar: Bar, now: number): { start: number; end: number }[] {
  if (bar.fromServer) return [{ start: barStart(bar), end: barEnd(bar, now) }];
  const waits: { start: number; end: number }[] = [];
  for (let i = 0; i < bar.segments.length; i += 1) {
    const segment = bar.segments[i];
    if (!segment || segment.kind !== 'round' || !segment.row.conversation) continue;
    const answered = segmentEnd(segment);
    if (answered === undefined) continue;
    const next = bar.segments[i + 1];
    if (next) waits.push({ start: answered, end: next.row.record.t });
    else if (!segment.row.conversation.done) waits.push({ start: answered, end: Math.max(answered, now) });
  }
  return waits;
}

/**
 * A lane's bars never overlap and are in start order, so they are in end order too: the visible
 * ones are found by binary search. `head` skips bars whose records the log evicted.
 */
export interface Lane {
  bars: Bar[];
  head: number;
}

export class TimelineModel {
  lanes: Lane[] = [];
  /** Ticks in time order (records arrive nearly sorted; the rare late one is inserted). */
  ticks: Tick[] = [];
  ticksHead = 0;
  /** HTTP exchanges no request claims (a GET stream, a notification's POST), in time order. */
  looseHttp: TrafficRow[] = [];
  looseHttpHead = 0;
  /** Earliest and latest time seen. */
  first = Number.POSITIVE_INFINITY;
  last = Number.NEGATIVE_INFINITY;
  /** Bumped when anything is added, for the canvas to know it must redraw. */
  revision = 0;

  private readonly drawn = new Map<number, Drawn>();
  private readonly tasks = new Map<string, Bar>();
  private lastPosition = -1;
  private generation = -1;
  private oldestPosition = 0;

  constructor(private readonly index: TrafficIndex) {}

  /** The bar, tick or exchange a row is drawn as. */
  drawnAs(row: TrafficRow): Drawn | undefined {
    return this.drawn.get(row.position);
  }

  /** Looks at the rows that arrived since the last call (the index must be synced first). */
  sync(): void {
    const index = this.index;
    if (index.generation !== this.generation) this.reset(index.generation);
    const oldest = index.rowAt(index.firstIndex)?.position;
    if (oldest === undefined) return;
    if (oldest > this.oldestPosition) this.evictBefore(oldest);
    const from = index.firstIndex + Math.max(0, this.lastPosition + 1 - oldest);
    for (let i = from; i < index.rowCount; i += 1) {
      const row = index.rowAt(i);
      if (!row) continue;
      this.add(row);
      this.lastPosition = row.position;
    }
    if (from < index.rowCount) this.revision += 1;
  }

  /** How many lanes are in use. */
  get laneCount(): number {
    return this.lanes.length;
  }

  private reset(generation: number): void {
    this.generation = generation;
    this.lanes = [];
    this.ticks = [];
    this.ticksHead = 0;
    this.looseHttp = [];
    this.looseHttpHead = 0;
    this.first = Number.POSITIVE_INFINITY;
    this.last = Number.NEGATIVE_INFINITY;
    this.drawn.clear();
    this.tasks.clear();
    this.lastPosition = -1;
    this.oldestPosition = 0;
    this.revision += 1;
  }

  private add(row: TrafficRow): void {
    const t = row.record.t;
    if (t < this.first) this.first = t;
    if (t > this.last) this.last = t;
    switch (row.kind) {
      case 'request':
        this.addRequest(row);
        return;
      case 'response':
      case 'error':
        this.addAnswer(row);
        return;
      case 'http':
        this.addHttp(row);
        return;
      case 'notification':
        this.addTick(row, 'notification');
        if (row.method === 'notifications/cancelled' && row.linked) {
          const bar = this.barOf(row.linked);
          if (bar) {
            bar.cancelledAt = row.record.t;
            bar.endCache = undefined;
          }
        }
        return;
      case 'app':
        this.addTick(row, 'app');
        return;
      default:
        this.addTick(row, row.isError ? 'error' : 'event');
    }
  }

  private addRequest(row: TrafficRow): void {
    const record = row.record;
    if (record.type !== 'frame') return;
    const params = paramsOf(row);
    // A later round of a conversation, or a poll of a task this session started: one more segment.
    const firstRound = row.conversation?.rounds[0];
    const joined =
      firstRound && firstRound !== row
        ? this.barOf(firstRound)
        : row.method !== undefined && TASK_METHODS.has(row.method) && typeof params.taskId === 'string'
          ? this.tasks.get(`${record.generation}|${params.taskId}`)
          : undefined;
    if (joined) {
      joined.segments.push({ row, kind: firstRound && firstRound !== row ? 'round' : 'poll' });
      joined.endCache = undefined;
      if (firstRound && joined.segments[0]) joined.segments[0].kind = 'round';
      this.drawn.set(row.position, { type: 'bar', bar: joined });
      return;
    }
    const bar: Bar = {
      lane: 0,
      start: record.t,
      segments: [{ row, kind: 'call' }],
      http: [],
      fromServer: record.dir === 'fromServer' && row.method !== undefined && PERSON_METHODS.has(row.method),
    };
    bar.lane = this.freeLane(record.t);
    const lane = this.lanes[bar.lane];
    if (lane) lane.bars.push(bar);
    else this.lanes.push({ bars: [bar], head: 0 });
    this.drawn.set(row.position, { type: 'bar', bar });
  }

  /** The first lane whose last bar ended by `start` (open bars hold their lane). */
  private freeLane(start: number): number {
    for (let i = 0; i < this.lanes.length; i += 1) {
      const lane = this.lanes[i];
      const last = lane?.bars[lane.bars.length - 1];
      if (!last || (!barOpen(last) && lastKnownTime(last) <= start)) return i;
    }
    return this.lanes.length;
  }

  private addAnswer(row: TrafficRow): void {
    const request = row.pair;
    const bar = request ? this.barOf(request) : undefined;
    if (!bar) {
      this.addTick(row, row.isError ? 'error' : 'event');
      return;
    }
    this.drawn.set(row.position, { type: 'bar', bar });
    const record = row.record;
    if (record.type !== 'frame') return;
    const result = (record.message as { result?: unknown }).result;
    const taskId = taskIdOf(result);
    if (taskId !== undefined && request?.method !== undefined && !TASK_METHODS.has(request.method)) {
      bar.task = { id: taskId, done: false };
      bar.endCache = undefined;
      this.tasks.set(`${record.generation}|${taskId}`, bar);
      return;
    }
    if (bar.task && request?.method !== undefined && TASK_METHODS.has(request.method)) {
      const status = (result as { status?: unknown } | undefined)?.status;
      if (
        row.isError ||
        request.method === 'tasks/result' ||
        request.method === 'tasks/cancel' ||
        (typeof status === 'string' && TERMINAL_TASK.has(status))
      ) {
        bar.task.done = true;
        bar.endCache = undefined;
        this.tasks.delete(`${record.generation}|${bar.task.id}`);
      }
    }
  }

  private addHttp(row: TrafficRow): void {
    const bar = row.linked ? this.barOf(row.linked) : undefined;
    if (bar) {
      bar.http.push(row);
      this.drawn.set(row.position, { type: 'bar', bar });
      return;
    }
    insertByTime(this.looseHttp, row, this.looseHttpHead, (r) => r.record.t);
    this.drawn.set(row.position, { type: 'http', row });
  }

  private addTick(row: TrafficRow, kind: TickKind): void {
    const tick: Tick = { t: row.record.t, row, kind };
    insertByTime(this.ticks, tick, this.ticksHead, (entry) => entry.t);
    this.drawn.set(row.position, { type: 'tick', tick });
  }

  private barOf(row: TrafficRow): Bar | undefined {
    const drawn = this.drawn.get(row.position);
    return drawn?.type === 'bar' ? drawn.bar : undefined;
  }

  /** Forgets what the log evicted, so a long session's timeline stays as bounded as its log. */
  private evictBefore(oldest: number): void {
    this.oldestPosition = oldest;
    const forget = (row: TrafficRow): void => {
      this.drawn.delete(row.position);
    };
    for (const lane of this.lanes) {
      while (lane.head < lane.bars.length) {
        const bar = lane.bars[lane.head];
        const firstRow = bar?.segments[0]?.row;
        // An open bar stays: it holds its lane and may still close.
        if (!bar || !firstRow || firstRow.position >= oldest || barOpen(bar)) break;
        for (const segment of bar.segments) {
          forget(segment.row);
          if (segment.row.pair) forget(segment.row.pair);
        }
        for (const http of bar.http) forget(http);
        // (A task's bar is closed only once its task ended, which took it out of `tasks` already.)
        lane.head += 1;
      }
      if (lane.head > 1024 && lane.head * 2 > lane.bars.length) {
        lane.bars = lane.bars.slice(lane.head);
        lane.head = 0;
      }
    }
    while (
      this.ticksHead < this.ticks.length &&
      (this.ticks[this.ticksHead]?.row.position ?? oldest) < oldest
    ) {
      forget((this.ticks[this.ticksHead] as Tick).row);
      this.ticksHead += 1;
    }
    if (this.ticksHead > 4096 && this.ticksHead * 2 > this.ticks.length) {
      this.ticks = this.ticks.slice(this.ticksHead);
      this.ticksHead = 0;
    }
    while (
      this.looseHttpHead < this.looseHttp.length &&
      (this.looseHttp[this.looseHttpHead]?.position ?? oldest) < oldest
    ) {
      forget(this.looseHttp[this.looseHttpHead] as TrafficRow);
      this.looseHttpHead += 1;
    }
    if (this.looseHttpHead > 4096 && this.looseHttpHead * 2 > this.looseHttp.length) {
      this.looseHttp = this.looseHttp.slice(this.looseHttpHead);
      this.looseHttpHead = 0;
    }
    const firstTick = this.ticks[this.ticksHead]?.t ?? Number.POSITIVE_INFINITY;
    let first = firstTick;
    for (const lane of this.lanes) {
      const bar = lane.bars[lane.head];
      if (bar) first = Math.min(first, barStart(bar));
    }
    if (Number.isFinite(first)) this.first = first;
  }
}

/** Appends in time order; a record stamped earlier than the last (a page event) is inserted where it goes. */
function insertByTime<T>(list: T[], item: T, head: number, timeOf: (item: T) => number): void {
  const t = timeOf(item);
  const lastItem = list[list.length - 1];
  if (lastItem === undefined || timeOf(lastItem) <= t) {
    list.push(item);
    return;
  }
  list.splice(firstAtOrAfter(list, t, head, list.length, timeOf, true), 0, item);
}

/**
 * The first index in [low, high) whose time is >= t (or > t when `after`); `high` when none.
 * The lists are in time order, so a window's items are found in log time.
 */
export function firstAtOrAfter<T>(
  list: readonly T[],
  t: number,
  low: number,
  high: number,
  timeOf: (item: T) => number,
  after = false,
): number {
  let lo = low;
  let hi = high;
  while (lo < hi) {
    const middle = (lo + hi) >> 1;
    const at = timeOf(list[middle] as T);
    if (after ? at <= t : at < t) lo = middle + 1;
    else hi = middle;
  }
  return lo;
}

function paramsOf(row: TrafficRow): Record<string, unknown> {
  const record = row.record;
  if (record.type !== 'frame') return {};
  const params = (record.message as { params?: unknown }).params;
  return typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
}

/** A task handle in a result, in either era's form. */
function taskIdOf(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const r = result as Record<string, unknown>;
  if (r.resultType === 'task' && typeof r.taskId === 'string') return r.taskId;
  const task = r.task as { taskId?: unknown } | undefined;
  return typeof task === 'object' && task !== null && typeof task.taskId === 'string'
    ? task.taskId
    : undefined;
}
