import type { Root } from '@modelcontextprotocol/client';

const STORAGE_KEY = 'mcp-inspect.roots';

/**
 * The roots the page offers servers (answering roots/list), kept in localStorage so they
 * survive reloads. Changing them tells listeners, which send roots/list_changed.
 */
export class RootsStore {
  private roots: Root[];
  private listeners = new Set<() => void>();

  /** Without a storage (the page's tests, in Node) the roots live as long as the store. */
  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
  ) {
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

function load(storage: Pick<Storage, 'getItem'> | undefined): Root[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((root): root is Root => typeof root?.uri === 'string' && root.uri.startsWith('file://'))
      : [];
  } catch {
    return [];
  }
}
