import { describe, expect, it } from 'vitest';
import { TrafficLog } from '../../shared/core/traffic/trafficLog';
import { TrafficIndex } from '../../shared/core/traffic/trafficRows';
import { readTrafficFile } from '../../shared/core/traffic/trafficFile';
import { records } from '../../shared/core/traffic/testRecords';
import { mergeTraffic, mergedTrafficFile } from './mergedTraffic';

/** A server page's log, its bridge session started at `startedAt` (wall clock). */
function serverLog(server: string, startedAt: number) {
  const log = new TrafficLog();
  log.sessionStarted(startedAt);
  log.receiveHistory([]);
  return { server, log, index: new TrafficIndex(log) };
}

describe("the workspace's merged traffic", () => {
  it("puts every server's rows on the wall clock, in the order they happened, each naming its server", () => {
    const a = serverLog('alpha', 10_000);
    const b = serverLog('beta', 10_500);
    const ra = records();
    const rb = records();
    a.log.append(ra.request(100, 1, 'tools/list')); // 10 100
    a.log.append(ra.result(900, 1)); // 10 900
    b.log.append(rb.request(100, 7, 'tools/call')); // 10 600
    b.log.append(rb.result(200, 7)); // 10 700
    const merged = mergeTraffic([a, b]);
    expect(merged.map((row) => [row.server, row.at, row.row.kind, row.row.method])).toEqual([
      ['alpha', 10_100, 'request', 'tools/list'],
      ['beta', 10_600, 'request', 'tools/call'],
      ['beta', 10_700, 'response', 'tools/call'],
      ['alpha', 10_900, 'response', 'tools/list'],
    ]);
    // Pairs stay within their server: beta's id 7 answered in 100 ms, alpha's id 1 in 800 ms.
    expect(merged.map((row) => row.row.latencyMs)).toEqual([800, 100, 100, 800]);
  });

  it('exports one traffic file the format reads, each record saying its server, t from the earliest start', () => {
    const a = serverLog('alpha', 10_000);
    const b = serverLog('beta', 10_500);
    a.log.append(records().request(100, 1, 'tools/list'));
    b.log.append(records().request(100, 7, 'tools/call'));
    const file = readTrafficFile(mergedTrafficFile(mergeTraffic([a, b]), 20_000));
    expect(file.header).toMatchObject({ startedAt: 10_000, exportedAt: 20_000 });
    expect(file.lines.map((line) => ('record' in line ? [line.record.server, line.record.t] : line))).toEqual(
      [
        ['alpha', 100],
        ['beta', 600],
      ],
    );
  });
});
