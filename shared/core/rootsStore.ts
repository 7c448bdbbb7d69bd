import type { Root } from '@modelcontextprotocol/client';

const STORAGE_KEY = 'mcp-inspect.roots';

/** Where roots are kept between runs: the page's `localStorage`, a CLI's file, or nothing. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The roots offered to servers (answering roots/list), kept in a storage so they survive
 * reloads. Changing them tells listeners, which send roots/list_changed.
 */
export class RootsStore {
  private roots: Root[];
  private listeners = new Set<() => void>();

  /** Without a storage (tests, a one-shot CLI run) the roots live as long as the store. */
  constructor(private readonly storage?: KeyValueStorage) {
    this.roots = load(storage);
  }

  list = (): Root[] => this.roots;

  set(roots: Root[]): void {
    this.roots = roots;
    this.storage?.setItem(STORAGE_KEY, JSON.stringify(roots));
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

function load(storage: KeyValueStorage | undefined): Root[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((root): root is Root => typeof root?.uri === 'string' && root.uri.startsWith('file://'))
      : [];
  } catch {
    return [];
  }
}
