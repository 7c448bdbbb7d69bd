/** The reserved `_meta` keys of MCP 2026-07-28, in the words the detail pane uses for them. */
const META_LABELS: Record<string, string> = {
  'io.modelcontextprotocol/protocolVersion': 'protocol version',
  'io.modelcontextprotocol/clientInfo': 'client info',
  'io.modelcontextprotocol/clientCapabilities': 'client capabilities',
  'io.modelcontextprotocol/logLevel': 'log level',
  'io.modelcontextprotocol/serverInfo': 'server info',
  'io.modelcontextprotocol/subscriptionId': 'subscription',
};

/**
 * What a modern frame says about the protocol, pulled out of the JSON so it need not be
 * searched for: a request's `_meta` envelope (version, client info and capabilities, log
 * level), a result's `resultType` and `serverInfo`, and its cache hints.
 */
export function ProtocolMeta({ message }: { message: unknown }) {
  const m = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
  const holder = (m.params ?? m.result) as Record<string, unknown> | undefined;
  const meta = (holder?._meta ?? {}) as Record<string, unknown>;
  const items: [string, string][] = [];
  for (const [key, label] of Object.entries(META_LABELS)) {
    if (meta[key] !== undefined) items.push([label, summary(meta[key])]);
  }
  const result = m.result as Record<string, unknown> | undefined;
  if (result) {
    items.push([
      'result type',
      typeof result.resultType === 'string' ? result.resultType : 'complete (not stated)',
    ]);
    if (result.ttlMs !== undefined)
      items.push(['cache', `${String(result.ttlMs)} ms, ${String(result.cacheScope ?? 'private')}`]);
  }
  if (
    items.length === 0 ||
    (result && items.length === 1 && Object.keys(meta).length === 0 && result.resultType === undefined)
  ) {
    return null;
  }
  return (
    <dl className="protocol-meta" aria-label="Protocol details">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function summary(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    const v = value as Record<string, unknown>;
    if (typeof v.name === 'string') return `${v.name}${typeof v.version === 'string' ? ` ${v.version}` : ''}`;
    const keys = Object.keys(v);
    return keys.length === 0 ? 'none' : keys.join(', ');
  }
  return JSON.stringify(value);
}
