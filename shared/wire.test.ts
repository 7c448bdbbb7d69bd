import { describe, expect, it } from 'vitest';
import { BridgeEnvelopeSchema, PageEnvelopeSchema, WIRE_PROTOCOL_VERSION } from './wire.js';

describe('page → bridge envelopes', () => {
  it('accept the four kinds', () => {
    for (const envelope of [
      { type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION },
      { type: 'mcp', ref: 1, message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
      { type: 'mcp', ref: 2, message: { jsonrpc: '2.0', method: 'notifications/initialized' } },
      { type: 'mcp', ref: 3, message: { jsonrpc: '2.0', id: 'x', result: {} } },
      { type: 'restart' },
      { type: 'disconnect' },
    ]) {
      expect(PageEnvelopeSchema.safeParse(envelope).success).toBe(true);
    }
  });

  it('refuse unknown types and MCP frames that are not JSON-RPC', () => {
    for (const envelope of [
      { type: 'spawn', command: 'rm -rf /' },
      { type: 'mcp', ref: 1, message: { id: 1, method: 'x' } },
      { type: 'mcp', ref: 1, message: { jsonrpc: '1.0', id: 1, method: 'x' } },
      { type: 'mcp', ref: 1, message: 'tools/list' },
      { type: 'mcp', message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
      { type: 'mcp', ref: 0, message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
      { type: 'hello' },
      null,
      [],
    ]) {
      expect(PageEnvelopeSchema.safeParse(envelope).success).toBe(false);
    }
  });
});

describe('bridge → page envelopes', () => {
  const frame = {
    type: 'frame',
    seq: 3,
    t: 12.5,
    dir: 'fromServer',
    bytes: 40,
    generation: 1,
    message: { jsonrpc: '2.0', id: 1, result: { tools: [] } },
  };

  it('accept stamped frames, states and events', () => {
    expect(BridgeEnvelopeSchema.safeParse(frame).success).toBe(true);
    expect(
      BridgeEnvelopeSchema.safeParse({
        type: 'state',
        seq: 1,
        t: 0,
        generation: 1,
        state: 'exited',
        code: 3,
        signal: null,
        stderrTail: ['x'],
      }).success,
    ).toBe(true);
    expect(BridgeEnvelopeSchema.safeParse({ type: 'history', dropped: 0, records: [frame] }).success).toBe(
      true,
    );
  });

  it('refuse a frame without its stamps or with a bad direction', () => {
    const { seq: _seq, ...unstamped } = frame;
    expect(BridgeEnvelopeSchema.safeParse(unstamped).success).toBe(false);
    expect(BridgeEnvelopeSchema.safeParse({ ...frame, dir: 'sideways' }).success).toBe(false);
    expect(BridgeEnvelopeSchema.safeParse({ ...frame, seq: -1 }).success).toBe(false);
  });
});
