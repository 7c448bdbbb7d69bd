import type { InspectorSession } from '../../bridge/inspectorSession';
import { useInspector } from '../../session/inspectorContext';
import { CallLog } from '../../session/callLog';
import { ToolPanel, type ToolPanelProps } from './ToolPanel';

/**
 * One log of calls per session, made with the first tool panel shown: calls outlive the panel
 * (switching tools leaves the others running, each with its record), and the log with the call
 * machinery it brings loads with the panel, not with the first screen.
 */
const logs = new WeakMap<InspectorSession, CallLog>();

function callLogOf(session: InspectorSession): CallLog {
  let log = logs.get(session);
  if (log === undefined) {
    log = new CallLog(session.answerer, session.tasks, session.answers);
    logs.set(session, log);
  }
  return log;
}

/** A tool's panel with the session's call log. */
export function SessionToolPanel(props: Omit<ToolPanelProps, 'calls'>) {
  const session = useInspector();
  return <ToolPanel {...props} calls={callLogOf(session)} />;
}
