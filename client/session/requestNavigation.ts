/**
 * Asking to be shown one of the server's pending requests: a call waiting on the person links to
 * what it waits for. The App, which owns the tabs, listens and opens the Requests tab on it.
 */
const listeners = new Set<(id: number) => void>();

export function showServerRequest(id: number): void {
  for (const listener of listeners) listener(id);
}

export function onShowServerRequest(listener: (id: number) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The element id of a pending request in the Requests panel. */
export function serverRequestElementId(id: number): string {
  return `server-request-${id}`;
}

/** Focuses a request once the Requests panel (loaded on first use) has drawn it. */
export function focusServerRequest(id: number, tries = 40): void {
  const element = document.getElementById(serverRequestElementId(id));
  if (element) element.focus();
  else if (tries > 0) setTimeout(() => focusServerRequest(id, tries - 1), 50);
}
