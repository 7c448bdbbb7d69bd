import { describe, expect, it } from 'vitest';
import type { TimelineRecord } from '../../../shared/wire';
import { eventText } from './eventText';
import { matchesFilter, NO_FILTER } from './trafficFilter';
import { TrafficLog } from '../../../shared/core/traffic/trafficLog';
import { TrafficIndex } from '../../../shared/core/traffic/trafficRows';
import { records } from '../../../shared/core/traffic/testRecords';

/** An app record as the bridge stamps it, following the frames' sequence numbers. */
function app(
  seq: number,
  t: number,
  dir: 'appToHost' | 'hostToApp',
  message: unknown,
  extra: Record<string, unknown> = {},
): TimelineRecord {
  return {
    type: 'app',
    seq,
    t,
    generation: 1,
    view: 'call 1',
    uri: 'ui://demo/app.html',
    dir,
    message,
    bytes: 60,
    ...extra,
  } as TimelineRecord;
}

describe('MCP App messages in the traffic', () => {
  it("pair the app's request with the page's answer and link it to the MCP request it caused", () => {
    const r = records();
    const log = new TrafficLog();
    log.append(
      app(1, 10, 'appToHost', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'refresh' } }),
    );
    r.skip(1);
    log.append(r.request(11, 17, 'tools/call', { name: 'refresh' }));
    log.append(r.result(14, 17));
    log.append(app(4, 15, 'hostToApp', { jsonrpc: '2.0', id: 3, result: { content: [] } }, { mcpIds: [17] }));
    const index = new TrafficIndex(log);
    index.sync();
    const [asked, mcpCall, , answered] = index.rows;
    expect(asked).toMatchObject({ kind: 'app', method: 'tools/call', id: '3', latencyMs: 5 });
    expect(answered?.pair).toBe(asked);
    expect(answered?.method).toBe('tools/call');
    expect(asked?.causes).toEqual([mcpCall]);
    expect(mcpCall?.causedBy).toBe(asked);
    expect(eventText(asked!)).toBe('app → host tools/call');
    expect(eventText(answered!)).toBe('host → app response to tools/call');
    // App messages are their own kind in the filter, and their JSON is searchable.
    expect(matchesFilter(asked!, { ...NO_FILTER, kinds: new Set(['app']) }, '')).toBe(true);
    expect(matchesFilter(mcpCall!, { ...NO_FILTER, kinds: new Set(['app']) }, '')).toBe(false);
    expect(matchesFilter(asked!, NO_FILTER, 'refresh')).toBe(true);
  });

  it('flag malformed messages, error answers and sandbox reports as errors', () => {
    const log = new TrafficLog();
    log.append(app(1, 1, 'appToHost', 'hello?', { problem: 'Not JSON-RPC: a string' }));
    log.append(
      app(2, 2, 'appToHost', { jsonrpc: '2.0', id: 1, method: 'ui/open-link', params: { url: 'x' } }),
    );
    log.append(
      app(3, 3, 'hostToApp', { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad url' } }),
    );
    log.append(
      app(4, 4, 'appToHost', {
        jsonrpc: '2.0',
        method: 'mcp-inspect/sandbox-report',
        params: { kind: 'error', message: 'boom' },
      }),
    );
    const index = new TrafficIndex(log);
    index.sync();
    const [garbage, link, refused, report] = index.rows;
    expect(garbage?.isError).toBe(true);
    expect(eventText(garbage!)).toBe('app → host malformed message (Not JSON-RPC: a string)');
    expect(eventText(refused!)).toBe('host → app error to ui/open-link');
    expect(link?.isError).toBe(true);
    expect(refused?.isError).toBe(true);
    expect(report?.isError).toBe(true);
    expect(eventText(report!)).toBe('app → host mcp-inspect/sandbox-report: boom');
  });
});
