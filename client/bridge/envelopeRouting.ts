import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import {
  assertNever,
  type Frame,
  type TargetInfo,
  type TargetState,
  type TimelineRecord,
} from '../../shared/wire';
import type { TrafficLog } from '../../shared/core/traffic/trafficLog';
import type { DeliveredEnvelope } from './bridgeSocket';

/** Where each envelope from the bridge goes, besides the traffic log. */
export interface EnvelopeTargets {
  traffic: TrafficLog;
  welcome(bridgeVersion: string, target: TargetInfo): void;
  /**
   * The target's states: one as it happens, or all those of a history (a page that attached or
   * reloaded), which are acted on once, as of the last: a reload must not replay every run.
   */
  targetStates(states: TargetState[]): void;
  /** A frame, and its JSON-RPC message as received. */
  frame(frame: Frame, message: JSONRPCMessage): void;
  target(target: TargetInfo): void;
  rejected(reason: string): void;
}

/**
 * Hands one envelope from the bridge on. The traffic log gets the objects as received, as
 * everywhere: the wire exactly as it was (the schema's parsed copy may lack keys it does not know).
 */
export function routeEnvelope(envelope: DeliveredEnvelope, raw: unknown, to: EnvelopeTargets): void {
  switch (envelope.type) {
    case 'welcome':
      to.traffic.sessionStarted(envelope.startedAt);
      to.welcome(envelope.bridgeVersion, envelope.target);
      return;
    case 'history':
      to.traffic.receiveHistory((raw as { records: TimelineRecord[] }).records);
      to.targetStates(envelope.records.filter((record) => record.type === 'state'));
      return;
    case 'state':
      to.traffic.append(raw as TimelineRecord);
      to.targetStates([envelope]);
      return;
    case 'frame':
      to.traffic.append(raw as TimelineRecord);
      to.frame(envelope, (raw as { message: JSONRPCMessage }).message);
      return;
    case 'stderr':
    case 'transportError':
    case 'note':
    case 'http':
    case 'app':
      to.traffic.append(raw as TimelineRecord);
      return;
    case 'target':
      to.traffic.append(raw as TimelineRecord);
      to.target(envelope.target);
      return;
    case 'rejected':
      to.rejected(envelope.reason);
      return;
    default:
      assertNever(envelope);
  }
}
