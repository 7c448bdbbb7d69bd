import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_COMPARE_TARGET_PATH, API_FRAMES_PATH, AUTH_SCHEME } from '../../shared/http.js';
import { CLI_TOKEN, startCli, type Cli } from '../testSupport/cliProcess.js';
import { PageClient } from '../testSupport/pageClient.js';
import { eventually } from '../testSupport/processes.js';
import { fixturePath } from '../testSupport/targets.js';
import { scaledMemoryLimits } from '../targets/memoryLimits.js';

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
 * server that never reads grew the bridge by 138–146 MB (40 MB kept).
 */
const GARBAGE_ROOM_MB = 200;
/**
 * The same for the stalled page, whose large frames go to disk: it grew the bridge by 80–82 MB
 * (24 MB kept). With the large frames in its heap it grew by 203–257 MB (80 MB kept), and by
 * 430 MB without the page bound.
 */
const STALLED_PAGE_GARBAGE_ROOM_MB = 110;

const folders: string[] = [];
/** A folder for the bridge's temporary files, removed after the test. */
function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'memory-bounds-'));
  folders.push(folder);
  return folder;
}

const pages: PageClient[] = [];
afterEach(() => {
  for (const page of pages.splice(0)) page.ws.terminate();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The CLI in front of a fixture server; resolves with it and its port once it prints its link. */
async function startBridgeProcess(
  t: TestContext,
  fixture: string,
  env: NodeJS.ProcessEnv = {},
  args: string[] = [],
): Promise<{ cli: Cli; port: number }> {
  const cli = startCli(
    t,
    ['--no-open', '--port', '0', '--', process.execPath, fixturePath(fixture), ...args],
    {
      env: { MCP_INSPECT_MEMORY_SCALE: String(SCALE), ...env },
    },
  );
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
  it('drops a page that stops reading, tells it why, keeps the large frames on disk and its memory bounded while 200 MB flood by', async (t) => {
    const tmp = temporaryFolder();
    const { cli, port } = await startBridgeProcess(t, 'floodsLargeMessages.mjs', { TMPDIR: tmp });
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
    // The server exits once it has written all 80; the bridge reports it once read.
    await cli.waitForOutput(/exited with code 0/, 60_000);
    const after = residentMb(cli.child.pid!);
    console.log(`stalled page, 80 × 2.5 MB: bridge RSS ${before.now} MB before, peak ${after.peak} MB`);
    expect(cli.output()).toMatch(/dropped a page: it fell behind: \d+ MB were waiting for it/);
    // Bound: the page's backlog and the large frames waiting to be written, and one 2.5 MB
    // message in its few transient copies, over the bridge's size before the flood, with room for
    // garbage not yet collected. With the large frames in its heap (64 MB of them here) the
    // bridge grew by 203–257 MB: V8 let its heap grow to several times what it kept alive.
    const kept = inMb(LIMITS.pageBacklogBytes + LIMITS.largeFrameQueueBytes);
    expect(after.peak - before.now).toBeLessThan(kept + STALLED_PAGE_GARBAGE_ROOM_MB);

    // The large frames are on disk, in a folder only this user may read, within their bound.
    const [folder] = readdirSync(tmp);
    expect(folder).toMatch(new RegExp(`^mcp-inspect-frames-${cli.child.pid}-`));
    expect(statSync(join(tmp, folder!)).mode & 0o777).toBe(0o700);
    const diskBytes = (): number =>
      readdirSync(join(tmp, folder!)).reduce((sum, file) => sum + statSync(join(tmp, folder!, file)).size, 0);
    // (A frame pushed out is unlinked off the event loop, a moment later.)
    expect(await eventually(() => diskBytes() <= LIMITS.largeFrameStoreBytes, 5_000)).toBe(true);

    // A reloaded page lists every flood frame from its envelope; the newest opens whole from
    // disk, the oldest says the bridge no longer keeps it.
    const reloaded = await PageClient.connect(port, CLI_TOKEN);
    pages.push(reloaded);
    const history = await reloaded.waitFor((e) => e.type === 'history');
    const flood = (
      history.records as { type: string; elided?: boolean; seq: number; bytes: number }[]
    ).filter((r) => r.type === 'frame' && r.elided);
    expect(flood.length).toBeGreaterThanOrEqual(80);
    const frame = (seq: number) =>
      fetch(`http://127.0.0.1:${port}${API_FRAMES_PATH}/${seq}`, {
        headers: { authorization: `${AUTH_SCHEME} ${CLI_TOKEN}` },
      });
    const oldest = await frame(flood[0]!.seq);
    expect(oldest.status).toBe(404);
    expect(await oldest.json()).toEqual({ error: 'mcp-inspect no longer keeps this frame' });
    const newest = await frame(flood.at(-1)!.seq);
    expect(newest.status).toBe(200);
    const whole = (await newest.json()) as { params: { data: { n: number; data: string } } };
    expect(whole.params.data.n).toBe(80);
    expect(whole.params.data.data).toHaveLength(Math.round(2.5 * MB));

    socket.resume();
    expect(await eventually(() => closed !== undefined, 40_000)).toBe(true);
    expect(closed).toEqual({
      code: 4004,
      reason: expect.stringMatching(
        /^This page fell behind: \d+ MB were waiting for it\. Reload it to catch up\.$/,
      ),
    });

    // The bridge removes its folder when it exits.
    cli.child.kill('SIGINT');
    await cli.exited;
    expect(readdirSync(tmp)).toEqual([]);
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

/**
 * The same for a server that floods its stderr (e2e/fixtures/floodsStderr.mjs): the bridge keeps
 * the last lines of it (StderrTail, each line cut to 8 KB), on the main connection and on the
 * short-lived ones alike. The bridge runs with the product's bounds here: none of them is about
 * stderr, which is bounded by its tail.
 */
describe.skipIf(process.platform !== 'linux')('a stderr flood costs a bounded tail', () => {
  /** Garbage of the flood not yet collected at the peak (measured: 29–37 MB). */
  const FLOOD_GARBAGE_ROOM_MB = 100;

  it('compare with a server that floods 300 MB on stderr: the answer has its last lines, the bridge keeps no more', async (t) => {
    const cli = startCli(t, [
      '--no-open',
      '--port',
      '0',
      '--',
      process.execPath,
      fixturePath('neverReadsStdin.mjs'),
    ]);
    const port = Number((await cli.waitForOutput(/127\.0\.0\.1:(\d+)\/#token/))[1]);
    const before = residentMb(cli.child.pid!);
    const response = await fetch(`http://127.0.0.1:${port}${API_COMPARE_TARGET_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `${AUTH_SCHEME} ${CLI_TOKEN}` },
      body: JSON.stringify({
        target: {
          kind: 'stdio',
          command: process.execPath,
          args: [fixturePath('floodsStderr.mjs'), '300', '8000'],
          env: {},
        },
      }),
    });
    const after = residentMb(cli.child.pid!);
    console.log(`compare, 300 MB of stderr: bridge RSS ${before.now} MB before, peak ${after.peak} MB`);
    const body = (await response.json()) as { error: string; details: string[] };
    expect(response.status).toBe(502);
    expect(body.error).toBe('the MCP server exited with code 1');
    // What is kept of the flood is the tail: 20 lines of at most 8 KB, the last one last.
    expect(body.details[0]).toBe('its last 20 lines on stderr:');
    expect(body.details).toHaveLength(21);
    expect(body.details.at(-1)).toBe('│ flood done');
    expect(body.details.join('').length).toBeLessThan(20 * 8_200);
    // Kept in an array for the whole compare, the flood took the bridge to 3 GB.
    expect(after.peak - before.now).toBeLessThan(FLOOD_GARBAGE_ROOM_MB);
  }, 120_000);

  it('a server writing stderr lines of 40 MB: they are dropped as they come, neither gathered nor kept', async (t) => {
    const { cli } = await startBridgeProcess(t, 'floodsStderr.mjs', {}, ['400', String(40 * MB)]);
    const before = residentMb(cli.child.pid!);
    await cli.waitForOutput(/│ flood done/, 100_000);
    const after = residentMb(cli.child.pid!);
    console.log(`10 stderr lines of 40 MB: bridge RSS ${before.now} MB before, peak ${after.peak} MB`);
    expect(cli.output()).toContain(`│ [a stderr line of ${40 * MB - 1} bytes was dropped]`);
    // Each line used to be gathered whole, and its first 8 KB kept in the tail held on to it (a
    // slice of a string is a view of it): the bridge grew by 240 MB for 20 such lines.
    expect(after.peak - before.now).toBeLessThan(FLOOD_GARBAGE_ROOM_MB);
  }, 120_000);
});
