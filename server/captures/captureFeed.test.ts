// The bridge's capture feed: a bridge started with `captures` takes proxied sessions live through
// the rendezvous and lists sessions that ran before it from their capture files, behind the
// page's token and Origin check; the list answers a waiting page at the next change; a state
// folder that cannot be written leaves the bridge up and says why; the host's calls of a capture
// export as a collection.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { CaptureListView, CaptureRecordsView } from '../../shared/capturesWire.js';
import { parseCollection } from '../../shared/collections/format.js';
import { API_CAPTURES_PATH } from '../../shared/http.js';
import { readRendezvous } from '../proxy/rendezvousFile.js';
import { TEST_TOKEN, startTestBridge } from '../testSupport/bridges.js';
import { built } from '../testSupport/built.js';
import { rawRequest } from '../testSupport/http.js';
import { eventually } from '../testSupport/processes.js';
import { demoTarget } from '../testSupport/targets.js';
import { CaptureFeed } from './captureFeed.js';
import { exportCollection } from './captureToCollection.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-feed-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const proxied = (stateDir: string) => ({
  command: process.execPath,
  args: [built('server/cli/cli.ts'), 'proxy', '--', process.execPath, built('server/demo/demoServer.ts')],
  env: { ...(process.env as Record<string, string>), MCP_INSPECT_STATE_DIR: stateDir },
  stderr: 'ignore' as const,
});

describe('the bridge’s capture feed', { timeout: 90_000 }, () => {
  it('lists a session from its file and a live one with the host’s name, behind the token, live to a waiting page', async () => {
    const stateDir = join(scratch, 'state');
    const earlier = new V1Client({ name: 'file-host', version: '1' });
    await earlier.connect(new V1StdioTransport(proxied(stateDir)));
    await earlier.callTool({ name: 'echo', arguments: { message: 'from the file' } });
    await earlier.close();

    const bridge = await startTestBridge(demoTarget(), {
      captures: { captureDir: join(stateDir, 'captures'), rendezvousFile: join(stateDir, 'rendezvous.json') },
    });
    const host = new V1Client({ name: 'live-host', version: '2' });
    try {
      const own = { Host: `127.0.0.1:${bridge.port}` };
      const authorized = { ...own, Authorization: `Bearer ${TEST_TOKEN}` };
      const list = async (query = ''): Promise<CaptureListView> =>
        JSON.parse(
          (await rawRequest(bridge.port, `${API_CAPTURES_PATH}${query}`, authorized)).body,
        ) as CaptureListView;
      expect((await rawRequest(bridge.port, API_CAPTURES_PATH, own)).status).toBe(401);
      expect(
        (await rawRequest(bridge.port, API_CAPTURES_PATH, { ...authorized, Origin: 'http://evil.example' }))
          .status,
      ).toBe(403);
      expect(readRendezvous(join(stateDir, 'rendezvous.json'))).toMatchObject({ pid: process.pid });

      const first = await list();
      expect(first.collecting).toMatchObject({ ok: true });
      expect(first.sessions).toEqual([
        expect.objectContaining({
          client: { name: 'file-host', version: '1' },
          source: 'file',
          era: 'legacy',
        }),
      ]);

      // A page waiting for the next change hears of the host's session as it starts.
      const waiting = list(`?since=${first.version}`);
      await host.connect(new V1StdioTransport(proxied(stateDir)));
      const changed = await waiting;
      expect(changed.version).toBeGreaterThan(first.version);
      expect(
        await eventually(() => {
          void list().then((now) => (latest = now));
          return (
            latest?.sessions.some((one) => one.client?.name === 'live-host' && one.state === 'live') ?? false
          );
        }, 10_000),
      ).toBe(true);
      await host.callTool({ name: 'echo', arguments: { message: 'seen live' } });
      const live = latest?.sessions.find((one) => one.client?.name === 'live-host');
      const records = async (after: number): Promise<CaptureRecordsView> =>
        JSON.parse(
          (
            await rawRequest(
              bridge.port,
              `${API_CAPTURES_PATH}/${live?.id ?? ''}/records?after=${after}`,
              authorized,
            )
          ).body,
        ) as CaptureRecordsView;
      expect(
        await eventually(() => {
          void records(0).then((now) => (latestRecords = now));
          return JSON.stringify(latestRecords?.records ?? []).includes('seen live');
        }, 10_000),
      ).toBe(true);
      const seqs = (latestRecords?.records ?? []).map((record) => record.seq as number);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect((await records(latestRecords?.next ?? 0)).records.length).toBeLessThanOrEqual(2);
      const notFound = await rawRequest(bridge.port, `${API_CAPTURES_PATH}/..%2Fsecret/records`, authorized);
      expect(notFound.status).toBe(404);

      await host.close();
      expect(
        await eventually(() => {
          void list().then((now) => (latest = now));
          const state = latest?.sessions.find((one) => one.id === live?.id)?.state;
          return state !== undefined && state !== 'live';
        }, 10_000),
      ).toBe(true);
    } finally {
      await host.close().catch(() => undefined);
      await bridge.close();
    }
    expect(readRendezvous(join(stateDir, 'rendezvous.json'))).toBeUndefined();

    // The host's calls of the file, as a collection `test` reads.
    const captureDir = join(stateDir, 'captures');
    const file = readdirSync(captureDir).map((name) => join(captureDir, name))[0] ?? '';
    const out = join(scratch, 'calls.collection.json');
    expect(exportCollection(file, 'first', out)).toBe(0);
    const parsed = parseCollection(readFileSync(out, 'utf8'));
    expect('collection' in parsed && parsed.collection.items).toEqual([
      expect.objectContaining({
        name: 'echo',
        kind: 'tool',
        tool: 'echo',
        arguments: { message: 'from the file' },
      }),
    ]);
    expect(exportCollection(file, 'first', out)).toBe(1);
  });

  it('starts without the state folder, says why, and still lists what it can', async () => {
    const blocked = join(scratch, 'not-a-folder');
    writeFileSync(blocked, 'a file where the state folder would be');
    const said: string[] = [];
    const feed = await CaptureFeed.start({
      captureDir: join(blocked, 'captures'),
      rendezvousFile: join(blocked, 'rendezvous.json'),
      log: (line) => said.push(line),
    });
    try {
      const list = feed.list();
      expect(list.collecting).toMatchObject({
        ok: false,
        problem: expect.stringContaining('cannot take captured sessions live'),
      });
      expect(list.sessions).toEqual([]);
      expect(said.join('\n')).toContain('capture files are still listed');
    } finally {
      await feed.close();
    }
  });
});

let latest: CaptureListView | undefined;
let latestRecords: CaptureRecordsView | undefined;
