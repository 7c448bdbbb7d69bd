import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The SDK's `Transport` over the bridge, for one run (generation) of the target. The SDK
 * `Client` runs over it unchanged; the session feeds it the frames of its generation.
 */
export class BridgeTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** Set by the SDK client after initialize. */
  protocolVersion: string | undefined;
  private closed = false;

  constructor(
    readonly generation: number,
    private readonly sendToBridge: (message: JSONRPCMessage) => boolean,
  ) {}

  async start(): Promise<void> {
    // The socket is already open: the session only creates a transport for a connected target.
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('The connection to the MCP server is closed');
    if (!this.sendToBridge(message)) throw new Error('The page lost its connection to mcp-inspect');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  /** A frame from the server for this generation. */
  deliver(message: JSONRPCMessage): void {
    if (!this.closed) this.onmessage?.(message);
  }
}
