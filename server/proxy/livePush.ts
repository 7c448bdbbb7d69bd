import { request, type ClientRequest } from 'node:http';
import type { CaptureRing } from './captureRing.js';
import { gapText, type CaptureSink } from './captureSink.js';
import { readRendezvous, rendezvousPath, type Rendezvous } from './rendezvousFile.js';

/** The path a proxy pushes its capture to, on the collector. */
export const PUSH_PATH = '/captures/push';
/** How often a proxy without a collector looks for the rendezvous file again. */
const LOOK_AGAIN_MS = 3_000;
/** Bytes the push may have in the socket's buffer; past it, records are dropped and counted. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * How long records gather before they go to the collector, in one write: a write per record (a
 * chunk of the POST, a syscall) cost the relay ~60 µs a message with a page watching
 * (bench/proxyOverhead.ts); a page shows them as soon either way.
 */
const BATCH_MS = 10;

/**
 * The capture, streamed live to a collector found through the rendezvous file: one long POST
 * whose body is JSON Lines (the capture file's header, then the records). When it connects late
 * (the page opened after the session began) it first sends what the ring still holds. It never
 * waits: when the collector is slow, records are dropped and a `gap` record says how many; when
 * there is none, or it goes away, nothing is said (the capture file has everything) and the file
 * is looked for again every few seconds. Nothing here keeps the process alive.
 */
export class LivePush implements CaptureSink {
  private push: ClientRequest | undefined;
  private connecting = false;
  private gap: { seq: number; t: number; count: number } | undefined;
  /** Records waiting for the batch's write, with their newlines. */
  private pending = '';
  private batchTimer: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Told when a push to a collector begins (the breakpoint link opens to the same one). */
  onCollector: (rendezvous: Rendezvous) => void = () => undefined;

  constructor(
    private readonly ring: CaptureRing,
    private readonly path: string = rendezvousPath(),
  ) {}

  begin(): void {
    this.tryConnect();
    this.timer = setInterval(() => this.tryConnect(), LOOK_AGAIN_MS);
    this.timer.unref();
  }

  write(recordText: string, seq: number, t: number): void {
    const push = this.push;
    if (push === undefined || this.connecting) return;
    if (push.writableLength + this.pending.length > MAX_BUFFERED_BYTES) {
      if (this.gap) this.gap.count += 1;
      else this.gap = { seq, t, count: 1 };
      return;
    }
    if (this.gap) {
      this.pending += `${gapText(this.gap.seq, this.gap.t, this.gap.count)}\n`;
      this.gap = undefined;
    }
    this.pending += `${recordText}\n`;
    if (this.batchTimer === undefined) {
      this.batchTimer = setTimeout(() => this.flush(), BATCH_MS);
      this.batchTimer.unref();
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.flush();
    this.push?.end();
  }

  private flush(): void {
    if (this.batchTimer !== undefined) clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    const text = this.pending;
    this.pending = '';
    // A push that went away meanwhile: the records are in the capture file (and the ring).
    if (text !== '' && this.push !== undefined && !this.connecting && !this.push.destroyed)
      this.push.write(text);
  }

  /** Whether a collector is taking the records now. */
  get connected(): boolean {
    return this.push !== undefined && !this.connecting;
  }

  private tryConnect(): void {
    if (this.closed || this.push !== undefined) return;
    const rendezvous = readRendezvous(this.path);
    if (rendezvous === undefined) return;
    const push = request({
      host: '127.0.0.1',
      port: rendezvous.port,
      method: 'POST',
      path: PUSH_PATH,
      headers: {
        authorization: `Bearer ${rendezvous.token}`,
        'content-type': 'application/x-ndjson',
        'transfer-encoding': 'chunked',
      },
    });
    this.push = push;
    this.connecting = true;
    const gone = (): void => {
      if (this.push === push) {
        this.push = undefined;
        this.pending = '';
      }
      this.connecting = false;
    };
    push.on('error', gone);
    push.on('close', gone);
    push.on('response', (response) => {
      // The collector answers only when it refuses the push, or when it closes.
      response.resume();
      push.destroy();
      gone();
    });
    push.once('socket', (socket) => {
      socket.unref();
      socket.once('connect', () => {
        if (this.push !== push) return;
        const { header, records, dropped } = this.ring.snapshot();
        const replay = [header, ...(dropped > 0 ? [gapText(1, 0, dropped)] : []), ...records];
        push.write(`${replay.join('\n')}\n`);
        this.connecting = false;
        this.onCollector(rendezvous);
      });
    });
  }
}
