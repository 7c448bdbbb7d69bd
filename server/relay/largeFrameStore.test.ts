import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { LargeFrameStore } from './largeFrameStore.js';

let parent: string;
const stores: LargeFrameStore[] = [];
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'large-frame-store-test-'));
});
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  rmSync(parent, { recursive: true, force: true });
});

function storeOf(diskBytes: number, queueBytes = 1024): LargeFrameStore {
  const store = new LargeFrameStore({ diskBytes, queueBytes }, parent);
  stores.push(store);
  return store;
}

const read = async (store: LargeFrameStore, seq: number): Promise<string | undefined> => {
  const stream = await store.read(seq);
  return stream === undefined ? undefined : text(stream);
};

/** The files the store keeps, in its one folder under `parent`. */
function filesKept(): string[] {
  const [folder] = readdirSync(parent);
  return folder === undefined ? [] : readdirSync(join(parent, folder)).sort();
}

describe('LargeFrameStore', () => {
  it('keeps frames by seq within its byte bound, dropping the oldest first, files and all', async () => {
    const store = storeOf(10);
    store.put(1, '"aaaa"');
    store.put(2, '"bb"');
    expect(await read(store, 1)).toBe('"aaaa"');
    store.put(3, '"cccc"');
    expect(await read(store, 1)).toBeUndefined();
    expect(await read(store, 2)).toBe('"bb"');
    expect(await read(store, 3)).toBe('"cccc"');
    await store.flushed();
    expect(filesKept()).toEqual(['2.json', '3.json']);
    expect(await read(store, 3)).toBe('"cccc"');
  });

  it('counts UTF-8 bytes, as they are on disk', async () => {
    const store = storeOf(12);
    store.put(1, '"éé"'); // 6 bytes
    store.put(2, '"éé"');
    expect(await read(store, 1)).toBe('"éé"');
    store.put(3, '"é"');
    expect(await read(store, 1)).toBeUndefined();
    expect(await read(store, 3)).toBe('"é"');
  });

  it('keeps the newest frame even when it alone is over the bound', async () => {
    const store = storeOf(4);
    store.put(7, '"a long frame"');
    expect(await read(store, 7)).toBe('"a long frame"');
  });

  it('keeps them out of the heap, readable by this user only, and removes them all when disposed', async () => {
    const store = storeOf(1024);
    store.put(1, '"secret"');
    await store.flushed();
    const [folder] = readdirSync(parent);
    expect(folder).toMatch(new RegExp(`^mcp-inspect-frames-${process.pid}-`));
    expect(statSync(join(parent, folder!)).mode & 0o777).toBe(0o700);
    expect(statSync(join(parent, folder!, '1.json')).mode & 0o777).toBe(0o600);
    store.dispose();
    expect(readdirSync(parent)).toEqual([]);
    store.put(2, '"after"');
    expect(await read(store, 2)).toBeUndefined();
  });

  it('still reads a frame whole when it is dropped while being read', async () => {
    const store = storeOf(10);
    store.put(1, '"aaaaaa"');
    await store.flushed();
    const stream = await store.read(1);
    store.put(2, '"bbbbbb"');
    expect(await read(store, 1)).toBeUndefined();
    expect(await text(stream!)).toBe('"aaaaaa"');
  });

  it('gives up the oldest frames waiting to be written, never the newest, when too much waits', async () => {
    const store = storeOf(1024, 11);
    store.put(1, '"aaaaaa"'); // alone: kept whatever its size, and its write starts
    store.put(2, '"bbbbbb"'); // only the frame in flight is ahead of it: kept
    expect(await read(store, 2)).toBe('"bbbbbb"');
    store.put(3, '"cccccc"'); // 8 + 8 + 8 > 11 bytes waiting: 2, the oldest not in flight, is given up
    expect(await read(store, 2)).toBeUndefined();
    expect(await read(store, 3)).toBe('"cccccc"');
    store.put(4, '"d"'); // 8 + 8 + 3 > 11: 3 is given up for the newest
    expect(await read(store, 3)).toBeUndefined();
    await store.flushed();
    expect(await read(store, 1)).toBe('"aaaaaa"');
    expect(await read(store, 4)).toBe('"d"');
    store.put(5, '"eeeeee"'); // nothing waits any more
    expect(await read(store, 5)).toBe('"eeeeee"');
    await store.flushed();
    expect(filesKept()).toEqual(['1.json', '4.json', '5.json']);
  });

  it('removes the folder a killed bridge left behind, and no other', () => {
    // A pid that ran and is gone: a child that exited.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const abandoned = join(parent, `mcp-inspect-frames-${gone}-abc123`);
    const running = join(parent, `mcp-inspect-frames-${process.ppid}-def456`);
    const other = join(parent, 'something-else');
    for (const folder of [abandoned, running, other]) {
      mkdirSync(folder);
      writeFileSync(join(folder, '1.json'), '{}');
    }
    storeOf(100).put(1, '"x"');
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
