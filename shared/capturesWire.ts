/**
 * What the page and the bridge say about captured sessions (sessions a host drives through
 * `mcp-inspect proxy`), over the token-protected routes of server/http/capturesRoute.ts. Plain
 * JSON the bridge builds itself: the records inside are the capture's own, the page's traffic
 * records (TimelineRecord and `gap`), read by the traffic log as an imported file is.
 */

/** One captured session as a list shows it. */
export interface CaptureSessionView {
  id: string;
  /** `stdio`, or the HTTP proxy's `streamable-http`. */
  transport: string;
  /** The server's command line or URL, secrets masked. */
  server: string;
  /** The host as it named itself (`clientInfo` of `initialize`, or of its 2026-07-28 `_meta`). */
  client?: { name: string; version?: string; title?: string };
  era?: 'legacy' | 'modern';
  /** Wall-clock ms. */
  startedAt: number;
  /** `live` while its proxy pushes it; then `ended`, `exited`, `stopped`, `failed`… */
  state: string;
  /** Records seen (of the file's first part, for a session listed from its file). */
  records: number;
  /** The proxy's `--inject` rules. */
  inject: string[];
  /** `live`: this bridge's collector has it; `file`: listed from its capture file alone. */
  source: 'live' | 'file';
}

/** Whether the bridge takes sessions live, and if not, why. */
export type CollectingView =
  { ok: true; port: number; tookOverFrom?: number } | { ok: false; problem: string };

/** GET API_CAPTURES_PATH[?since=<version>]: answered at once, or at the next change after `since`. */
export interface CaptureListView {
  version: number;
  collecting: CollectingView;
  /** Where the capture files are read from. */
  captureDir: string;
  /** Newest first. */
  sessions: CaptureSessionView[];
}

/** GET API_CAPTURES_PATH/<id>/records?after=<seq>[&wait=1]. */
export interface CaptureRecordsView {
  session: CaptureSessionView;
  /** The session's records after `after`, oldest first. */
  records: Record<string, unknown>[];
  /** What to ask after next. */
  next: number;
  /** More are there already. */
  more: boolean;
}
