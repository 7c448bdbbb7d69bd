/**
 * What opening the page's socket needs, apart from the schemas in wire.ts (which re-exports
 * them): the page's early connection (client/bridge/earlyConnection.ts) imports this module
 * alone, so it runs before zod and the rest of the page have loaded.
 */

/**
 * Bumped whenever either union changes shape, or the way a socket opens. The page sends it
 * first; a bridge of another build refuses the session by name instead of misreading frames.
 * 6: the hello may ride in the upgrade (WS_HELLO_PROTOCOL_PREFIX).
 * 7: a frame may name the request on whose stream it came (`relatedTo`).
 * 8: a URL target's request and info may carry its `timeouts`.
 */
export const WIRE_PROTOCOL_VERSION = 8;

/** Path of the single WebSocket endpoint. */
export const WS_PATH = '/ws';

/**
 * The WebSocket subprotocol the bridge selects. Browsers cannot set headers on a WebSocket
 * upgrade, so the token rides in a second offered subprotocol (`token.<token>`), which keeps
 * it out of URLs, server logs and Referer headers.
 */
export const WS_SUBPROTOCOL = 'mcp-inspect.v1';
export const WS_TOKEN_PROTOCOL_PREFIX = 'token.';

/**
 * A page may say its hello in the upgrade instead of as its first envelope, by offering
 * `hello.<its WIRE_PROTOCOL_VERSION>` among the subprotocols: the bridge then greets it as soon
 * as the socket is up, so the welcome and history are on their way while the page is still
 * evaluating its code (client/bridge/earlyConnection.ts). Either way, one hello per socket.
 */
export const WS_HELLO_PROTOCOL_PREFIX = 'hello.';
