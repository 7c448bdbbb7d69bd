import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';

export interface ListenState {
  /** What the page asks to hear about. */
  filter: SubscriptionFilter;
  /** What the server agreed to (its acknowledgement); undefined until acknowledged. */
  honored?: SubscriptionFilter;
  status: 'off' | 'opening' | 'open' | 'ended' | 'failed';
  /** Why it ended or failed, in the person's words. */
  detail?: string;
}

/**
 * The modern era's one long-lived `subscriptions/listen` request (2026-07-28), which replaces
 * unsolicited list_changed notifications and resources/subscribe: the page opts into change
 * types and resource URIs, and a change of the filter re-opens the stream with the new one.
 * Notifications on it reach the SDK client's handlers as on a legacy connection.
 */
export class ListenSubscription {
  private state: ListenState = { filter: {}, status: 'off' };
  private current: McpSubscription | undefined;
  private listeners = new Set<() => void>();
  private opening = 0;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ListenState => this.state;

  /** Opens (or re-opens) the stream with this filter; an empty filter just closes it. */
  async open(client: Client, filter: SubscriptionFilter): Promise<void> {
    const attempt = ++this.opening;
    const previous = this.current;
    this.current = undefined;
    await previous?.close().catch(() => undefined);
    if (isEmpty(filter)) {
      this.set({ filter, status: 'off' });
      return;
    }
    this.set({ filter, status: 'opening' });
    try {
      const subscription = await client.listen(filter);
      if (attempt !== this.opening) {
        await subscription.close();
        return;
      }
      this.current = subscription;
      this.set({ filter, honored: subscription.honoredFilter, status: 'open' });
      void subscription.closed.then((how) => {
        if (this.current !== subscription) return;
        this.current = undefined;
        this.set({
          ...this.state,
          status: how === 'local' ? 'off' : 'ended',
          detail:
            how === 'graceful'
              ? 'the server ended the subscription'
              : how === 'remote'
                ? 'the stream dropped'
                : '',
        });
      });
    } catch (error) {
      if (attempt === this.opening) this.set({ filter, status: 'failed', detail: (error as Error).message });
    }
  }

  /** The connection is gone: nothing is open any more. */
  reset(): void {
    this.opening += 1;
    this.current = undefined;
    this.set({ filter: {}, status: 'off' });
  }

  private set(state: ListenState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

function isEmpty(filter: SubscriptionFilter): boolean {
  return (
    !filter.toolsListChanged &&
    !filter.promptsListChanged &&
    !filter.resourcesListChanged &&
    (filter.resourceSubscriptions?.length ?? 0) === 0
  );
}

/** What the page listens to by default: every change type the server says it announces. */
export function defaultFilter(capabilities: Record<string, unknown> | undefined): SubscriptionFilter {
  const listChanged = (name: string) =>
    (capabilities?.[name] as { listChanged?: boolean } | undefined)?.listChanged === true;
  return {
    ...(listChanged('tools') ? { toolsListChanged: true } : {}),
    ...(listChanged('prompts') ? { promptsListChanged: true } : {}),
    ...(listChanged('resources') ? { resourcesListChanged: true } : {}),
  };
}
