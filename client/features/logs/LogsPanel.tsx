import { useRef, useState } from 'react';
import { LoggingLevelSchema } from '@modelcontextprotocol/core';
import type { LoggingLevel } from '@modelcontextprotocol/client';
import { RequestLogLevel } from './RequestLogLevel';
import type { McpConnection } from '../../bridge/inspectorSession';
import { formatCount, formatCountOf, formatSessionTime } from '../../components/format';
import { JsonTree } from '../../components/JsonTree';
import { useInspector } from '../../session/inspectorContext';
import { LOG_LEVELS, type LogEntry } from './logEntries';
import { LogGrid } from './LogGrid';
import { useLogEntries } from './useLogEntries';
import './logs.css';

/**
 * The server's notifications/message, read from the traffic log (no second store), with a
 * level filter on the page and logging/setLevel to ask the server for more or less.
 */
export function LogsPanel({ mcp }: { mcp: McpConnection | undefined }) {
  const { traffic } = useInspector();
  const [shownFrom, setShownFrom] = useState<LoggingLevel>('debug');
  const [serverLevel, setServerLevel] = useState<LoggingLevel | ''>('');
  const [problem, setProblem] = useState<string | undefined>();
  const [selected, setSelected] = useState<LogEntry | undefined>();
  const { entries, total, longestLogger, version } = useLogEntries(traffic, shownFrom);
  const canSetLevel = mcp?.status === 'ready' && mcp.capabilities?.logging !== undefined;
  // A selection that was filtered out or evicted is dropped.
  const shown = selected && entries.includes(selected) ? selected : undefined;
  const detail = useRef<HTMLElement>(null);

  return (
    <section className="logs-panel" aria-label="Server logs">
      <div className="logs-toolbar form-fields">
        <label>
          Show from
          <select value={shownFrom} onChange={(e) => setShownFrom(LoggingLevelSchema.parse(e.target.value))}>
            {LOG_LEVELS.map((level) => (
              <option key={level}>{level}</option>
            ))}
          </select>
        </label>
        {mcp?.era === 'modern' ? (
          <RequestLogLevel />
        ) : (
          <label>
            Server level (logging/setLevel)
            <select
              value={serverLevel}
              disabled={!canSetLevel}
              onChange={(e) => {
                const level = LoggingLevelSchema.parse(e.target.value);
                setServerLevel(level);
                mcp?.client.setLoggingLevel(level).then(
                  () => setProblem(undefined),
                  (error: Error) => setProblem(`logging/setLevel failed: ${error.message}`),
                );
              }}
            >
              <option value="" disabled>
                {canSetLevel ? 'choose…' : 'the server does not log'}
              </option>
              {LOG_LEVELS.map((level) => (
                <option key={level}>{level}</option>
              ))}
            </select>
          </label>
        )}
        <span className="muted" role="status" aria-label="Log count">
          {entries.length === total
            ? formatCountOf(total, 'message')
            : `${formatCount(entries.length)} of ${formatCountOf(total, 'message')}`}
        </span>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <LogGrid
        entries={entries}
        version={version}
        longestLogger={longestLogger}
        selected={shown}
        onSelect={setSelected}
        // Enter on the selected message takes the keyboard to its detail.
        onActivate={() => detail.current?.focus()}
      />
      {shown && (
        <section ref={detail} className="log-detail" aria-label="Log message" tabIndex={-1}>
          <header>
            <span className="muted">
              {formatSessionTime(shown.t)} · #{shown.seq} · {shown.level}
              {shown.logger ? ` · ${shown.logger}` : ''}
              {shown.relatedTo === undefined
                ? ''
                : ` · logged for request ${JSON.stringify(shown.relatedTo)}`}
            </span>
            <span className="spacer" />
            <button type="button" onClick={() => setSelected(undefined)}>
              Close
            </button>
          </header>
          {typeof shown.data === 'object' && shown.data !== null ? (
            <JsonTree value={shown.data} label="Log data" expandDepth={2} />
          ) : (
            <pre>{typeof shown.data === 'string' ? shown.data : JSON.stringify(shown.data)}</pre>
          )}
        </section>
      )}
    </section>
  );
}
