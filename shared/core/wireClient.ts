import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { SentFrames, isFrameStampShape } from '../frameStamps.js';
import {
  BridgeEnvelopeSchema,
  LiveRecordSchema,
  WIRE_PROTOCOL_VERSION,
  type BridgeEnvelope,
  type FrameStamp,
  type PageEnvelope,
} from '../wire.js';
import { isFrameRecordShape } from './recordShape.js';

/**
 * What the wire client hands on: a batch arrives as its records, one by one, and the stamp of a
 * message this client sent as the `toServer` frame it completes.
 */
export type DeliveredEnvelope = Exclude<BridgeEnvelope, { type: 'batch' | 'stamp' }>;

export interface WireClientEvents {
  /** A validated envelope from the bridge, and the object as received (unstripped). */
  onEnvelope(envelope: DeliveredEnvelope, raw: unknown): void;
  /**
   * Something from the bridge that failed validation (the object as received, when it was JSON);
   * the connection goes on.
   */
  onInvalid(reason: string, raw?: unknown): void;
}

/**
 * The one client of the page–bridge wire, for whatever carries it (the page's WebSocket, a
 * test's, a bench's): it says hello, numbers each MCP message it sends (`ref`) and joins the
 * bridge's stamp back into the `toServer` frame, unpacks batches, and validates what comes in.
 * It holds no socket: the caller sends the text it returns and hands it the text it receives.
 * One per connection (refs mean nothing on another): call `reset` when a new one opens.
 */
export class WireClient {
  /** Messages sent on the current connection, waiting for the bridge's stamps. */
  private sent = new SentFrames();

  constructor(private readonly events: WireClientEvents) {}

  /** A new connection: nothing sent before it will be stamped on it. */
  reset(): void {
    this.sent = new SentFrames();
  }

  /** The first message on each connection; only a test plays a page from another build. */
  hello(wireVersion: number = WIRE_PROTOCOL_VERSION): string {
    return this.control({ type: 'hello', wireVersion });
  }

  /** A control envelope (restart, connect, app…), as text to send. */
  control(envelope: Exclude<PageEnvelope, { type: 'mcp' }>): string {
    return JSON.stringify(envelope);
  }

  /** A JSON-RPC message for the target, as text to send; its frame comes back as the bridge's stamp. */
  mcp(message: JSONRPCMessage, headers?: Record<string, string>): string {
    const ref = this.sent.register(message);
    const envelope: PageEnvelope = { type: 'mcp', ref, message, ...(headers ? { headers } : {}) };
    return JSON.stringify(envelope);
  }

  /** How many sent messages wait for their stamp. */
  get unstamped(): number {
    return this.sent.size;
  }

  /** One text message from the bridge. */
  receive(text: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.events.onInvalid('The bridge sent text that is not JSON');
      return;
    }
    this.receiveParsed(raw);
  }

  /** One message from the bridge, already parsed from JSON. */
  receiveParsed(raw: unknown): void {
    // Frames are most of the traffic: checked by shape (see recordShape.ts), and a batch is
    // handed on record by record, so the caller sees the same envelopes either way.
    if (isFrameRecordShape(raw)) {
      this.events.onEnvelope(raw, raw);
      return;
    }
    if (isFrameStampShape(raw)) {
      this.receiveStamp(raw);
      return;
    }
    if (
      (raw as { type?: unknown } | null)?.type === 'batch' &&
      Array.isArray((raw as { records?: unknown }).records)
    ) {
      for (const record of (raw as { records: unknown[] }).records) this.receiveRecord(record);
      return;
    }
    this.receiveEnvelope(raw);
  }

  private receiveRecord(raw: unknown): void {
    if (isFrameRecordShape(raw)) {
      this.events.onEnvelope(raw, raw);
      return;
    }
    if (isFrameStampShape(raw)) {
      this.receiveStamp(raw);
      return;
    }
    const parsed = LiveRecordSchema.safeParse(raw);
    if (!parsed.success) {
      this.events.onInvalid(
        `The bridge sent a record that does not match the wire schema: ${parsed.error.issues[0]?.message ?? ''}`,
        raw,
      );
      return;
    }
    if (parsed.data.type === 'stamp') this.receiveStamp(parsed.data);
    else this.events.onEnvelope(parsed.data, raw);
  }

  private receiveStamp(stamp: FrameStamp): void {
    const frame = this.sent.join(stamp);
    if (frame === undefined) {
      this.events.onInvalid(`The bridge stamped a message this page did not send (ref ${stamp.ref})`, stamp);
      return;
    }
    // The frame as the bridge's history holds it: the object is the raw record from here on.
    this.events.onEnvelope(frame, frame);
  }

  private receiveEnvelope(raw: unknown): void {
    const parsed = BridgeEnvelopeSchema.safeParse(raw);
    if (!parsed.success) {
      this.events.onInvalid(
        `The bridge sent an envelope that does not match the wire schema: ${parsed.error.issues[0]?.message ?? ''}`,
        raw,
      );
      return;
    }
    if (parsed.data.type === 'batch') {
      const records = (raw as { records: unknown[] }).records;
      parsed.data.records.forEach((record, i) => {
        if (record.type === 'stamp') this.receiveStamp(record);
        else this.events.onEnvelope(record, records[i]);
      });
      return;
    }
    if (parsed.data.type === 'stamp') this.receiveStamp(parsed.data);
    else this.events.onEnvelope(parsed.data, raw);
  }
}
