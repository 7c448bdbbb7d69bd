import { startBridge, type BridgeOptions, type RunningBridge } from '../http/bridgeServer.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { PageClient } from './pageClient.js';
import { TEST_TUNING } from './targets.js';

/** The token of the bridges started here, unless a test gives its own. */
export const TEST_TOKEN = 'bridge-test-token-0123456789abcdefghij';

/**
 * A bridge in this process on a free loopback port, quiet, with the tests' short waits; resolves
 * once its target's first start has ended.
 */
export async function startTestBridge(
  target: TargetSpec,
  options: Partial<BridgeOptions> = {},
): Promise<RunningBridge> {
  const bridge = await startBridge({
    target,
    token: TEST_TOKEN,
    host: '127.0.0.1',
    port: 0,
    version: 'test',
    log: () => undefined,
    tuning: TEST_TUNING,
    ...options,
  });
  await bridge.targetStarted;
  return bridge;
}

/** A page attached to the bridge, once the target is connected. */
export async function connectedPage(bridge: RunningBridge, token = TEST_TOKEN): Promise<PageClient> {
  const page = await PageClient.connect(bridge.port, token);
  await page.waitForState('connected');
  return page;
}
