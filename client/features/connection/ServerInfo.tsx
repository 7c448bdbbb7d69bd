import { JsonEditor } from '../../components/JsonEditor';
import { SafeMarkdown } from '../../components/SafeMarkdown';
import { useInspectorSnapshot } from './inspectorContext';
import { PingButton } from './PingButton';

/** The initialize result: who the server says it is and what it offers. */
export function ServerInfo() {
  const { mcp } = useInspectorSnapshot();
  if (!mcp || mcp.status !== 'ready') return null;
  const { serverInfo, protocolVersion, capabilities, instructions } = mcp;
  const offered = Object.keys(capabilities ?? {});
  return (
    <section className="server-info" aria-label="Server">
      <h2>
        {serverInfo?.title ?? serverInfo?.name ?? 'Server'}{' '}
        <span className="muted">{serverInfo?.version}</span>
      </h2>
      <PingButton client={mcp.client} />
      <dl>
        <dt>Name</dt>
        <dd>{serverInfo?.name}</dd>
        <dt>Protocol</dt>
        <dd>{protocolVersion ?? 'unknown'}</dd>
        <dt>Capabilities</dt>
        <dd>
          {offered.length === 0
            ? 'none'
            : offered.map((name) => (
                <span key={name} className="chip">
                  {name}
                </span>
              ))}
        </dd>
      </dl>
      {instructions && (
        <details open>
          <summary>Instructions</summary>
          <SafeMarkdown className="instructions" text={instructions} />
        </details>
      )}
      <h3>initialize result</h3>
      <JsonEditor
        readOnly
        path="server/initialize-result"
        label="initialize result"
        height={260}
        value={JSON.stringify({ protocolVersion, capabilities, serverInfo, instructions }, null, 2)}
      />
    </section>
  );
}
