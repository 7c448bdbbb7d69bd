// Envelopes from the bridge, as text through the page's wire client, routed into a real traffic
// log and targets that keep what they were told.
import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { Frame, TargetInfo, TargetState } from '../../shared/wire';
import { TrafficLog } from '../../shared/core/traffic/trafficLog';
import { WireClient } from '../../shared/core/wireClient';
import { routeEnvelope, type EnvelopeTargets } from './envelopeRouting';

const TARGET: TargetInfo = {
  kind: 'stdio',
  command: 'node',
  args: ['server.js'],
  envKeys: [],
  demo: false,
  era: 'auto',
};

function routed() {
  const told = {
    welcomes: [] as string[],
    states: [] as TargetState[][],
    frames: [] as { frame: Frame; message: JSONRPCMessage }[],
    targets: [] as TargetInfo[],
    rejected: [] as string[],
    invalid: [] as string[],
  };
  const traffic = new TrafficLog();
  const targets: EnvelopeTargets = {
    traffic,
    welcome: (version) => told.welcomes.push(version),
    targetStates: (states) => told.states.push(states),
    frame: (frame, message) => told.frames.push({ frame, message }),
    target: (target) => told.targets.push(target),
    rejected: (reason) => told.rejected.push(reason),
  };
  const wire = new WireClient({
    onEnvelope: (envelope, raw) => routeEnvelope(envelope, raw, targets),
    onInvalid: (reason) => told.invalid.push(reason),
  });
  const receive = (envelope: unknown) => wire.receive(JSON.stringify(envelope));
  return { told, traffic, receive };
}

const state = (seq: number, name: string) => ({ type: 'state', seq, t: seq, generation: 1, state: name });

describe('routeEnvelope', () => {
  it('a welcome starts the traffic clock and says which bridge answered', () => {
    const { told, traffic, receive } = routed();
    receive({ type: 'welcome', wireVersion: 8, bridgeVersion: '9.9.9', target: TARGET, startedAt: 1234 });
    expect(told.welcomes).toEqual(['9.9.9']);
    expect(traffic.startedAt).toBe(1234);
  });

  it("a history's states are acted on once, all together, and every record goes to the traffic", () => {
    const { told, traffic, receive } = routed();
    receive({
      type: 'history',
      dropped: 0,
      records: [
        state(1, 'starting'),
        { type: 'stderr', seq: 2, t: 2, generation: 1, line: 'hi' },
        state(3, 'connected'),
      ],
    });
    expect(told.states).toHaveLength(1);
    expect(told.states[0]?.map((s) => s.state)).toEqual(['starting', 'connected']);
    expect(traffic.all().map((record) => record.type)).toEqual(['state', 'stderr', 'state']);
  });

  it('a frame reaches the traffic and the MCP client, with its message as received', () => {
    const { told, traffic, receive } = routed();
    const message = { jsonrpc: '2.0', id: 1, result: { tools: [] } };
    receive({ type: 'frame', seq: 1, t: 1, dir: 'fromServer', bytes: 40, generation: 1, message });
    expect(told.frames).toEqual([{ frame: expect.objectContaining({ seq: 1 }), message }]);
    expect(traffic.all()).toHaveLength(1);
  });

  it('keeps a record in the traffic as the bridge sent it, keys the schema does not know included', () => {
    const { traffic, receive } = routed();
    receive({
      type: 'batch',
      records: [
        { type: 'note', seq: 1, t: 1, generation: 1, level: 'info', source: 'bridge', text: 'n', later: 'x' },
      ],
    });
    expect(traffic.all()[0]).toMatchObject({ type: 'note', later: 'x' });
  });

  it('a new target and a refusal reach their handlers; the refusal stays out of the traffic', () => {
    const { told, traffic, receive } = routed();
    receive({ type: 'target', seq: 1, t: 1, target: TARGET });
    receive({ type: 'rejected', reason: 'not now', fatal: false });
    expect(told.targets).toEqual([TARGET]);
    expect(told.rejected).toEqual(['not now']);
    expect(traffic.all().map((record) => record.type)).toEqual(['target']);
  });
});
