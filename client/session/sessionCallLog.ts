import type { InspectorSession } from '../bridge/inspectorSession';
import { CallLog } from './callLog';

/**
 * One log of calls per session, made with the first panel that calls tools (the tools workbench
 * or the Playground): calls outlive the panel, and a model's calls are the same records, with
 * the same cards, as the person's own.
 */
const logs = new WeakMap<InspectorSession, CallLog>();

export function callLogOf(session: InspectorSession): CallLog {
  let log = logs.get(session);
  if (log === undefined) {
    log = new CallLog(session.answerer, session.tasks, session.answers);
    logs.set(session, log);
  }
  return log;
}
