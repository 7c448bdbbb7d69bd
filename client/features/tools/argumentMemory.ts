/**
 * The last arguments typed for each tool of each server, kept in the browser so a reload or
 * coming back to a tool does not mean typing them again. Keyed by server name (serverInfo),
 * not by run: a restarted server is the same server.
 */
const PREFIX = 'mcp-inspect.args';

function key(server: string, tool: string): string {
  return `${PREFIX}:${JSON.stringify([server, tool])}`;
}

export interface ArgumentMemory {
  load(server: string, tool: string): Record<string, unknown> | undefined;
  save(server: string, tool: string, args: Record<string, unknown>): void;
  forget(server: string, tool: string): void;
}

export function argumentMemory(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): ArgumentMemory {
  return {
    load(server, tool) {
      try {
        const text = storage.getItem(key(server, tool));
        if (text === null) return undefined;
        const value: unknown = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : undefined;
      } catch {
        return undefined;
      }
    },
    save(server, tool, args) {
      try {
        storage.setItem(key(server, tool), JSON.stringify(args));
      } catch {
        // A full or disabled storage only costs the memory, never the call.
      }
    },
    forget(server, tool) {
      storage.removeItem(key(server, tool));
    },
  };
}
