import { mkdtempSync, readdirSync, rmSync, statSync, unlink } from 'node:fs';
import { open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/** Folders of this process's stores, removed when it exits (a normal exit or a signal the CLI handles). */
const liveFolders = new Set<string>();
let exitHookInstalled = false;

const FOLDER_PREFIX = 'mcp-inspect-frames-';

export interface LargeFrameStoreBounds {
  /** What the store keeps on disk; oldest out first (MemoryLimits.largeFrameStoreBytes). */
  diskBytes: number;
  /** What may wait in memory to be written (MemoryLimits.largeFrameQueueBytes). */
  queueBytes: number;
}

/**
 * The whole text of frames too large for the history (see largeFrames.ts), kept apart and
 * bounded by bytes, oldest out first: a reloaded page lists such a frame from its envelope
 * and fetches the whole one only when the person opens it.
 *
 * They are kept on disk, not in memory: held in the JS heap, 256 MB of them took a bridge under a
 * flood of large messages to the better part of a gigabyte, since V8 lets its heap grow to
 * several times what it holds alive before it collects the large strings each message leaves
 * behind. A file per frame, in a folder of the system's temporary directory that only this user
 * may read (0700, files 0600), removed when the session ends or the process exits; a folder left
 * by a bridge that was killed is removed by the next one.
 *
 * Written off the event loop, one at a time. When more than `queueBytes` wait to be written (a
 * flood faster than the disk), the oldest frames still waiting are given up to make room, never
 * the one that came last: the newest frame is the one the person is most likely to open, and the
 * page's "no longer kept" answer covers the others, as it covers a frame pushed out by newer ones.
 */
export class LargeFrameStore {
  /** Size in bytes of each frame kept, by seq; Map order is insertion order, oldest first. */
  private readonly sizes = new Map<number, number>();
  private bytes = 0;
  /**
   * Frames not yet on disk, in the order they are written, as bytes: a Buffer's memory is outside
   * the JS heap, and is freed as soon as its write is done, where a string would stay until the
   * next full collection and make V8 grow its heap as if it were kept.
   */
  private readonly queue = new Map<number, Buffer>();
  private queuedBytes = 0;
  private writing = false;
  private folder: string | undefined;
  private disposed = false;

  constructor(
    private readonly bounds: LargeFrameStoreBounds,
    private readonly parent = tmpdir(),
  ) {}

  /** Keeps a frame's text, unless the disk is behind or refuses it. */
  put(seq: number, json: string): void {
    // A store given no room (the headless verbs: no page will reload) keeps nothing, not even one.
    if (this.disposed || this.bounds.diskBytes === 0) return;
    const size = Buffer.byteLength(json);
    this.makeRoomInQueue(size);
    if (this.folder === undefined) {
      try {
        this.folder = createFolder(this.parent);
      } catch {
        // No temporary directory to write to: large frames are not kept at all.
        this.disposed = true;
        return;
      }
    }
    this.sizes.set(seq, size);
    this.bytes += size;
    this.queue.set(seq, Buffer.from(json));
    this.queuedBytes += size;
    for (const oldest of this.sizes.keys()) {
      if (this.bytes <= this.bounds.diskBytes || this.sizes.size === 1) break;
      this.remove(oldest);
    }
    if (!this.writing) void this.writeQueued();
  }

  /** The frame's whole text as a stream of its UTF-8 bytes, or undefined once it is dropped. */
  async read(seq: number): Promise<Readable | undefined> {
    if (!this.sizes.has(seq) || this.folder === undefined) return undefined;
    const queued = this.queue.get(seq);
    if (queued !== undefined) return Readable.from([queued]);
    try {
      // Open before anything can drop it: a frame removed after this still reads whole.
      const handle = await open(join(this.folder, `${seq}.json`), 'r');
      return handle.createReadStream();
    } catch {
      return undefined;
    }
  }

  /** Resolves once every frame that waits has been written (or given up); for tests. */
  async flushed(): Promise<void> {
    while (this.writing) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Removes every frame and the folder; the store keeps nothing more. */
  dispose(): void {
    this.disposed = true;
    this.sizes.clear();
    this.bytes = 0;
    this.queue.clear();
    this.queuedBytes = 0;
    if (this.folder === undefined) return;
    // A write under way now fails (its folder is gone), or writes to a file already unlinked;
    // one that creates its file during the removal is why it retries.
    rmSync(this.folder, { recursive: true, force: true, maxRetries: 3, retryDelay: 5 });
    liveFolders.delete(this.folder);
  }

  private async writeQueued(): Promise<void> {
    this.writing = true;
    for (const [seq, bytes] of this.queue) {
      const folder = this.folder!;
      try {
        await writeFile(join(folder, `${seq}.json`), bytes, { mode: 0o600 });
      } catch {
        // The disk is full or the folder gone: this frame is not kept.
        if (!this.disposed) this.remove(seq);
      }
      if (this.disposed) break;
      // Dropped while it was being written: its file goes too.
      if (!this.sizes.has(seq)) await rm(join(folder, `${seq}.json`), { force: true }).catch(() => undefined);
      if (this.queue.delete(seq)) this.queuedBytes -= bytes.length;
    }
    this.writing = false;
  }

  /**
   * Gives up the oldest frames still waiting until `size` more bytes fit in the queue. The one
   * being written stays (its bytes are already in flight), so one frame alone may exceed the
   * bound: a large result is legitimate.
   */
  private makeRoomInQueue(size: number): void {
    for (const seq of this.queue.keys()) {
      if (this.queuedBytes + size <= this.bounds.queueBytes) return;
      if (!this.isBeingWritten(seq)) this.remove(seq);
    }
  }

  private remove(seq: number): void {
    const size = this.sizes.get(seq);
    if (size === undefined) return;
    this.sizes.delete(seq);
    this.bytes -= size;
    const queued = this.queue.get(seq);
    // One being written stays in the queue until its write ends (writeQueued removes its file).
    if (queued !== undefined && !this.isBeingWritten(seq)) {
      this.queue.delete(seq);
      this.queuedBytes -= size;
      return;
    }
    if (queued === undefined) unlink(join(this.folder!, `${seq}.json`), () => undefined);
  }

  /** The first queued frame is the one being written, while a write is under way. */
  private isBeingWritten(seq: number): boolean {
    return this.writing && this.queue.keys().next().value === seq;
  }
}

function createFolder(parent: string): string {
  removeAbandonedFolders(parent);
  const folder = mkdtempSync(join(parent, `${FOLDER_PREFIX}${process.pid}-`));
  liveFolders.add(folder);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Only synchronous work runs in 'exit'.
    process.once('exit', () => {
      for (const each of liveFolders) rmSync(each, { recursive: true, force: true });
    });
  }
  return folder;
}

/** Folders of this user's bridges whose process is gone (killed, so its exit hook never ran). */
function removeAbandonedFolders(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(new RegExp(`^${FOLDER_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    const folder = join(parent, name);
    try {
      if (process.getuid && statSync(folder).uid !== process.getuid()) continue;
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Another bridge removed it first, or it is not ours to remove.
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
