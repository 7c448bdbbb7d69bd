import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import type { HttpExchange, TransportKind } from '../../shared/wire.js';

/**
 * An HTTP exchange as a target reports it: the session adds the sequence number and run, and
 * turns `startedAt` (a `performance.now()` reading) into its own clock.
 */
export type HttpExchangeReport = Omit<HttpExchange, 'type' | 'seq' | 'generation' | 't'> & {
  startedAt: number;
};

/** How a target ended. */
export interface TargetExit {
  /** Exit code of a stdio child, when it exited on its own. */
  code: number | null;
  /** Signal that ended a stdio child. */
  signal: string | null;
  /** Words for the person when the target failed rather than exited (e.g. command not found). */
  reason?: string;
}

/**
 * How long the bridge waits on a target, where tests need it shorter than the product does (a
 * server that ignores being stopped, a URL that never answers), and what it holds for one.
 * Absent fields keep the defaults.
 */
export interface TargetTuning {
  /** See KILL_GRACE_MS in stdioTarget.ts. */
  killGraceMs?: number;
  /** See CONNECT_TIMEOUT_MS in urlProbe.ts; set by --connect-timeout. */
  connectTimeoutMs?: number;
  /** See REQUEST_TIMEOUT_MS in requestBounds.ts; set by --request-timeout (0: none). */
  requestTimeoutMs?: number;
  /** See MAX_MESSAGE_BYTES in memoryLimits.ts (URL targets; a test sets a small one). */
  messageBytes?: number;
  /** See MemoryLimits.stdinBacklogBytes (memoryLimits.ts). */
  stdinBacklogBytes?: number;
}

/** What a target reports besides MCP messages; the session stamps each into the timeline. */
export interface TargetEvents {
  /**
   * A JSON-RPC message from the server, and its JSON text as it came off the wire; for a
   * notification that came on the stream of one of the page's requests, that request's id.
   */
  onMessage(message: JSONRPCMessage, json: string, relatedTo?: RequestId): void;
  /** One line of a stdio child's stderr. */
  onStderr(line: string): void;
  /** A problem on the wire that does not end the target (garbage on stdout, an HTTP error). */
  onTransportError(message: string, detail?: { raw?: string; status?: number }): void;
  /** One HTTP exchange of a URL target's transport, once its response headers arrived (or it failed). */
  onHttpExchange(exchange: HttpExchangeReport): void;
  /** Something the bridge decided and the person should know, that is not an error. */
  onNote(level: 'info' | 'warning', text: string): void;
  /** The target is gone; called once. */
  onExit(exit: TargetExit): void;
}

/**
 * One connection to an MCP server, seen from the bridge. Both kinds wrap a client-side
 * transport; this interface adds what a debugging relay needs and the SDK's `Transport`
 * does not expose: exit codes, stderr lines, the raw text of a bad line.
 */
export interface TargetConnection {
  readonly kind: TransportKind;
  /** Why this transport, when it was chosen among several (an `auto` URL target); for the page. */
  readonly note?: string | undefined;
  /** Process id of a stdio child once spawned. */
  readonly pid: number | undefined;
  /** Resolves once messages can be sent; rejects with words meant for the person. */
  start(): Promise<void>;
  /**
   * Writes the message (synchronously where the transport can, so a caller may stamp it
   * right after); `json` is its text when the caller already has it. Returns undefined when
   * the message is written at once (no promise to wait on: the relay's hot path), else a
   * promise that rejects with words meant for the person when it could not be delivered.
   */
  send(message: JSONRPCMessage, json?: string, headers?: Record<string, string>): Promise<void> | undefined;
  /** The protocol version the page negotiated, for transports that send it as a header. */
  setProtocolVersion?(version: string): void;
  /** Ends the connection (and a stdio child, escalating to SIGKILL); resolves when it is gone. */
  close(): Promise<void>;
}
