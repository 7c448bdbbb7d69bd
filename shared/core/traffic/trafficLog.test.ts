import { describe, expect, it } from 'vitest';
import { TrafficLog } from './trafficLog.js';
import { TrafficIndex } from './trafficRows.js';
import { records } from './testRecords.js';

describe('TrafficLog', () => {
  it('keeps the newest records within its bound and counts what it evicted', () => {
    const r = records();
    const log = new TrafficLog({ records: 1_000, bytes: 1e9 });
    for (let i = 0; i < 25_000; i += 1) log.append(r.stderr(i, `line ${i}`));
    expect(log.size).toBe(1_000);
    expect(log.evicted).toBe(24_000);
    expect(log.all()[0]).toMatchObject({ line: 'line 24000' });
    expect(log.at(log.end - 1)).toMatchObject({ line: 'line 24999' });
    expect(log.at(0)).toBeUndefined();
  });

  it('bounds bytes too, always keeping the newest record', () => {
    const r = records();
    const log = new TrafficLog({ records: 100, bytes: 100 });
    log.append(r.request(0, 1, 'a')); // 40 bytes
    log.append(r.request(0, 2, 'b'));
    log.append(r.request(0, 3, 'c'));
    expect(log.all().map((record) => record.seq)).toEqual([2, 3]);
    expect(log.evicted).toBe(1);
  });

  it('marks sequence numbers the bridge no longer had with a gap record saying how many', () => {
    const r = records();
    const log = new TrafficLog();
    r.skip(41); // the bridge's buffer dropped 1…41 before this page attached
    log.receiveHistory([r.stderr(1, 'a'), r.stderr(2, 'b')]);
    r.skip(3);
    log.append(r.stderr(3, 'c'));
    expect(
      log.all().map((record) => [record.type, record.seq, 'count' in record ? record.count : '']),
    ).toEqual([
      ['gap', 1, 41],
      ['stderr', 42, ''],
      ['stderr', 43, ''],
      ['gap', 44, 3],
      ['stderr', 47, ''],
    ]);
  });

  it('skips history it already holds after a reconnect, and logs the reconnect', () => {
    const r = records();
    const log = new TrafficLog();
    const a = r.stderr(1, 'a');
    const b = r.stderr(2, 'b');
    log.socketStatus(true);
    log.append(a);
    log.socketStatus(false);
    log.socketStatus(false); // retries are not logged again
    log.socketStatus(true);
    log.receiveHistory([a, b]);
    expect(log.all().map((record) => record.type)).toEqual(['stderr', 'page', 'page', 'stderr']);
    expect(log.all()[1]).toMatchObject({ event: 'disconnected' });
    expect(log.all()[2]).toMatchObject({ event: 'reconnected' });
  });

  it('puts the history before live records that overtook it, without duplicates', () => {
    const r = records();
    const log = new TrafficLog();
    const a = r.stderr(1, 'a');
    const b = r.stderr(2, 'b');
    const c = r.stderr(3, 'c');
    log.sessionStarted(1_000);
    log.append(c); // sent live while the page attached, and also part of the history
    log.receiveHistory([a, b, c]);
    expect(log.all().map((record) => record.seq)).toEqual([1, 2, 3]);
  });

  it('starts over on clear without a false gap, and keeps the index in step', () => {
    const r = records();
    const log = new TrafficLog();
    const index = new TrafficIndex(log);
    log.append(r.stderr(0, 'a'));
    index.sync();
    log.clear();
    log.append(r.stderr(1, 'b'));
    index.sync();
    expect(index.rows.map((row) => row.record.type)).toEqual(['stderr']);
    expect(index.rows[0]?.position).toBe(0);
  });

  it('lets the index drop rows of evicted records', () => {
    const r = records();
    const log = new TrafficLog({ records: 10, bytes: 1e9 });
    const index = new TrafficIndex(log);
    for (let i = 0; i < 10_000; i += 1) {
      log.append(r.stderr(i, String(i)));
      if (i % 7 === 0) index.sync();
    }
    index.sync();
    expect(index.rows.map((row) => (row.record as { line: string }).line)).toEqual(
      log.all().map((record) => (record as { line: string }).line),
    );
  });
});
