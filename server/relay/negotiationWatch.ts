import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import type { EraChoice } from '../../shared/eras.js';
import { visibleControls } from '../../shared/terminalText.js';

const MODERN_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo';
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

type Probe = 'server/discover' | 'initialize';

interface ServerInfo {
  name?: unknown;
  title?: unknown;
  version?: unknown;
}

/**
 * The terminal's account of how the page's client and the server agreed on a protocol, read
 * from the frames the bridge relays (the bridge does not negotiate: the page does): one line
 * when they agreed (era, version, server), the refusal in plain words when they could not, and
 * the normal fallback of `auto` from `server/discover` to `initialize` as information.
 */
export class NegotiationWatch {
  /** The page's negotiation requests the server has not answered yet. */
  private readonly probes = new Map<RequestId, Probe>();
  /** The server answered `server/discover`: the page's next request names the version it chose. */
  private modernServer: ServerInfo | undefined;

  constructor(
    private readonly era: () => EraChoice,
    private readonly log: (line: string) => void,
  ) {}

  /** A new run of the target: a new negotiation. */
  reset(): void {
    this.probes.clear();
    this.modernServer = undefined;
  }

  /** A request the page sent (called only for requests, on the relay's path: kept cheap). */
  pageRequest(id: RequestId, method: string, message: JSONRPCMessage): void {
    if (method === 'server/discover' || method === 'initialize') {
      this.probes.set(id, method);
      return;
    }
    if (this.modernServer === undefined) return;
    const meta = (message as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
    const version = meta?.[MODERN_VERSION_META];
    if (typeof version !== 'string') return;
    this.log(`● modern era: protocol ${version}${serverLabel(this.modernServer)}`);
    this.modernServer = undefined;
  }

  /** A response to the page, from the server or made by the bridge for a request that failed. */
  response(id: RequestId, message: JSONRPCMessage): void {
    if (this.probes.size === 0) return;
    const probe = this.probes.get(id);
    if (probe === undefined) return;
    this.probes.delete(id);
    const result = (message as { result?: Record<string, unknown> }).result;
    const error = (message as { error?: { code?: unknown; message?: unknown; data?: unknown } }).error;
    if (probe === 'server/discover') this.discoverAnswered(result, error);
    else this.initializeAnswered(result, error);
  }

  private discoverAnswered(result: Record<string, unknown> | undefined, error: RpcError | undefined): void {
    if (result !== undefined) {
      // 2026-07-28 puts the server's identity in the result's _meta.
      const meta = result._meta as Record<string, unknown> | undefined;
      this.modernServer = ((result.serverInfo ?? meta?.[SERVER_INFO_META]) as ServerInfo | undefined) ?? {};
      return;
    }
    if (this.era() === 'modern') {
      this.log(
        `✖ the server does not speak the modern era (2026-07-28+) that --era modern insists on: ` +
          `server/discover was answered ${errorText(error)}. ` +
          `Start with --era auto (or legacy) to inspect it in the legacy era.`,
      );
    } else {
      this.log(
        'ℹ server/discover is not served, as with any 2025-era server: the legacy era it is (initialize)',
      );
    }
  }

  private initializeAnswered(result: Record<string, unknown> | undefined, error: RpcError | undefined): void {
    if (result !== undefined) {
      const version = typeof result.protocolVersion === 'string' ? result.protocolVersion : 'unknown';
      this.log(`● legacy era: protocol ${version}${serverLabel(result.serverInfo as ServerInfo)}`);
      return;
    }
    if (error?.code === UNSUPPORTED_PROTOCOL_VERSION) {
      const supported = (error.data as { supported?: unknown } | undefined)?.supported;
      const speaks =
        Array.isArray(supported) && supported.length > 0 ? `; it speaks ${supported.join(', ')}` : '';
      this.log(
        `✖ the server refused the legacy era's initialize (error -32022, unsupported protocol version${speaks}). ` +
          `Start with --era auto (or modern) to inspect it in the modern era.`,
      );
      return;
    }
    this.log(`✖ initialize failed: ${errorText(error)}`);
  }
}

interface RpcError {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

function errorText(error: RpcError | undefined): string {
  if (error === undefined) return 'with nothing';
  const message = typeof error.message === 'string' ? error.message : 'no message';
  return `with error ${String(error.code)}: ${printable(message, 200)}`;
}

function serverLabel(info: ServerInfo | undefined): string {
  const name = typeof info?.title === 'string' ? info.title : info?.name;
  if (typeof name !== 'string') return '';
  return ` with ${printable(name, 80)}${typeof info?.version === 'string' ? ` ${printable(info.version, 40)}` : ''}`;
}

/** The server's words for one terminal line: its control characters shown escaped, cut short. */
function printable(text: string, max: number): string {
  const flat = text.replace(/[\t\n\r]+/g, ' ');
  return visibleControls(flat.length > max ? `${flat.slice(0, max)}…` : flat);
}
