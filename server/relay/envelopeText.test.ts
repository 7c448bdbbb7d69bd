import { describe, expect, it } from 'vitest';
import { BridgeEnvelopeSchema, FrameSchema, FrameStampSchema } from '../../shared/wire.js';
import { JsonText, envelopeText, recordText, type EnvelopeOut, type FrameOut } from './envelopeText.js';

const answer = '{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"é \\" ok"}]}}';
const frame: FrameOut = {
  type: 'frame',
  seq: 12,
  t: 3.125,
  dir: 'fromServer',
  bytes: Buffer.byteLength(answer),
  generation: 2,
  message: JsonText.of(answer),
};

/** What `JSON.stringify` writes for the same envelope, keys in the schema's order, text parsed back. */
function stringified(envelope: EnvelopeOut): string {
  const value: Record<string, unknown> =
    envelope.type === 'frame' ? { ...envelope, message: JSON.parse(envelope.message.text) } : { ...envelope };
  const shape = envelope.type === 'frame' ? FrameSchema.shape : FrameStampSchema.shape;
  const ordered = Object.keys(shape).filter((key) => value[key] !== undefined);
  return JSON.stringify(Object.fromEntries(ordered.map((key) => [key, value[key]])));
}

describe('envelopeText', () => {
  it.each<[string, EnvelopeOut]>([
    ['a frame', frame],
    ['a synthetic frame', { ...frame, synthetic: true }],
    [
      'an elided frame',
      { ...frame, elided: true, message: JsonText.write({ jsonrpc: '2.0', id: 7, result: {} }) },
    ],
    ['a synthetic elided frame', { ...frame, synthetic: true, elided: true }],
    ['a notification on the stream of a request', { ...frame, relatedTo: 'req "7"' }],
    ['a notification on the stream of request 7', { ...frame, elided: true, relatedTo: 7 }],
    ['a stamp', { type: 'stamp', seq: 4, t: 0.001, generation: 1, ref: 3, bytes: 120 }],
  ])('writes %s by template exactly as JSON.stringify would', (_name, envelope) => {
    expect(envelopeText(envelope)).toBe(stringified(envelope));
  });

  it('writes every envelope so the wire schema accepts it, text at hand spliced in', () => {
    const stamp = { type: 'stamp', seq: 13, t: 4, generation: 2, ref: 1, bytes: 10 } as const;
    const records = [recordText(frame), recordText(stamp)];
    const history = JsonText.of(`[${recordText(frame)}]`);
    const envelopes: EnvelopeOut[] = [
      frame,
      stamp,
      { type: 'history', dropped: 3, records: history },
      { type: 'batch', records },
      { type: 'rejected', reason: 'no', fatal: false },
      { type: 'stderr', seq: 1, t: 0, generation: 1, line: 'a "quoted" line' },
      {
        type: 'state',
        seq: 2,
        t: 0.5,
        generation: 1,
        state: 'exited',
        code: 1,
        signal: null,
        stderrTail: ['x'],
      },
    ];
    for (const envelope of envelopes) {
      const parsed = BridgeEnvelopeSchema.safeParse(JSON.parse(envelopeText(envelope)));
      expect(parsed.success, envelope.type).toBe(true);
    }
    expect(JSON.parse(envelopeText({ type: 'batch', records }))).toEqual({
      type: 'batch',
      records: [JSON.parse(stringified(frame)), stamp],
    });
  });
});
