import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBridge } from './bridgeServer.js';
import { TEST_TOKEN, startTestBridge } from '../testSupport/bridges.js';
import { PageClient } from '../testSupport/pageClient.js';
import { scriptTarget } from '../testSupport/targets.js';

/**
 * A child that writes one 1.5 MB JSON-RPC notification when the page first writes to it, then
 * waits: the frame goes out while that page is attached, however late it connects.
 */
const BIG_LINE_SERVER = `
  process.stdin.once('data', () => {
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message',
      params: { level: 'info', data: 'x'.repeat(1_500_000) } }) + '\\n');
  });
  setInterval(() => {}, 1000);
`;

let bridge: RunningBridge;
beforeAll(async () => {
  bridge = await startTestBridge(scriptTarget(BIG_LINE_SERVER));
});
afterAll(() => bridge.close());

const get = (path: string, token?: string) =>
  fetch(
    `http://127.0.0.1:${bridge.port}${path}`,
    token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  );

describe('a frame over 1 MB', () => {
  it('reaches a reloaded page as its envelope, and whole from the frames route with the token', async () => {
    const first = await PageClient.connect(bridge.port, TEST_TOKEN);
    await first.waitForState('connected');
    first.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const live = await first.waitFor((e) => e.type === 'frame' && e.dir === 'fromServer');
    expect(live.elided).toBeUndefined();
    first.close();

    // A page attaching later gets the history: the big frame is only its envelope there.
    const later = await PageClient.connect(bridge.port, TEST_TOKEN);
    const history = await later.waitFor((e) => e.type === 'history');
    const elided = (history.records as { type: string; elided?: boolean; seq: number }[]).find(
      (r) => r.elided,
    );
    expect(elided).toBeDefined();
    later.close();

    expect((await get(`/api/frames/${elided!.seq}`)).status).toBe(401);
    const whole = await get(`/api/frames/${elided!.seq}`, TEST_TOKEN);
    expect(whole.status).toBe(200);
    expect(await whole.json()).toEqual(live.message);
    expect((await get('/api/frames/999999', TEST_TOKEN)).status).toBe(404);
  });
});
