import { useMemo, useState, useSyncExternalStore } from 'react';
import { RequestLogLevel } from './RequestLogLevel';
import { LoggingLevelSchema } from '@modelcontextprotocol/core';
import { type LoggingLevel } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../bridge/inspectorSession';
import { useInspector } from '../connection/inspectorContext';
import { logEntriesOf, LOG_LEVELS } from './logEntries';
import './logs.css';

/**
 * The server's notifications/message, read from the traffic log (no second store), with a
 * level filter on the page and logging/setLevel to ask the server for more or less.
 */
export function LogsPanel({ mcp }: { mcp: McpConnection | undefined }) {
  const { traffic } = useInspector();
  const version = useSyncExternalStore(traffic.subscribe, traffic.getVersion);
  const [shownFrom, setShownFrom] = useState<LoggingLevel>('debug');
  const [serverLevel, setServerLevel] = useState<LoggingLevel | ''>('');
  const [problem, setProblem] = useState<string | undefined>();
  const entries = useMemo(() => {
    void version; // recomputed when the log changes
    return logEntriesOf(traffic.all(), shownFrom);
  }, [traffic, version, shownFrom]);
  const canSetLevel = mcp?.status === 'ready' && mcp.capabilities?.logging !== undefined;

  return (
    <section className="logs-panel" aria-label="Server logs">
      <div className="logs-toolbar">
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
        <span className="muted">{entries.length} messages</span>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <ol className="log-entries" role="log" aria-label="Log messages">
        {entries.map((entry) => (
          <li key={entry.seq} className={`level-${entry.level}`}>
            <time>{(entry.t / 1000).toFixed(3)}s</time>
            <span className="level">{entry.level}</span>
            {entry.logger && <span className="logger">{entry.logger}</span>}
            <span className="data">{entry.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
