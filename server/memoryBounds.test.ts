import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { CLI_TOKEN, startCli, type Cli } from './testSupport/cliProcess.js';
import { PageClient } from './testSupport/pageClient.js';
import { eventually } from './testSupport/processes.js';
import { fixturePath } from './testSupport/targets.js';
import { scaledMemoryLimits } from './memoryLimits.js';

/**
 * A stalled peer costs the bridge bounded memory: the bridge runs as its own process (the CLI),
 * and its peak resident memory (VmHWM) is read from /proc once a test's load, a fixed amount,
 * has gone through. Each bound is stated next to its test; the figures measured are printed.
 *
 * The bridge runs with its memory bounds at a quarter of the product's (MCP_INSPECT_MEMORY_SCALE),
 * and each load is a quarter of what it was against the full bounds: the same proportions, in a
 * quarter of the CPU time. Each load is still several times what the bridge may keep.
 */
const MB = 1024 * 1024;
const SCALE = 0.25;
const LIMITS = scaledMemoryLimits(SCALE);
const inMb = (bytes: number): number => Math.round(bytes / MB);
/**
 * Garbage not yet collected at the peak, and each message's transient copies. Measured: the
 * stalled page's flood grew the bridge by 203–257 MB with its bounds (80 MB kept), and by 430 MB
 * without the page bound; the server that never reads, by 138–146 MB (40 MB kept).
 */
const GARBAGE_ROOM_MB = 200;

const pages: PageClient[] = [];
afterEach(() => {
  for (const page of pages.splice(0)) page.ws.terminate();
});

/** The CLI in front of a fixture server; resolves with it and its port once it prints its link. */
async function startBridgeProcess(t: TestContext, fixture: string): Promise<{ cli: Cli; port: number }> {
  const cli = startCli(t, ['--no-open', '--port', '0', '--', process.execPath, fixturePath(fixture)], {
    env: { MCP_INSPECT_MEMORY_SCALE: String(SCALE) },
  });
  const [, port] = await cli.waitForOutput(/127\.0\.0\.1:(\d+)\/#token/);
  return { cli, port: Number(port) };
}

/** Resident memory of a process, in MB: now, and its peak so far. */
function residentMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
  return { now: Math.round(field('VmRSS')), peak: Math.round(field('VmHWM')) };
}

async function connectPage(port: number): Promise<PageClient> {
  const page = await PageClient.connect(port, CLI_TOKEN);
  pages.push(page);
  await page.waitForState('connected');
  return page;
}

describe.skipIf(process.platform !== 'linux')('bounded memory against stalled peers', () => {
  it('drops a page that stops reading, tells it why, and keeps its memory bounded while 200 MB flood by', async (t) => {
    const { cli, port } = await startBridgeProcess(t, 'floodsLargeMessages.mjs');
    const page = await connectPage(port);
    await page.initialize();
    const before = residentMb(cli.child.pid!);
    let closed: { code: number; reason: string } | undefined;
    page.ws.once('close', (code, reason) => (closed = { code, reason: reason.toString() }));

    // The page stops reading: its TCP window fills, and what the bridge sends it waits there.
    const socket = (page.ws as unknown as { _socket: Socket })._socket;
    socket.pause();
    page.send({
      jsonrpc: '2.0',
      id: 'flood',
      method: 'tools/call',
      params: { name: 'flood', arguments: { count: 80, megabytes: 2.5 } },
    });
    // The server exits once it has written all 40; the bridge reports it once read.
    await cli.waitForOutput(/exited with code 0/, 60_000);
    const after = residentMb(cli.child.pid!);
    console.log(`stalled page, 80 × 2.5 MB: bridge RSS ${before.now} MB before, peak ${after.peak} MB`);
    expect(cli.output()).toMatch(/dropped a page: it fell behind: \d+ MB were waiting for it/);
    // Bound: the large-frame store and the page's backlog, and one 2.5 MB message in its few
    // transient copies, over the bridge's size before the flood, with room for garbage not yet
    // collected. Without the page bound the bridge would hold the whole flood as well.
    const kept = inMb(LIMITS.largeFrameStoreBytes + LIMITS.pageBacklogBytes);
    expect(after.peak - before.now).toBeLessThan(kept + GARBAGE_ROOM_MB);

    socket.resume();
    expect(await eventually(() => closed !== undefined, 40_000)).toBe(true);
    expect(closed).toEqual({
      code: 4004,
      reason: expect.stringMatching(
        /^This page fell behind: \d+ MB were waiting for it\. Reload it to catch up\.$/,
      ),
    });
  }, 120_000);

  it('refuses what a server that never reads would pile up, answers each refused call, and keeps its memory bounded', async (t) => {
    const { cli, port } = await startBridgeProcess(t, 'neverReadsStdin.mjs');
    const page = await connectPage(port);
    const before = residentMb(cli.child.pid!);
    // 100 MB of calls in 200 requests of half a megabyte, each kept whole in the history.
    const argument = 'z'.repeat(MB / 2);
    for (let id = 1; id <= 200; id++) {
      page.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x', arguments: { argument } } });
    }
    const answers = (): Record<string, unknown>[] =>
      page.received
        .filter((e) => e.type === 'frame' && e.dir === 'fromServer')
        .map((e) => e.message as Record<string, unknown>);
    // Only refused calls are answered (the server answers nothing): all but the first ~16
    // (what fills the stdin backlog), the last one last.
    expect(await eventually(() => answers().some((answer) => answer.id === 200), 60_000)).toBe(true);
    expect(answers().length).toBeGreaterThan(170);
    const after = residentMb(cli.child.pid!);
    console.log(
      `server never reading, 200 × 0.5 MB: bridge RSS ${before.now} MB before, peak ${after.peak} MB`,
    );
    expect(answers().at(-1)).toMatchObject({
      id: 200,
      error: {
        message: expect.stringMatching(/^Not sent: the MCP server is not reading its stdin \(\d+\.\d MB/),
      },
    });
    const told = page.received.filter((e) => e.type === 'transportError');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(/what the page sends is refused until it reads$/);
    // Bound: what the bridge keeps is the history, the stdin backlog (and one message) and the
    // page's backlog; the rest of the figure is garbage the collector has not taken yet (each
    // message is copied a few times on its way). Without the stdin bound the bridge would hold
    // all that is sent (with the product's bounds, 800 such calls took it to 1.2 GB).
    const kept = inMb(LIMITS.historyBytes + LIMITS.stdinBacklogBytes + LIMITS.pageBacklogBytes);
    expect(after.peak - before.now).toBeLessThan(kept + GARBAGE_ROOM_MB);
  }, 120_000);
});
