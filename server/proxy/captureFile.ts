import { closeSync, mkdirSync, openSync, write, writeSync } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { gapText, type CaptureSink } from './captureSink.js';

/** The bounds of capture files; each can be changed for tests. */
export interface CaptureFileLimits {
  /** Bytes one capture file may hold; past it, records are counted, not written. */
  maxFileBytes: number;
  /** Bytes waiting to be written; past it (the disk is slower than the session), records are dropped. */
  maxPendingBytes: number;
  /** Capture files the folder keeps; the oldest go first. */
  maxFiles: number;
  /** Bytes all capture files of the folder may hold together. */
  maxTotalBytes: number;
}

export const DEFAULT_CAPTURE_LIMITS: CaptureFileLimits = {
  maxFileBytes: 64 * 1024 * 1024,
  maxPendingBytes: 4 * 1024 * 1024,
  maxFiles: 200,
  maxTotalBytes: 512 * 1024 * 1024,
};

/** How long records gather before they are written, in one write. */
const BATCH_MS = 50;
/** Records waiting past this many bytes are written at once, without waiting for the timer. */
const BATCH_BYTES = 256 * 1024;

/** Capture files are named `<id>.jsonl`; anything else in the folder is left alone. */
export const CAPTURE_EXTENSION = '.jsonl';

/**
 * One session's capture file, in the recording format (a traffic header line, then one record a
 * line: see docs/capture.md), so `mock`, `diff` and the page's import take it as it is. Created
 * 0600 in a 0700 folder. Written asynchronously, one write in flight at a time: the relay hands
 * over a line and goes on; when the disk falls behind past `maxPendingBytes`, or the file reaches
 * `maxFileBytes`, records are dropped and a `gap` record says how many, where they were.
 */
export class CaptureFile implements CaptureSink {
  readonly path: string;
  private fd: number | undefined;
  private pending: string[] = [];
  private pendingBytes = 0;
  private writing = false;
  private writtenBytes = 0;
  private gap: { seq: number; t: number; count: number } | undefined;
  private closed = false;
  private markDone: () => void = () => undefined;
  /** Settles once the file is written out and closed (the proxy waits for it, briefly, before exiting). */
  readonly done = new Promise<void>((resolve) => (this.markDone = resolve));

  constructor(
    dir: string,
    id: string,
    private readonly limits: CaptureFileLimits = DEFAULT_CAPTURE_LIMITS,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.path = join(dir, `${id}${CAPTURE_EXTENSION}`);
    // 'wx': never write through a file (or a link) someone put there.
    this.fd = openSync(this.path, 'wx', 0o600);
  }

  begin(headerText: string): void {
    this.enqueue(headerText);
  }

  write(recordText: string, seq: number, t: number): void {
    if (this.closed) return;
    const room =
      this.pendingBytes + recordText.length <= this.limits.maxPendingBytes &&
      this.writtenBytes + this.inFlightBytes + this.pendingBytes + recordText.length <=
        this.limits.maxFileBytes;
    if (!room) {
      if (this.gap) this.gap.count += 1;
      else this.gap = { seq, t, count: 1 };
      return;
    }
    this.flushGap();
    this.enqueue(recordText);
  }

  close(): void {
    if (this.closed || this.fd === undefined) return;
    this.closed = true;
    if (this.batchTimer !== undefined) clearTimeout(this.batchTimer);
    const tail = this.pending.join('');
    this.pending = [];
    const gap = this.gap ? `${gapText(this.gap.seq, this.gap.t, this.gap.count)}\n` : '';
    try {
      // An async write may still be in flight; appending after it keeps the order ('a' semantics
      // are not needed: the position advances with each write on this descriptor).
      if (!this.writing) {
        writeSync(this.fd, tail + gap);
        closeSync(this.fd);
        this.markDone();
      } else {
        this.finalText = tail + gap;
      }
    } catch {
      // A full disk at exit: the file keeps what it has.
      this.markDone();
    }
  }

  /** Text to write once the write in flight is done, when close came during it. */
  private finalText: string | undefined;

  private flushGap(): void {
    if (!this.gap) return;
    const text = gapText(this.gap.seq, this.gap.t, this.gap.count);
    this.gap = undefined;
    this.enqueue(text);
  }

  private enqueue(text: string): void {
    this.pending.push(`${text}\n`);
    this.pendingBytes += text.length + 1;
    if (!this.writing) this.schedule();
  }

  /**
   * Written in batches: a write per record cost the relay ~70 µs a call (bench/proxyOverhead.ts),
   * and so does a write started as soon as the last one is done (each is a trip to the thread
   * pool and a wake-up of the relay's loop): the next batch waits for the timer too, unless it is
   * large already.
   */
  private schedule(): void {
    if (this.pending.length === 0) return;
    if (this.pendingBytes >= BATCH_BYTES) {
      if (this.batchTimer !== undefined) clearTimeout(this.batchTimer);
      this.batchTimer = undefined;
      this.pump();
      return;
    }
    if (this.batchTimer !== undefined) return;
    this.batchTimer = setTimeout(() => {
      this.batchTimer = undefined;
      this.pump();
    }, BATCH_MS);
    this.batchTimer.unref();
  }

  private batchTimer: NodeJS.Timeout | undefined;
  /** The bytes of the write in flight. */
  private inFlightBytes = 0;

  private pump(): void {
    if (this.writing || this.pending.length === 0 || this.fd === undefined || this.closed) return;
    const chunk = this.pending.join('');
    this.pending = [];
    this.pendingBytes = 0;
    // Counted against the bound while on its way, or the file could pass it by a batch.
    this.inFlightBytes = Buffer.byteLength(chunk);
    this.writing = true;
    const fd = this.fd;
    write(fd, chunk, null, 'utf8', (error) => {
      this.writing = false;
      if (!error) this.writtenBytes += this.inFlightBytes;
      this.inFlightBytes = 0;
      if (this.closed) {
        try {
          if (this.finalText) writeSync(fd, this.finalText);
          closeSync(fd);
        } catch {
          // As in close().
        }
        this.markDone();
        return;
      }
      this.schedule();
    });
  }
}

/**
 * Keeps the folder within its bounds: the newest `maxFiles` capture files, and no more than
 * `maxTotalBytes` together (the newest kept first). Run at a proxy's start, in the background;
 * a file another proxy is still writing is newer than the ones removed.
 */
export async function pruneCaptures(
  dir: string,
  limits: CaptureFileLimits = DEFAULT_CAPTURE_LIMITS,
): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(CAPTURE_EXTENSION));
  } catch {
    return [];
  }
  const files = (
    await Promise.all(
      names.map(async (name) => {
        try {
          const info = await stat(join(dir, name));
          return { name, size: info.size, mtime: info.mtimeMs };
        } catch {
          return undefined;
        }
      }),
    )
  ).filter((file) => file !== undefined);
  files.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
  const removed: string[] = [];
  let total = 0;
  for (const [index, file] of files.entries()) {
    total += file.size;
    if (index >= limits.maxFiles || (index > 0 && total > limits.maxTotalBytes)) {
      try {
        await unlink(join(dir, file.name));
        removed.push(file.name);
      } catch {
        // Gone already.
      }
    }
  }
  return removed;
}
