import { describe, expect, it } from 'vitest';
import { MAX_NOTIFICATION_METHODS, TrafficWatch } from './trafficWatch.js';

describe("lint's traffic watch", () => {
  it('keeps each notification method once, however many times the server sends it', () => {
    const watch = new TrafficWatch();
    for (let n = 0; n < 100_000; n += 1) {
      watch.see('fromServer', { jsonrpc: '2.0', method: 'notifications/message', params: { n } });
    }
    watch.see('fromServer', { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(watch.notifications).toEqual(['notifications/message', 'notifications/tools/list_changed']);
  });

  it('keeps a bounded number of methods from a server that makes up a new one each time', () => {
    const watch = new TrafficWatch();
    for (let n = 0; n < 10_000; n += 1) {
      watch.see('fromServer', { jsonrpc: '2.0', method: `notifications/made-up-${n}` });
    }
    watch.see('fromServer', { jsonrpc: '2.0', method: 'x'.repeat(1_000_000) });
    expect(watch.notifications).toHaveLength(MAX_NOTIFICATION_METHODS);
    expect(watch.notifications.every((method) => method.length < 200)).toBe(true);
  });
});
