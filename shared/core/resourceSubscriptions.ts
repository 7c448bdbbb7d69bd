/**
 * Which resources the page subscribed to on the current connection, and when the server
 * last said one was updated (notifications/resources/updated). Notification state, not
 * server data: it lives here rather than in the query cache.
 */
export class ResourceSubscriptions {
  private subscribed = new Set<string>();
  private updatedAt = new Map<string, number>();
  private version = 0;
  private listeners = new Set<() => void>();

  isSubscribed = (uri: string): boolean => this.subscribed.has(uri);
  lastUpdate = (uri: string): number | undefined => this.updatedAt.get(uri);

  setSubscribed(uri: string, on: boolean): void {
    if (on) this.subscribed.add(uri);
    else this.subscribed.delete(uri);
    this.changed();
  }

  markUpdated(uri: string): void {
    this.updatedAt.set(uri, Date.now());
    this.changed();
  }

  /** A new connection starts with no subscriptions. */
  clear(): void {
    this.subscribed.clear();
    this.updatedAt.clear();
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
