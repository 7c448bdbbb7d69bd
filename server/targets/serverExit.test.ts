import { afterEach, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../http/bridgeServer.js';
import { connectedPage, startTestBridge } from '../testSupport/bridges.js';
import { eventually, killAllWith, livePidsWith, newMarker } from '../testSupport/processes.js';
import { fixturePath } from '../testSupport/targets.js';

/**
 * A server's exit is seen from the process, not its pipes: a launcher that leaves a helper in
 * the background holding stdout (`sleep 1000 &` in a wrapper script) must not hide it.
 */
const LAUNCHER = fixturePath('leavesBackgroundChild.sh');

const bridges: RunningBridge[] = [];
const markers: string[] = [];
afterEach(async () => {
  await Promise.all(bridges.splice(0).map((bridge) => bridge.close()));
  for (const marker of markers.splice(0)) killAllWith(marker);
});

describe.skipIf(process.platform === 'win32')('a server that exits while a helper holds its pipes', () => {
  it('is reported at once with its code, its pending call answered, and the helper ended', async () => {
    const marker = newMarker();
    markers.push(marker);
    const bridge = await startTestBridge({
      kind: 'stdio',
      era: 'auto',
      command: 'sh',
      args: [LAUNCHER, marker],
      env: {},
      demo: false,
    });
    bridges.push(bridge);
    const page = await connectedPage(bridge);
    await page.initialize();
    // The launcher (sh, waiting for the server) and its helper carry the marker.
    expect(livePidsWith(marker)).toHaveLength(2);

    // The helper would hold the pipes for 1,000 s: an answer within the wait is the exit's.
    const answer = await page.request('tools/call', { name: 'crash', arguments: {} });
    expect(answer).toMatchObject({
      error: { message: 'The MCP server exited with code 7 before it answered', data: { exitCode: 7 } },
    });
    const exited = await page.waitForState('exited');
    expect(exited).toMatchObject({ code: 7 });
    expect(exited.stderrTail).toContain('about to crash');
    // What the server's group still ran is ended after it exited.
    expect(await eventually(() => livePidsWith(marker).length === 0, 5_000)).toBe(true);
  });
});
