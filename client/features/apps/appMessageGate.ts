/**
 * The page's one listener for messages from MCP App frames, registered when the page starts,
 * before any other of its listeners: a listener of the page's that reads every message (Monaco's
 * scheduler does) would otherwise read each of an app's, past any budget, since a window's
 * listeners run in the order they were added, capture or not. Here a message from an app's frame,
 * or from any frame inside it, goes to that app's transport and no further; the transport keeps
 * the app's budget (sandboxTransport.ts). Only the sandbox page's own messages are the app's
 * channel: one from a frame inside it (the app posting to the top directly) is dropped unread.
 */

type AppMessageHandler = (event: MessageEvent<unknown>) => void;

/** By the sandbox frame's window. */
const handlers = new Map<Window, AppMessageHandler>();

/** How deep an app's frames may nest before its messages are no longer traced back to it. */
const MAX_DEPTH = 16;

function route(event: MessageEvent<unknown>): void {
  if (handlers.size === 0 || event.source === null) return;
  // A window (a cross-origin one allows `parent`); a MessagePort or a service worker has none.
  if (!('parent' in event.source)) return;
  let current = event.source as Window;
  for (let depth = 0; depth < MAX_DEPTH && current !== window; depth += 1) {
    const handler = handlers.get(current);
    if (handler) {
      event.stopImmediatePropagation();
      if (current === event.source) handler(event);
      return;
    }
    const parent = current.parent;
    if (parent === current) return;
    current = parent;
  }
}

window.addEventListener('message', route, { capture: true });

/** Sends the messages of this sandbox frame (and of the frames inside it) to `handler` alone. */
export function routeAppMessages(frame: Window, handler: AppMessageHandler): () => void {
  handlers.set(frame, handler);
  return () => {
    if (handlers.get(frame) === handler) handlers.delete(frame);
  };
}
