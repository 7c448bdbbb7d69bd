import { describe, expect, it } from 'vitest';
import type { TimelineRecord } from '../../../shared/wire';
import { TrafficLog } from '../../../shared/core/traffic/trafficLog';
import { logText } from './logEntries';
import { LevelView, LogIndex } from './logIndex';

const log = (
  seq: number,
  level: string,
  data: unknown,
  dir: 'fromServer' | 'toServer' = 'fromServer',
): TimelineRecord => ({
  type: 'frame',
  seq,
  t: seq * 10,
  dir,
  bytes: 0,
  generation: 1,
  message: { jsonrpc: '2.0', method: 'notifications/message', params: { level, logger: 'demo', data } },
});

describe('log entries', () => {
  const records: TimelineRecord[] = [
    log(1, 'debug', 'starting'),
    log(2, 'error', { code: 5 }),
    log(3, 'warning', 'careful', 'toServer'),
    { type: 'stderr', seq: 4, t: 40, generation: 1, line: 'not a log message' },
  ];

  it('keeps the server’s messages at or above the level, with their data as text', () => {
    const traffic = new TrafficLog();
    for (const record of records) traffic.append(record);
    const index = new LogIndex(traffic);
    index.sync();
    expect(new LevelView('debug').update(index).map((e) => [e.seq, e.level, logText(e)])).toEqual([
      [1, 'debug', 'starting'],
      [2, 'error', '{"code":5}'],
    ]);
    expect(new LevelView('warning').update(index).map((e) => e.seq)).toEqual([2]);
  });
});

describe('LogIndex and LevelView', () => {
  const fill = (traffic: TrafficLog, from: number, to: number): void => {
    for (let seq = from; seq <= to; seq += 1) {
      traffic.append(seq % 3 === 0 ? log(seq, 'error', `e${seq}`) : log(seq, 'debug', `d${seq}`));
    }
  };

  it('takes in only what arrived since the last sync, and a level view extends the same way', () => {
    const traffic = new TrafficLog();
    const index = new LogIndex(traffic);
    const errors = new LevelView('error');
    fill(traffic, 1, 6);
    index.sync();
    expect(errors.update(index).map((e) => e.seq)).toEqual([3, 6]);
    fill(traffic, 7, 9);
    index.sync();
    expect(index.count - index.firstIndex).toBe(9);
    expect(errors.update(index).map((e) => e.seq)).toEqual([3, 6, 9]);
  });

  it('drops what the log evicted and starts over when the log is cleared', () => {
    const traffic = new TrafficLog({ records: 5, bytes: Infinity });
    const index = new LogIndex(traffic);
    const all = new LevelView('debug');
    fill(traffic, 1, 8);
    index.sync();
    expect(all.update(index).map((e) => e.seq)).toEqual([4, 5, 6, 7, 8]);
    traffic.clear();
    index.sync();
    expect(all.update(index)).toEqual([]);
    fill(traffic, 9, 10);
    index.sync();
    expect(all.update(index).map((e) => e.seq)).toEqual([9, 10]);
  });
});
