import { describe, expect, it } from 'vitest';
import type { TimelineRecord } from '../../../shared/wire';
import { logEntriesOf } from './logEntries';

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
    expect(logEntriesOf(records, 'debug').map((e) => [e.seq, e.level, e.text])).toEqual([
      [1, 'debug', 'starting'],
      [2, 'error', '{"code":5}'],
    ]);
    expect(logEntriesOf(records, 'warning').map((e) => e.seq)).toEqual([2]);
  });
});
