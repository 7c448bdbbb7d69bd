import { describe, expect, it } from 'vitest';
import { FilteredRows, NO_FILTER, type TrafficFilter } from './trafficFilter';
import { fromJsonLines, toJsonLines } from '../../../shared/core/traffic/jsonLines';
import { TrafficLog } from '../../../shared/core/traffic/trafficLog';
import { TrafficIndex } from '../../../shared/core/traffic/trafficRows';
import { summarize } from '../../../shared/core/traffic/trafficSummary';
import { records } from '../../../shared/core/traffic/testRecords';

function session() {
  const r = records();
  const log = new TrafficLog({ records: 50, bytes: 1e9 });
  log.append(r.request(0, 1, 'tools/list'));
  log.append(r.result(2, 1, { tools: [{ name: 'Echo' }] }));
  log.append(r.request(3, 2, 'tools/call', { name: 'fail' }));
  log.append(r.error(9, 2, 'Refused'));
  log.append(r.stderr(10, 'server ready'));
  log.append(r.notification(11, 'notifications/message', { data: 'hello' }, 'fromServer'));
  return { r, log };
}

function view(log: TrafficLog, patch: Partial<TrafficFilter>) {
  const index = new TrafficIndex(log);
  index.sync();
  return new FilteredRows({ ...NO_FILTER, ...patch }).update(index).map((row) => row.record.seq);
}

describe('filters', () => {
  it('filter by direction, kind, several methods, errors, stderr, and text', () => {
    const { log } = session();
    expect(view(log, {})).toEqual([1, 2, 3, 4, 5, 6]);
    expect(view(log, { directions: new Set(['toServer']) })).toEqual([1, 3]);
    expect(view(log, { kinds: new Set(['response', 'error']) })).toEqual([2, 4]);
    expect(view(log, { kinds: new Set(['event']) })).toEqual([5]);
    // A response belongs to its request's method.
    expect(view(log, { methods: new Set(['tools/list', 'notifications/message']) })).toEqual([1, 2, 6]);
    expect(view(log, { errorsOnly: true })).toEqual([3, 4]);
    expect(view(log, { hideStderr: true })).toEqual([1, 2, 3, 4, 6]);
    expect(view(log, { search: 'ECHO' })).toEqual([2]);
    expect(view(log, { search: '  ready ' })).toEqual([5]);
  });

  it('updates incrementally as rows arrive and as old ones are evicted', () => {
    const { r, log } = session();
    const index = new TrafficIndex(log);
    const filtered = new FilteredRows({ ...NO_FILTER, hideStderr: true });
    index.sync();
    expect(filtered.update(index)).toHaveLength(5);
    for (let i = 0; i < 200; i += 1) {
      log.append(i % 2 ? r.stderr(20, 'x') : r.notification(20, 'n', {}, 'fromServer'));
      index.sync();
      filtered.update(index);
    }
    const fresh = new FilteredRows({ ...NO_FILTER, hideStderr: true }).update(index);
    expect(filtered.rows.map((row) => row.position)).toEqual(fresh.map((row) => row.position));
    expect(fresh).toHaveLength(25);
  });
});

describe('summary', () => {
  it('counts kinds and errors and gives latency percentiles per method', () => {
    const { log } = session();
    const index = new TrafficIndex(log);
    index.sync();
    const figures = summarize(index);
    expect(figures.totals).toMatchObject({ request: 2, response: 1, error: 1, notification: 1, events: 1 });
    expect(figures.totals.flaggedErrors).toBe(1);
    expect(figures.latency).toEqual([
      { method: 'tools/call', count: 1, p50: 6, p95: 6 },
      { method: 'tools/list', count: 1, p50: 2, p95: 2 },
    ]);
  });
});

describe('JSON Lines', () => {
  it('round-trips a session with its stamps, and says which lines it skipped', () => {
    const { log } = session();
    const text = toJsonLines(log.all(), 1_700_000_000_000);
    expect(text.trim().split('\n')).toHaveLength(7);
    const back = fromJsonLines(`${text}not json\n{"type":"frame"}\n`);
    expect(back.records).toEqual(log.all());
    expect(back.startedAt).toBe(1_700_000_000_000);
    expect(back.skipped.map((s) => s.line)).toEqual([8, 9]);
  });
});
