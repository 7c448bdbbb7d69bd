// The one client of the page–bridge wire: what the page, the test support and the benches share.
import { describe, expect, it } from 'vitest';
import { WIRE_PROTOCOL_VERSION } from '../wire.js';
import { WireClient, type DeliveredEnvelope } from './wireClient.js';

function recording() {
  const envelopes: DeliveredEnvelope[] = [];
  const invalid: string[] = [];
  const wire = new WireClient({
    onEnvelope: (envelope) => envelopes.push(envelope),
    onInvalid: (reason) => invalid.push(reason),
  });
  return { wire, envelopes, invalid };
}

const ping = { jsonrpc: '2.0' as const, id: 1, method: 'ping' };
const pong = { jsonrpc: '2.0' as const, id: 1, result: {} };

describe('the wire client', () => {
  it('says hello with the wire version, and numbers what it sends', () => {
    const { wire } = recording();
    expect(JSON.parse(wire.hello())).toEqual({ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION });
    expect(JSON.parse(wire.mcp(ping))).toEqual({ type: 'mcp', ref: 1, message: ping });
    expect(JSON.parse(wire.mcp(ping, { 'Mcp-Param-Region': 'eu' }))).toMatchObject({
      ref: 2,
      headers: { 'Mcp-Param-Region': 'eu' },
    });
    expect(wire.unstamped).toBe(2);
  });

  it("unpacks a batch record by record, joining the bridge's stamp into the frame it sent", () => {
    const { wire, envelopes, invalid } = recording();
    wire.mcp(ping);
    wire.receive(
      JSON.stringify({
        type: 'batch',
        records: [
          { type: 'stamp', ref: 1, seq: 7, t: 12.5, bytes: 40, generation: 1 },
          { type: 'frame', seq: 8, t: 13, dir: 'fromServer', bytes: 38, generation: 1, message: pong },
        ],
      }),
    );
    expect(invalid).toEqual([]);
    expect(envelopes).toEqual([
      { type: 'frame', seq: 7, t: 12.5, dir: 'toServer', bytes: 40, generation: 1, message: ping },
      { type: 'frame', seq: 8, t: 13, dir: 'fromServer', bytes: 38, generation: 1, message: pong },
    ]);
    expect(wire.unstamped).toBe(0);
  });

  it('says what is wrong with what it cannot take, and goes on', () => {
    const { wire, envelopes, invalid } = recording();
    wire.receive('not json');
    wire.receive(JSON.stringify({ type: 'stamp', ref: 9, seq: 1, t: 0, bytes: 1, generation: 1 }));
    wire.receive(JSON.stringify({ type: 'no-such-envelope' }));
    wire.receive(JSON.stringify({ type: 'rejected', reason: 'too big', fatal: false }));
    expect(invalid).toEqual([
      'The bridge sent text that is not JSON',
      'The bridge stamped a message this page did not send (ref 9)',
      expect.stringMatching(/^The bridge sent an envelope that does not match the wire schema/),
    ]);
    expect(envelopes).toEqual([{ type: 'rejected', reason: 'too big', fatal: false }]);
  });

  it('a new connection forgets what was sent on the last', () => {
    const { wire, invalid } = recording();
    wire.mcp(ping);
    wire.reset();
    wire.receive(JSON.stringify({ type: 'stamp', ref: 1, seq: 1, t: 0, bytes: 1, generation: 1 }));
    expect(invalid).toEqual(['The bridge stamped a message this page did not send (ref 1)']);
  });
});
