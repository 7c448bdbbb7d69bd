import { CLOSE_TAKEN_OVER } from '../../shared/wireConstants.js';
import {
  JsonText,
  envelopeText,
  recordText,
  type EnvelopeOut,
  type LiveOut,
  type RecordOut,
  type RecordText,
} from './envelopeText.js';
import { Timeline } from './timeline.js';

/** Where the session writes envelopes for the page; a WebSocket in production (see pageSink.ts). */
export interface PageSink {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** How long a stamp may wait for a record to travel with; under one animation frame of the page. */
const STAMP_WAIT_MS = 8;

/**
 * The session's way to its page: which page is attached and greeted, the history a page gets
 * when it attaches, and the one way anything is sent to a page. Records are written as text once,
 * when they happen (envelopeText), and that text is both what the history keeps (as bytes: see
 * Timeline) and what the page gets. Records of one turn of the event loop leave together, as one
 * batch.
 */
export class PageChannel {
  private page: PageSink | undefined;
  private readonly greeted = new WeakSet<PageSink>();
  private readonly timeline: Timeline;
  /** Live records waiting for the end of this turn of the event loop, and the page they are for. */
  private outbox: RecordText[] = [];
  private outboxPage: PageSink | undefined;
  private flushQueued = false;
  /** Sends the stamps that wait in the outbox (see `record`); set only while one is waiting. */
  private stampTimer: NodeJS.Timeout | undefined;

  constructor(historyRecords: number, historyBytes: number) {
    this.timeline = new Timeline(historyRecords, historyBytes);
  }

  /** The attached page, if any. */
  get current(): PageSink | undefined {
    return this.page;
  }

  /** Makes `page` the session's page; one it replaces is closed, saying why. */
  attach(page: PageSink): void {
    if (this.page && this.page !== page) {
      this.page.close(CLOSE_TAKEN_OVER, 'Another page took over this session');
    }
    this.page = page;
  }

  detach(page: PageSink): void {
    if (this.page === page) this.page = undefined;
  }

  isGreeted(page: PageSink): boolean {
    return this.greeted.has(page);
  }

  /** The page said a hello the bridge accepts: live records go to it from now on. */
  greet(page: PageSink): void {
    this.greeted.add(page);
  }

  /**
   * Sends one envelope to a page now, after the records that wait for it, so order is kept.
   * Live records go through `record` instead.
   */
  send(page: PageSink, envelope: EnvelopeOut): void {
    this.flushOutbox();
    page.send(envelopeText(envelope));
  }

  /** Everything the history holds, for a page that attaches; records waiting for it are dropped, being in it. */
  sendHistory(page: PageSink): void {
    if (this.outboxPage === page) this.outbox = [];
    const records = JsonText.of(this.timeline.toJsonArray());
    this.send(page, { type: 'history', dropped: this.timeline.dropped, records });
  }

  /**
   * Keeps a record in the history and sends it to the greeted page, if any. What is kept may stand
   * for what is sent: a large frame's envelope for the whole frame, the whole frame for the stamp
   * of a page's own message. A stamp `canWait` to ride with the next record.
   */
  record(live: LiveOut, kept?: RecordOut, canWait = false): void {
    const page = this.page;
    const sending = page !== undefined && this.greeted.has(page);
    // What stands for the live record is kept instead; the live one's text (a large frame's
    // whole text) is written only to be sent, and not at all with no page to send it to (a
    // stalled page was dropped), so a flood leaves no copies behind for the collector.
    if (kept !== undefined) this.timeline.push(recordText(kept));
    if (!sending) {
      if (kept === undefined) this.timeline.push(recordText(live));
      return;
    }
    const text = recordText(live);
    if (kept === undefined) this.timeline.push(text);
    if (this.outboxPage !== page) this.flushOutbox();
    this.outboxPage = page;
    this.outbox.push(text);
    // Everything recorded in this turn (a stdout chunk holds hundreds of lines in a flood) goes
    // as one WebSocket message: per-message costs, not bytes, limit a flood on both ends.
    if (!canWait) {
      if (!this.flushQueued) {
        this.flushQueued = true;
        queueMicrotask(() => {
          this.flushQueued = false;
          this.flushOutbox();
        });
      }
      return;
    }
    // A stamp waits for the server's answer, which usually comes within a millisecond: the
    // two then travel as one message, as a raw relay would send the answer alone. The page
    // draws at most once per animation frame, so the wait is never seen. One timer for all the
    // stamps of a flush (not one per request), cleared when they leave with the answers: left
    // to fire, it woke the idle bridge for nothing every few calls made one after another.
    this.stampTimer ??= setTimeout(this.onStampTimer, STAMP_WAIT_MS).unref();
  }

  private readonly onStampTimer = (): void => {
    this.stampTimer = undefined;
    this.flushOutbox();
  };

  /** Sends the waiting records; called before anything else is sent to a page, to keep order. */
  private flushOutbox(): void {
    const page = this.outboxPage;
    const records = this.outbox;
    if (records.length === 0 || !page) return;
    this.outbox = [];
    // No stamp waits any longer: what was waiting leaves now.
    if (this.stampTimer !== undefined) {
      clearTimeout(this.stampTimer);
      this.stampTimer = undefined;
    }
    if (page !== this.page) return; // detached or taken over meanwhile: it would not have got them
    // A lone record is sent as itself, not as a batch of one (see BatchSchema).
    page.send(records.length === 1 ? (records[0] ?? '') : envelopeText({ type: 'batch', records }));
  }
}
