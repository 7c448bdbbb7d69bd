import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CAPTURE_EXTENSION } from '../proxy/captureFile.js';
import { readRendezvous, rendezvousPath } from '../proxy/rendezvousFile.js';
import { defaultCaptureDir } from '../proxy/stateFolder.js';
import { CaptureCollector } from './captureCollector.js';
import type { CapturedSession } from './capturedSession.js';
import type {
  CaptureListView,
  CaptureRecordsView,
  CaptureSessionView,
  CollectingView,
} from '../../shared/capturesWire.js';
import { summarizeCapture } from './captureSummary.js';

/** A session as the page lists it: from a proxy pushing it live, or from its capture file. */
export type FeedSession = CaptureSessionView;
export type Collecting = CollectingView;

export interface CaptureRecords extends Omit<CaptureRecordsView, 'session'> {
  session: FeedSession;
}

/** Records one answer carries at most. */
const RECORDS_PER_ANSWER = 5_000;
/** The capture folder is read again at most this often (a list is asked for on every change). */
const RESCAN_MS = 2_000;
/** A capture file the page reads whole at most (the proxy bounds them at 64 MB). */
const MAX_FILE_BYTES = 80 * 1024 * 1024;
/** Capture ids are `<ISO time>-<pid>`; nothing that could name another path. */
const CAPTURE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export interface CaptureFeedOptions {
  /** Where the proxies write capture files (default: the state folder's `captures`). */
  captureDir?: string;
  /** The rendezvous file (default: the state folder's). */
  rendezvousFile?: string;
  /** Where the bridge says what it did (the terminal). */
  log?: (line: string) => void;
  /** Takes the proxies' breakpoint links on this feed's collector (breakpointHub.ts). */
  onBreakpointLink?: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The bridge's side of captured sessions, started once with the bridge: a CaptureCollector the
 * proxies find through the rendezvous file, and the capture files of sessions that ran while no
 * page was open. The page lists them and reads their records through the routes of
 * server/http/capturesRoute.ts, waiting on `waitForChange` / `waitForRecords` for what is new.
 *
 * The newest mcp-inspect takes the rendezvous: a proxy started from now on pushes to this one
 * (the person just opened it). Sessions already pushing to the other one stay there; their files
 * are listed here too. A state folder that cannot be written leaves the bridge as it was, with
 * the capture files listed and the reason said.
 */
export class CaptureFeed {
  private version = 0;
  private readonly waiters = new Set<() => void>();
  private scanned: { at: number; sessions: FeedSession[] } | undefined;
  private readonly summaries = new Map<string, { stamp: string; session: CapturedSession | undefined }>();

  private constructor(
    /** The proxies' collector, for what else acts on live sessions (none without a state folder). */
    readonly collector: CaptureCollector | undefined,
    readonly collecting: Collecting,
    readonly captureDir: string,
  ) {}

  /** Never rejects: without a collector the feed still lists the capture files. */
  static async start(options: CaptureFeedOptions = {}): Promise<CaptureFeed> {
    const captureDir = options.captureDir ?? defaultCaptureDir();
    const file = options.rendezvousFile ?? rendezvousPath();
    const before = readRendezvous(file);
    const other = before && before.pid !== process.pid && isAlive(before.pid) ? before.pid : undefined;
    const self: { feed?: CaptureFeed } = {};
    try {
      const collector = await CaptureCollector.start({
        rendezvousFile: file,
        onChange: () => self.feed?.changed(),
        onRecord: () => self.feed?.changed(),
        ...(options.onBreakpointLink ? { onBreakpointLink: options.onBreakpointLink } : {}),
      });
      if (other !== undefined)
        options.log?.(
          `captured sessions: this page takes them from now on (another mcp-inspect, pid ${other}, had them)`,
        );
      self.feed = new CaptureFeed(
        collector,
        { ok: true, port: collector.port, ...(other === undefined ? {} : { tookOverFrom: other }) },
        captureDir,
      );
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      const problem = `cannot take captured sessions live (${file}: ${why}); capture files are still listed`;
      options.log?.(problem);
      self.feed = new CaptureFeed(undefined, { ok: false, problem }, captureDir);
    }
    return self.feed;
  }

  list(): CaptureListView {
    const live = new Map(
      (this.collector?.sessions() ?? []).map((session) => [
        session.id,
        { ...session, source: 'live' as const },
      ]),
    );
    const fromFiles = this.scan().filter((session) => !live.has(session.id));
    const sessions = [...live.values(), ...fromFiles].sort((a, b) => b.startedAt - a.startedAt);
    return { version: this.version, collecting: this.collecting, captureDir: this.captureDir, sessions };
  }

  /** A session's records after `after` (its file for what the collector no longer holds). */
  records(id: string, after: number): CaptureRecords | undefined {
    if (!CAPTURE_ID.test(id)) return undefined;
    const session = this.list().sessions.find((one) => one.id === id);
    if (session === undefined) return undefined;
    const held = session.source === 'live' ? parsed(this.collector?.records(id) ?? []) : [];
    const oldestHeld = held.find((record) => record.type !== 'gap' && typeof record.seq === 'number');
    const needFile = oldestHeld === undefined || (oldestHeld.seq as number) > after + 1;
    let records = held;
    if (needFile) {
      const fromFile = this.fileRecords(id);
      if (fromFile.length > 0) {
        const upTo = oldestHeld === undefined ? Number.POSITIVE_INFINITY : (oldestHeld.seq as number);
        // The file for the older part, the collector's (which it may not have flushed yet) for the rest.
        records = [
          ...fromFile.filter((record) => seqOf(record) < upTo),
          ...held.filter((r) => r.type !== 'gap'),
        ];
      }
    }
    const after_ = records.filter((record) => seqOf(record) > after);
    const page = after_.slice(0, RECORDS_PER_ANSWER);
    const last = page.at(-1);
    return {
      session,
      records: page,
      next: last === undefined ? after : Math.max(after, seqOf(last)),
      more: after_.length > page.length,
    };
  }

  /** Resolves at the next change after `version` (at once if there was one), or after `ms`. */
  waitForChange(version: number, ms: number, signal: AbortSignal): Promise<void> {
    if (this.version !== version) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal.addEventListener('abort', done);
    });
  }

  get currentVersion(): number {
    return this.version;
  }

  async close(): Promise<void> {
    for (const waiter of [...this.waiters]) waiter();
    await this.collector?.close();
  }

  private changed(): void {
    this.version += 1;
    for (const waiter of [...this.waiters]) waiter();
  }

  /** The capture files' sessions, read again at most every RESCAN_MS, each file once per change. */
  private scan(): FeedSession[] {
    const now = Date.now();
    if (this.scanned && now - this.scanned.at < RESCAN_MS) return this.scanned.sessions;
    let names: string[] = [];
    try {
      names = readdirSync(this.captureDir).filter((name) => name.endsWith(CAPTURE_EXTENSION));
    } catch {
      // No folder yet: no proxy has written a capture.
    }
    const sessions: FeedSession[] = [];
    const seen = new Set<string>();
    for (const name of names) {
      const file = join(this.captureDir, name);
      seen.add(file);
      let stamp: string;
      try {
        const info = statSync(file);
        stamp = `${info.size}:${info.mtimeMs}`;
      } catch {
        continue;
      }
      let summary = this.summaries.get(file);
      if (summary?.stamp !== stamp) {
        summary = { stamp, session: summarizeCapture(file) };
        this.summaries.set(file, summary);
      }
      if (summary.session) sessions.push({ ...summary.session, source: 'file' });
    }
    for (const file of this.summaries.keys()) if (!seen.has(file)) this.summaries.delete(file);
    this.scanned = { at: now, sessions };
    return sessions;
  }

  private fileRecords(id: string): Record<string, unknown>[] {
    const file = join(this.captureDir, `${id}${CAPTURE_EXTENSION}`);
    try {
      if (statSync(file).size > MAX_FILE_BYTES) return [];
      const lines = readFileSync(file, 'utf8').split('\n');
      // The first line is the header; a last line cut by a write in flight does not parse.
      return parsed(lines.slice(1));
    } catch {
      return [];
    }
  }
}

function parsed(lines: readonly string[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const line of lines) {
    if (line === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && typeof (value as { seq?: unknown }).seq === 'number')
        out.push(value as Record<string, unknown>);
    } catch {
      // Half a line: the next read has it whole.
    }
  }
  return out;
}

function seqOf(record: Record<string, unknown>): number {
  return record.seq as number;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
