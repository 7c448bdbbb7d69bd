import { useInspector } from '../../session/inspectorContext';
import { callLogOf } from '../../session/sessionCallLog';
import { ToolPanel, type ToolPanelProps } from './ToolPanel';

/** A tool's panel with the session's call log (client/session/sessionCallLog.ts). */
export function SessionToolPanel(props: Omit<ToolPanelProps, 'calls'>) {
  const session = useInspector();
  return <ToolPanel {...props} calls={callLogOf(session)} />;
}
