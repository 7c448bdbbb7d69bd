/** The lists a server says have changed (notifications/<kind>/list_changed). */
export type ListKind = 'tools' | 'resources' | 'prompts';

type Listener = (generation: number, kind: ListKind) => void;

/**
 * Who hears a server's list_changed besides the query cache (which refetches the lists): the
 * MCP App views open on the page, whose apps may keep lists of their own. Page-wide, with the
 * generation of the run that sent it, so a view of an older run is not told of a newer one.
 */
export class ListChanges {
  private readonly listeners = new Set<Listener>();

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(generation: number, kind: ListKind): void {
    for (const listener of this.listeners) listener(generation, kind);
  }
}
