import type { BridgeEnvelope, Frame, TimelineRecord } from '../../shared/wire.js';

/**
 * JSON text that goes into an envelope as it is: a message as the server or the page wrote it,
 * or records the history already holds as text. The bridge relays; it does not parse a message
 * again to write it out again.
 */
export class JsonText {
  private constructor(readonly text: string) {}

  /** Text already at hand, trusted to be one JSON value (it was parsed, or written here). */
  static of(text: string): JsonText {
    return new JsonText(text);
  }

  /** A value written as text once, here, to be sized and kept before it is sent. */
  static write(value: unknown): JsonText {
    return new JsonText(JSON.stringify(value));
  }
}

/** A frame whose message is the text it travelled as. */
export type FrameOut = Omit<Frame, 'message'> & { message: JsonText };

/** A timeline record as the bridge writes it: the wire's record, with a frame's message as text. */
export type RecordOut = Exclude<TimelineRecord, Frame> | FrameOut;

/** A record or stamp as the bridge sends it live. */
export type LiveOut = RecordOut | Extract<BridgeEnvelope, { type: 'stamp' }>;

/**
 * What the bridge sends a page: the wire's union (shared/wire.ts), typed, except where text is
 * already at hand: a frame's message, the history's and a batch's records (each record was
 * written once, when it happened, and its text is what the history keeps).
 */
export type EnvelopeOut =
  | Exclude<BridgeEnvelope, { type: 'frame' | 'history' | 'batch' }>
  | FrameOut
  | { type: 'history'; dropped: number; records: JsonText }
  | { type: 'batch'; records: readonly RecordText[] };

/** The text of a record, written by envelopeText. */
export type RecordText = string & { readonly recordText: unique symbol };

/**
 * The one place the bridge turns what it sends a page into text: `JSON.stringify` of the typed
 * envelope, with text already at hand spliced in (history, batch).
 *
 * One fast path, for the envelopes of every relayed call (two frames and a stamp): a frame's
 * stamps and a stamp are written by template, keys in the schema's order, from the typed fields
 * (`envelopeText.test.ts` holds them to what `JSON.stringify` writes). Measured on a frame of an
 * echo answer and its stamp, written and UTF-8 encoded, 2 million of each: 1.00–1.07 µs the pair
 * by template, 1.75–1.84 µs by `JSON.stringify` of the stamps with the message spliced after;
 * about 1 µs a call, a tenth of the session's CPU per call in bench/sessionOnly.ts (9–11 µs,
 * 1,000 in flight, where the difference stayed within that bench's noise on this machine).
 */
export function envelopeText(envelope: EnvelopeOut): string {
  switch (envelope.type) {
    case 'frame':
      return (
        `{"type":"frame","seq":${envelope.seq},"t":${envelope.t},"dir":"${envelope.dir}","bytes":${envelope.bytes},` +
        `"generation":${envelope.generation}${envelope.synthetic ? ',"synthetic":true' : ''}` +
        `${envelope.elided ? ',"elided":true' : ''}` +
        `${envelope.relatedTo === undefined ? '' : `,"relatedTo":${JSON.stringify(envelope.relatedTo)}`}` +
        `,"message":${envelope.message.text}}`
      );
    case 'stamp':
      return `{"type":"stamp","seq":${envelope.seq},"t":${envelope.t},"generation":${envelope.generation},"ref":${envelope.ref},"bytes":${envelope.bytes}}`;
    case 'history':
      return `{"type":"history","dropped":${envelope.dropped},"records":${envelope.records.text}}`;
    case 'batch':
      return `{"type":"batch","records":[${envelope.records.join(',')}]}`;
    default:
      return JSON.stringify(envelope);
  }
}

/** The text of a live record or stamp, for the history and the outbox (see PageChannel). */
export function recordText(record: LiveOut): RecordText {
  return envelopeText(record) as RecordText;
}
