import { useInspector, useInspectorSnapshot } from '../../session/inspectorContext';
import { LOG_LEVELS } from './logEntries';

/**
 * The modern era's log level (2026-07-28 has no logging/setLevel): it rides in the `_meta` of
 * each request the page sends from now on, and a server sends no log messages for a request
 * without it. Over Streamable HTTP the traffic links each message to its request, on whose stream
 * it came; over stdio nothing on the wire says which request a message was logged for.
 */
export function RequestLogLevel() {
  const session = useInspector();
  const { requestLogLevel } = useInspectorSnapshot();
  return (
    <label title='Sent as _meta["io.modelcontextprotocol/logLevel"] with every request that follows'>
      Log level per request (_meta)
      <select
        value={requestLogLevel ?? ''}
        onChange={(event) =>
          session.setRequestLogLevel(event.target.value === '' ? undefined : event.target.value)
        }
      >
        <option value="">none: the server sends no logs</option>
        {LOG_LEVELS.map((level) => (
          <option key={level}>{level}</option>
        ))}
      </select>
    </label>
  );
}
