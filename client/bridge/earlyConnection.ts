import {
  WIRE_PROTOCOL_VERSION,
  WS_HELLO_PROTOCOL_PREFIX,
  WS_PATH,
  WS_SUBPROTOCOL,
  WS_TOKEN_PROTOCOL_PREFIX,
} from '../../shared/wireConstants';
import { checkToken, takeToken, tokenInUrl, type TokenCheck } from './token';
import { bridgePath } from './serverPath';

/**
 * The page's connection, started by a small module of its own (client/boot.ts) that the page
 * loads before the rest of its code: the token is taken, the socket opened and greeted, and the
 * token checked while the browser still fetches and evaluates React, the SDK and zod. The welcome
 * and the history wait here until the session takes the socket over (BridgeSocket), so the first
 * MCP request goes out as soon as the session exists, not a few round trips later.
 *
 * Nothing here validates: what arrives is handed on untouched, and BridgeSocket checks it as it
 * checks everything.
 */
export interface EarlyConnection {
  /** The page's token, as takeToken found it; undefined when the page has none. */
  readonly token: string | undefined;
  /** The socket, for the session's first connection with this token; undefined once taken. */
  takeSocket(token: string): EarlySocket | undefined;
  /** The check of this token, started with the socket; undefined for another token. */
  check(token: string): Promise<TokenCheck> | undefined;
}

type Held =
  { kind: 'open' } | { kind: 'message'; event: MessageEvent } | { kind: 'close'; event: CloseEvent };

/**
 * A socket that said hello in its upgrade (WS_HELLO_PROTOCOL_PREFIX: the bridge greets it at
 * once, with no code of the page's running yet) and holds what it receives until it is taken
 * over; its owner does not say hello again. Its listeners are added ones, so the `on…` handlers
 * the owner sets never replace them.
 */
export class EarlySocket {
  private held: Held[] | undefined = [];

  constructor(readonly ws: WebSocket) {
    ws.addEventListener('open', () => this.held?.push({ kind: 'open' }));
    ws.addEventListener('message', (event: MessageEvent) => this.held?.push({ kind: 'message', event }));
    ws.addEventListener('close', (event: CloseEvent) => this.held?.push({ kind: 'close', event }));
  }

  /**
   * Hands over what arrived so far, in order, to the handlers the owner has set on `ws`; from
   * here on the socket's events go to them directly.
   */
  replay(): void {
    const held = this.held ?? [];
    this.held = undefined;
    const { ws } = this;
    for (const item of held) {
      if (item.kind === 'open') ws.onopen?.call(ws, new Event('open'));
      else if (item.kind === 'message') ws.onmessage?.call(ws, item.event);
      else ws.onclose?.call(ws, item.event);
    }
  }
}

/** The browser's socket URL and subprotocols for a token (BridgeSocket opens the same). */
export function socketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${bridgePath(WS_PATH)}`;
}

export function socketProtocols(token: string): string[] {
  return [WS_SUBPROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${token}`];
}

function openEarlySocket(token: string): EarlySocket {
  return new EarlySocket(new WebSocket(socketUrl(), earlySocketProtocols(token)));
}

/** The subprotocols of a socket that says its hello in the upgrade. */
export function earlySocketProtocols(token: string): string[] {
  return [...socketProtocols(token), `${WS_HELLO_PROTOCOL_PREFIX}${WIRE_PROTOCOL_VERSION}`];
}

/**
 * Takes the token and, when there is one, opens the socket and checks the token at once. A token
 * still in the address bar opens the socket before it is stored and stripped (the first use of
 * sessionStorage costs the page ~10 ms).
 */
export function startEarlyConnection(): EarlyConnection {
  const inUrl = tokenInUrl();
  let socket = inUrl === undefined ? undefined : openEarlySocket(inUrl);
  const token = takeToken();
  if (token === undefined) {
    return { token, takeSocket: () => undefined, check: () => undefined };
  }
  socket ??= openEarlySocket(token);
  const checked = checkToken(token);
  return {
    token,
    takeSocket(wanted) {
      if (wanted !== token) return undefined;
      const taken = socket;
      socket = undefined;
      return taken;
    },
    check: (wanted) => (wanted === token ? checked : undefined),
  };
}
