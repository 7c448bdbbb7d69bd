/**
 * Asking the traffic pane to show a call's frames, from elsewhere in the page (an eval's run
 * links to the calls its model made): the pane selects the first tools/call request for that
 * tool at or after the log position the call was sent from, which opens its detail with the
 * paired response. Kept until the pane takes it, since the pane may load after the ask.
 */
export interface WantedFrame {
  /** The traffic log's end when the call was sent: its request is the first such after it. */
  from: number;
  method: string;
  /** The request's params.name (a tool's name). */
  name?: string;
}

const listeners = new Set<(wanted: WantedFrame) => void>();
let pending: WantedFrame | undefined;

export function showFrame(wanted: WantedFrame): void {
  pending = wanted;
  for (const listener of listeners) listener(wanted);
}

export function onShowFrame(listener: (wanted: WantedFrame) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The frame asked for and not yet shown, taken once. */
export function takePendingFrame(): WantedFrame | undefined {
  const wanted = pending;
  pending = undefined;
  return wanted;
}
