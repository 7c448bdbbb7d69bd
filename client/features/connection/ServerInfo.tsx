import { JsonEditor } from '../../components/JsonEditor';
import { SafeMarkdown } from '../../components/SafeMarkdown';
import { useInspectorSnapshot } from '../../session/inspectorContext';
import { PingButton } from './PingButton';
import { SubscriptionsEditor } from './SubscriptionsEditor';
import { SurfaceCompare } from './SurfaceCompare';
import './connection.css';

/** Capabilities 2026-07-28 deprecates (SEP-2577): they still work, and the page says so. */
const DEPRECATED_MODERN = new Set(['logging']);

/**
 * Who the server says it is and what it offers: the `initialize` result (legacy era), or the
 * `server/discover` result (modern era: supported versions, capabilities, extensions, identity).
 */
export function ServerInfo() {
  const { mcp } = useInspectorSnapshot();
  if (!mcp || mcp.status !== 'ready') return null;
  const { serverInfo, protocolVersion, capabilities, instructions, discover, era } = mcp;
  const offered = Object.keys(capabilities ?? {}).filter((name) => name !== 'extensions');
  const declared = (capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions ?? {};
  const extensions = Object.keys(declared);
  const modern = era === 'modern';
  return (
    <section className="server-info" aria-label="Server">
      <h2>
        {serverInfo?.title ?? serverInfo?.name ?? 'Server'}{' '}
        <span className="muted">{serverInfo?.version}</span>
      </h2>
      {!modern && <PingButton client={mcp.client} />}
      <dl>
        <dt>Name</dt>
        <dd>{serverInfo?.name}</dd>
        <dt>Protocol</dt>
        <dd>
          {protocolVersion ?? 'unknown'}{' '}
          <span className="muted">
            ({modern ? 'modern era: no handshake, no session' : 'legacy era: initialize handshake'}; asked for{' '}
            {mcp.eraChoice})
          </span>
        </dd>
        {discover && (
          <>
            <dt>Supported versions</dt>
            <dd>{discover.supportedVersions.join(', ')}</dd>
          </>
        )}
        <dt>Capabilities</dt>
        <dd>
          {offered.length === 0
            ? 'none'
            : offered.map((name) => (
                <span key={name} className="chip" aria-label={`Extension ${name}`}>
                  {name}
                  {settingsText(declared[name])}
                </span>
              ))}
          {modern &&
            offered
              .filter((name) => DEPRECATED_MODERN.has(name))
              .map((name) => (
                <span
                  key={`${name}-deprecated`}
                  className="chip deprecated"
                  title="Deprecated in 2026-07-28 (SEP-2577); still works"
                >
                  {name} deprecated
                </span>
              ))}
        </dd>
        <dt>Extensions</dt>
        <dd>
          {extensions.length === 0
            ? 'none'
            : extensions.map((name) => (
                <span key={name} className="chip" aria-label={`Extension ${name}`}>
                  {name}
                  {settingsText(declared[name])}
                </span>
              ))}
        </dd>
      </dl>
      {modern && <SubscriptionsEditor />}
      <SurfaceCompare client={mcp.client} />
      {instructions && (
        <details open>
          <summary>Instructions</summary>
          <SafeMarkdown className="instructions" text={instructions} />
        </details>
      )}
      <h3>{discover ? 'server/discover result' : 'initialize result'}</h3>
      <JsonEditor
        readOnly
        path={discover ? 'server/discover-result' : 'server/initialize-result'}
        label={discover ? 'server/discover result' : 'initialize result'}
        height={260}
        value={JSON.stringify(
          discover ?? { protocolVersion, capabilities, serverInfo, instructions },
          null,
          2,
        )}
      />
    </section>
  );
}

/** An extension's settings after its name (`· directoryRead`), when it declares any. */
function settingsText(settings: unknown): string {
  if (typeof settings !== 'object' || settings === null) return '';
  const parts = Object.entries(settings).map(([key, value]) =>
    value === true ? key : `${key}: ${JSON.stringify(value)}`,
  );
  return parts.length === 0 ? '' : ` · ${parts.join(', ')}`;
}
