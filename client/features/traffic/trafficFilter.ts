import type { FrameDirection } from '../../../shared/wire';
import type { RowKind, TrafficIndex, TrafficRow } from '../../../shared/core/traffic/trafficRows';

/** Which rows the person wants to see. An empty set means "all". */
export interface TrafficFilter {
  directions: ReadonlySet<FrameDirection>;
  /** Frame kinds plus 'event' for everything that is not a frame. */
  kinds: ReadonlySet<FilterKind>;
  methods: ReadonlySet<string>;
  errorsOnly: boolean;
  hideStderr: boolean;
  /** Case-insensitive text searched in payloads; empty for none. */
  search: string;
}

export type FilterKind = 'request' | 'response' | 'error' | 'notification' | 'app' | 'event';

export const NO_FILTER: TrafficFilter = {
  directions: new Set(),
  kinds: new Set(),
  methods: new Set(),
  errorsOnly: false,
  hideStderr: false,
  search: '',
};

export function isFiltering(filter: TrafficFilter): boolean {
  return (
    filter.directions.size > 0 ||
    filter.kinds.size > 0 ||
    filter.methods.size > 0 ||
    filter.errorsOnly ||
    filter.hideStderr ||
    filter.search !== ''
  );
}

function filterKindOf(kind: RowKind): FilterKind {
  return kind === 'request' ||
    kind === 'response' ||
    kind === 'error' ||
    kind === 'notification' ||
    kind === 'app'
    ? kind
    : 'event';
}

/**
 * Whether a row passes. Direction and method apply to frames only; events have neither, and
 * a gap marker always shows: missing records are never hidden by a filter.
 */
export function matchesFilter(row: TrafficRow, filter: TrafficFilter, needle: string): boolean {
  const record = row.record;
  if (record.type === 'gap') return true;
  if (filter.kinds.size > 0 && !filter.kinds.has(filterKindOf(row.kind))) return false;
  if (filter.hideStderr && record.type === 'stderr') return false;
  if (filter.errorsOnly && !row.isError) return false;
  if (record.type === 'frame') {
    if (filter.directions.size > 0 && !filter.directions.has(record.dir)) return false;
    if (filter.methods.size > 0 && (row.method === undefined || !filter.methods.has(row.method)))
      return false;
  } else if (filter.methods.size > 0 || filter.directions.size > 0) {
    // Asking for certain methods or a direction is asking about frames.
    return false;
  }
  if (needle !== '') return searchText(row).includes(needle);
  return true;
}

/** The row's payload as lower-cased text, made once and kept on the row. */
export function searchText(row: TrafficRow): string {
  if (row.text === undefined) {
    const record = row.record;
    const text =
      record.type === 'frame'
        ? JSON.stringify(record.message)
        : record.type === 'stderr'
          ? record.line
          : record.type === 'transportError'
            ? `${record.message} ${record.raw ?? ''}`
            : record.type === 'state'
              ? `${record.state} ${record.reason ?? ''} ${record.note ?? ''}`
              : record.type === 'page'
                ? record.detail
                : record.type === 'app'
                  ? `${JSON.stringify(record.message)} ${record.problem ?? ''}`
                  : '';
    row.text = text.toLowerCase();
  }
  return row.text;
}

/**
 * The rows that pass a filter, kept up to date incrementally: while the filter and the
 * index's rows stay the same, each update only looks at rows that arrived since the last one.
 */
export class FilteredRows {
  private matched: TrafficRow[] = [];
  /** Position of the last row looked at; positions of held rows are consecutive. */
  private lastSeenPosition = -1;
  private indexGeneration = -1;
  private readonly needle: string;
  private readonly all: boolean;
  /** Bumped whenever the matched rows change, for memoized consumers. */
  version = 0;

  constructor(readonly filter: TrafficFilter) {
    this.needle = filter.search.trim().toLowerCase();
    this.all = !isFiltering(filter);
  }

  update(index: TrafficIndex): readonly TrafficRow[] {
    if (index.generation !== this.indexGeneration) {
      this.indexGeneration = index.generation;
      this.matched = [];
      this.lastSeenPosition = -1;
      this.version += 1;
    }
    const oldest = index.rowAt(index.firstIndex)?.position;
    if (oldest === undefined) return this.matched;
    const before = this.matched.length;
    // The index compacts its array now and then: the position says where to carry on.
    const from = index.firstIndex + Math.max(0, this.lastSeenPosition + 1 - oldest);
    for (let i = from; i < index.rowCount; i += 1) {
      const row = index.rowAt(i);
      if (row && (this.all || matchesFilter(row, this.filter, this.needle))) this.matched.push(row);
    }
    this.lastSeenPosition = index.rowAt(index.rowCount - 1)?.position ?? this.lastSeenPosition;
    // Rows the log evicted leave the view from its front.
    let drop = 0;
    while (drop < this.matched.length && (this.matched[drop]?.position ?? 0) < oldest) drop += 1;
    if (drop > 0) this.matched = this.matched.slice(drop);
    if (drop > 0 || this.matched.length !== before) this.version += 1;
    return this.matched;
  }

  get rows(): readonly TrafficRow[] {
    return this.matched;
  }
}
