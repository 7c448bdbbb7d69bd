import { useRef, useState, useSyncExternalStore } from 'react';
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { useAppStage } from '../apps/AppStage';
import { LoadTestPanel } from '../load/LoadTestPanel';
import { ARGUMENTS_ID_PREFIX, ArgumentsEditor } from './ArgumentsEditor';
import type { CallLog } from '../../session/callLog';
import { CallRecordView } from './CallRecordView';
import { ConfirmRunDialog } from '../../components/ConfirmRunDialog';
import { confirmationSkipped, skipConfirmation } from '../../session/confirmationMemory';
import { RunProblems } from './RunProblems';
import { destructiveness, needsConfirmation } from '../../session/toolHints';
import { TaskOption, taskModeOf } from './TaskOption';
import { ToolSummary } from './ToolSummary';
import { useRevealCall } from './useRevealCall';
import { useToolArguments } from './useToolArguments';
import './tools.css';

/** One tool: what it is, its arguments, and the calls made to it. */
export interface ToolPanelProps {
  tool: Tool;
  client: Client;
  /** serverInfo.name: arguments and "don't ask again" are kept per server. */
  serverName: string;
  /** False while the server is down: the panel and its last results stay, running does not. */
  connected: boolean;
  calls: CallLog;
  timeoutSeconds: number;
  onTimeoutChange: (seconds: number) => void;
}

export function ToolPanel({
  tool,
  client,
  serverName,
  connected,
  calls,
  timeoutSeconds,
  onTimeoutChange,
}: ToolPanelProps) {
  const [args, formRef] = useToolArguments(tool, serverName);
  const records = useSyncExternalStore(calls.subscribe, calls.getSnapshot);
  const [confirming, setConfirming] = useState<Record<string, unknown> | undefined>();
  const [asTaskChosen, setAsTask] = useState(false);
  const taskMode = taskModeOf(tool, client);
  // A tool with an MCP App can have it opened before the call (partial input); Run binds it.
  const appStage = useAppStage({ tool, client, args });
  const send = (values: Record<string, unknown>): void => {
    appStage.bindCall(
      calls.start(client, tool, values, timeoutSeconds * 1000, {
        asTask: taskMode === 'required' || (taskMode === 'optional' && asTaskChosen),
      }),
    );
  };
  const run = (anyway = false): void => {
    if (!connected) return;
    const values = anyway ? args.collectAnyway() : args.collect();
    if (values === undefined) return;
    if (needsConfirmation(tool) && !confirmationSkipped(serverName, tool.name)) setConfirming(values);
    else send(values);
  };
  const mine = records.filter((record) => record.tool.name === tool.name);
  const recordsRef = useRef<HTMLDivElement>(null);
  useRevealCall(recordsRef, mine[0]);

  return (
    <section
      className="tool-panel"
      aria-label={`Tool ${tool.name}`}
      onKeyDownCapture={(event) => {
        // Captured before Monaco, which would otherwise insert a line.
        if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
          event.preventDefault();
          event.stopPropagation();
          run();
        }
      }}
    >
      <ToolSummary tool={tool} />
      <ArgumentsEditor tool={tool} serverName={serverName} args={args} formRef={formRef} />
      <div className="run-bar">
        <button
          type="button"
          className="primary"
          onClick={() => run()}
          disabled={!connected || args.jsonError !== undefined || args.problems.length > 0}
          title="Ctrl/Cmd+Enter"
        >
          Run tool
        </button>
        <label className="timeout">
          Timeout (s)
          <input
            type="number"
            min={1}
            step={1}
            value={timeoutSeconds}
            onChange={(event) => {
              const seconds = Number(event.target.value);
              if (Number.isFinite(seconds) && seconds >= 1) onTimeoutChange(seconds);
            }}
          />
        </label>
        <span className="muted">restarts on progress · Ctrl/Cmd+Enter runs</span>
        <TaskOption mode={taskMode} checked={asTaskChosen} onChange={setAsTask} />
      </div>
      <LoadTestPanel
        tool={tool}
        client={client}
        connected={connected}
        timeoutSeconds={timeoutSeconds}
        collectArgs={() => args.collect()}
      />
      <RunProblems
        problems={args.problems}
        idPrefix={ARGUMENTS_ID_PREFIX}
        onShowInForm={() => formRef.current?.validate()}
        onSendAnyway={() => run(true)}
        disabled={!connected}
      />
      {confirming && (
        <ConfirmRunDialog
          toolName={tool.name}
          reason={destructiveness(tool) ?? 'default'}
          onCancel={() => setConfirming(undefined)}
          onConfirm={(dontAskAgain) => {
            if (dontAskAgain) skipConfirmation(serverName, tool.name, dontAskAgain);
            setConfirming(undefined);
            send(confirming);
          }}
        />
      )}
      {appStage.element}
      <div className="call-records" ref={recordsRef}>
        {mine.map((record) => (
          <CallRecordView
            key={record.id}
            record={record}
            client={client}
            onCancel={(id) => calls.cancel(id)}
          />
        ))}
      </div>
    </section>
  );
}
