import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, ContentBlock, Tool } from '@modelcontextprotocol/sdk/types.js';

/** A completed call: the result the server returned, or the JSON-RPC error it answered with. */
export type CallOutcome =
  | { kind: 'result'; result: CallToolResult; durationMs: number }
  | { kind: 'error'; code?: number; message: string; data?: unknown; durationMs: number };

/**
 * One call's outcome. A tool error (`isError`) is the tool saying it failed; a JSON-RPC
 * error is the protocol refusing the call: they are shown apart.
 */
export interface CallResultViewProps {
  outcome: CallOutcome;
  /** The tool called: its outputSchema checks structuredContent. */
  tool: Tool;
  /** For follow-up requests a result invites, such as reading a resource_link. */
  client: Client;
}

export function CallResultView({ outcome }: CallResultViewProps) {
  if (outcome.kind === 'error') {
    return (
      <section className="result rpc-error" aria-label="Result">
        <h3>
          JSON-RPC error{outcome.code !== undefined ? ` ${outcome.code}` : ''}{' '}
          <span className="muted">{formatMs(outcome.durationMs)}</span>
        </h3>
        <p>{outcome.message}</p>
        {outcome.data !== undefined && <pre>{JSON.stringify(outcome.data, null, 2)}</pre>}
      </section>
    );
  }
  const { result } = outcome;
  return (
    <section className={`result${result.isError ? ' tool-error' : ''}`} aria-label="Result">
      <h3>
        {result.isError ? 'Tool error' : 'Result'}{' '}
        <span className="muted">{formatMs(outcome.durationMs)}</span>
      </h3>
      {result.content.map((block, index) => (
        <ContentBlockView key={index} block={block} />
      ))}
      {result.structuredContent !== undefined && (
        <ContentFallback label="structuredContent" value={result.structuredContent} />
      )}
    </section>
  );
}

/** The place each block type's renderer plugs in; text is shown as is, the rest as JSON. */
function ContentBlockView({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'text':
      return <pre className="content-text">{block.text}</pre>;
    default:
      return <ContentFallback label={block.type} value={elideBase64(block)} />;
  }
}

function ContentFallback({ label, value }: { label: string; value: unknown }) {
  return (
    <figure className="content-json">
      <figcaption>{label}</figcaption>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </figure>
  );
}

/** Base64 payloads are unreadable and can be megabytes: show their size instead. */
function elideBase64(block: ContentBlock): unknown {
  return JSON.parse(
    JSON.stringify(block, (key, value: unknown) =>
      (key === 'data' || key === 'blob') && typeof value === 'string' && value.length > 80
        ? `‹${Math.round((value.length * 3) / 4)} bytes of base64›`
        : value,
    ),
  );
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
