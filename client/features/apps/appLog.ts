import type { AppDirection } from '../../../shared/wire';

export type AppLogLevel = 'info' | 'warning' | 'error';

/** One line of an app's log: a message that crossed postMessage, or what the host saw happen. */
export interface AppLogEntry {
  id: number;
  /** Date.now() when it happened. */
  at: number;
  /** Messages have a direction; the host's own lines (loaded, stalled, closed) do not. */
  dir?: AppDirection;
  /** JSON-RPC method, or the method of the request a response answers. */
  method?: string;
  /** One line for the person. */
  title: string;
  level: AppLogLevel;
  /** Shown as JSON when the line is opened. */
  detail?: unknown;
  /** An app's ui/open-link: opened only when the person clicks. */
  link?: string;
  /** An app's ui/download-file: saved only when the person clicks. */
  download?: DownloadOffer[];
}

export interface DownloadOffer {
  name: string;
  mimeType: string | undefined;
  /** Text, or base64 for a blob. */
  text?: string;
  base64?: string;
}

/** Lines kept per app; older ones leave (the traffic pane keeps the messages). */
const MAX_ENTRIES = 500;
/** A line's title is one line: an app's 250 KB log message is shown whole in its detail, not here. */
const MAX_TITLE_CHARS = 300;

/** An append-only, bounded log that React reads as an immutable array. */
export class AppLog {
  private entries: AppLogEntry[] = [];
  private nextId = 1;

  add(entry: Omit<AppLogEntry, 'id' | 'at'>): AppLogEntry {
    const title =
      entry.title.length > MAX_TITLE_CHARS ? `${entry.title.slice(0, MAX_TITLE_CHARS)}…` : entry.title;
    const full = { ...entry, title, id: this.nextId++, at: Date.now() };
    this.entries = [...this.entries.slice(-(MAX_ENTRIES - 1)), full];
    return full;
  }

  get all(): readonly AppLogEntry[] {
    return this.entries;
  }
}
