// What the demo's calls change, kept outside any one McpServer. The SDK builds a fresh instance per
// stdio connection, per legacy HTTP session and per modern HTTP request, so notes, the bonus tool
// and tasks have to outlive the instance that changed them, and every live instance has to hear
// about a change so it can tell its own client.
import { NoteStore } from './notes.js';
import { TaskStore } from './tasks/taskStore.js';

/** Which list a change touched: the tools (bonus) or the resources (notes). */
export type DemoChange = 'tools' | 'resources';

export class DemoState {
  readonly notes = new NoteStore();
  readonly tasks = new TaskStore();
  private bonus = false;
  private readonly listeners = new Set<(change: DemoChange) => void>();

  /** Whether the `bonus` tool is currently listed. */
  get bonusListed(): boolean {
    return this.bonus;
  }

  /** Flips the bonus tool and returns whether it is listed now. */
  toggleBonus(): boolean {
    this.bonus = !this.bonus;
    this.emit('tools');
    return this.bonus;
  }

  /** Called after a note was added or deleted: the notes are resources, so that list changed. */
  notesChanged(): void {
    this.emit('resources');
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  onChange(listener: (change: DemoChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many instances are listening, for tests that check none is leaked. */
  get listenerCount(): number {
    return this.listeners.size;
  }

  private emit(change: DemoChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
