import type { Frame, FrameStamp } from './wire.js';

type JSONRPCMessage = Frame['message'];

/**
 * The page's half of the stamp protocol. The page numbers each message it sends (`ref`) and
 * keeps it; the bridge answers with a small `stamp` (its sequence number, time and byte count)
 * instead of sending the message back whole, and the two are joined here into the `toServer`
 * frame the bridge's history holds, key for key. One instance per socket: refs mean nothing
 * on another connection.
 */
export class SentFrames {
  private lastRef = 0;
  private readonly waiting = new Map<number, JSONRPCMessage>();

  /** Numbers a message about to be sent, and keeps it until the bridge stamps it. */
  register(message: JSONRPCMessage): number {
    this.lastRef += 1;
    this.waiting.set(this.lastRef, message);
    return this.lastRef;
  }

  /** How many sent messages wait for their stamp. */
  get size(): number {
    return this.waiting.size;
  }

  /**
   * The frame a stamp completes, or undefined when this socket sent no such message. The
   * bridge stamps in the order it received, so an older message still waiting was refused
   * (the bridge said so in a `rejected`) and will never be stamped: it is let go.
   */
  join(stamp: FrameStamp): Frame | undefined {
    const message = this.waiting.get(stamp.ref);
    for (const ref of this.waiting.keys()) {
      if (ref > stamp.ref) break;
      this.waiting.delete(ref);
    }
    if (message === undefined) return undefined;
    return {
      type: 'frame',
      seq: stamp.seq,
      t: stamp.t,
      dir: 'toServer',
      bytes: stamp.bytes,
      generation: stamp.generation,
      message,
    };
  }

  /** The socket closed: what was not stamped is in the bridge's history, or was never relayed. */
  clear(): void {
    this.waiting.clear();
  }
}

/** A hand-written check of a stamp, for the hot path (one per message the page sends). */
export function isFrameStampShape(value: unknown): value is FrameStamp {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    r.type === 'stamp' &&
    isCount(r.seq) &&
    typeof r.t === 'number' &&
    r.t >= 0 &&
    Number.isInteger(r.generation) &&
    isCount(r.ref) &&
    (r.ref as number) > 0 &&
    isCount(r.bytes)
  );
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
