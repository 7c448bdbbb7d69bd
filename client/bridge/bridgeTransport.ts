import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { isRequest } from '../../shared/jsonRpcShape';

/** What the transport hands the session for the bridge: the message and its per-message headers. */
export type SendToBridge = (message: JSONRPCMessage, headers?: Record<string, string>) => boolean;

/** How the SDK should treat the connection: like a local pipe, or like HTTP. */
export type TransportShape = 'stdio' | 'http';

/** Only these per-message headers are the client's to add (SEP-2243 `Mcp-Param-*` mirrors). */
const PER_MESSAGE_HEADER = /^mcp-param-/i;

/**
 * The SDK decides some things by the kind of transport it holds: on a stdio-shaped one, a
 * `server/discover` probe that times out or ends the connection means "legacy server"; on HTTP
 * it means an outage. It recognises stdio by shape, the `stderr` and `pid` of its own stdio
 * transport (`detectProbeTransportKind`, inside the SDK; its docs for `versionNegotiation` speak
 * of "custom stdio-shaped transports", but not of the fields), so a transport for a stdio target
 * carries both, always null: the process is the bridge's. The probe then runs in place, on the
 * bridge's one process. The one place the page leans on how the SDK works inside, with no public
 * option for it: pinned by bridgeTransport.test.ts, which fails if the SDK stops seeing it.
 */
function shapeAsStdio(transport: BridgeTransport): void {
  Object.assign(transport, { pid: null, stderr: null });
}

/**
 * The SDK's `Transport` over the bridge, for one run (generation) of the target. The SDK
 * `Client` runs over it unchanged; the session feeds it the frames of its generation.
 */
export class BridgeTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** Set by the SDK client once a protocol version is negotiated (either era). */
  protocolVersion: string | undefined;
  /** Extra `_meta` for every request the page sends (the modern per-request log level). */
  requestMeta: Record<string, unknown> | undefined;
  private closed = false;

  constructor(
    readonly generation: number,
    private readonly sendToBridge: SendToBridge,
    shape: TransportShape,
    private readonly onProtocolVersion: (version: string) => void = () => undefined,
  ) {
    if (shape === 'stdio') shapeAsStdio(this);
  }

  async start(): Promise<void> {
    // The socket is already open: the session only creates a transport for a connected target.
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.closed) throw new Error('The connection to the MCP server is closed');
    const headers = perMessageHeaders(options?.headers);
    if (!this.sendToBridge(this.withRequestMeta(message), headers)) {
      throw new Error('The page lost its connection to mcp-inspect');
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.onProtocolVersion(version);
  }

  /** A frame from the server for this generation. */
  deliver(message: JSONRPCMessage): void {
    if (!this.closed) this.onmessage?.(message);
  }

  private withRequestMeta(message: JSONRPCMessage): JSONRPCMessage {
    if (!this.requestMeta || !isRequest(message)) return message;
    const params = (message.params ?? {}) as Record<string, unknown>;
    const meta = (params._meta ?? {}) as Record<string, unknown>;
    return { ...message, params: { ...params, _meta: { ...this.requestMeta, ...meta } } };
  }
}

function perMessageHeaders(
  headers: Readonly<Record<string, string>> | undefined,
): Record<string, string> | undefined {
  if (!headers) return undefined;
  const kept = Object.entries(headers).filter(([name]) => PER_MESSAGE_HEADER.test(name));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
