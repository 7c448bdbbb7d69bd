/**
 * Asking to be shown a tool's definition, from a lint finding: the App opens the Tools tab, and
 * the tools workbench selects the tool. The name is also kept until the workbench takes it, since
 * the workbench is drawn only once its tab is open.
 */
const listeners = new Set<(name: string) => void>();
let pending: string | undefined;

export function showTool(name: string): void {
  pending = name;
  for (const listener of listeners) listener(name);
}

export function onShowTool(listener: (name: string) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The tool asked for and not yet shown. */
export function pendingTool(): string | undefined {
  return pending;
}

/** The tool asked for and not yet shown, taken once. */
export function takePendingTool(): string | undefined {
  const name = pending;
  pending = undefined;
  return name;
}
