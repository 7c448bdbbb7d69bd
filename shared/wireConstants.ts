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

/**
 * The JSON-RPC error code of a response the bridge writes itself for a request the server can
 * no longer answer (it exited or was stopped): the implementation-defined `-32000`, which MCP
 * SDKs call ConnectionClosed.
 */
export const BRIDGE_CONNECTION_CLOSED = -32000;

// ─── Closing, and sizes both ends act on ────────────────────────────────────────────────

// The bridge closes a page's socket with one of these (the private range, 4000–4999, and one
// standard code), so the page can tell why and whether to reconnect.
/** Another page attached to the session and took it over. */
export const CLOSE_TAKEN_OVER = 4001;
/** The page speaks another WIRE_PROTOCOL_VERSION: it must be reloaded from this bridge. */
export const CLOSE_WIRE_MISMATCH = 4002;
/** The page's first envelope was not `hello`. */
export const CLOSE_NO_HELLO = 4003;
/** The page stopped reading and too much waited for it; reloading catches up from the history. */
export const CLOSE_PAGE_FELL_BEHIND = 4004;
/** The standard "going away": mcp-inspect is shutting down. */
export const CLOSE_BRIDGE_EXITING = 1001;

/**
 * Closes after which the page does not reconnect on its own: it would be refused again, or take
 * the session back from the page that took it over. After 4004 the person reloads when ready.
 */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  CLOSE_TAKEN_OVER,
  CLOSE_WIRE_MISMATCH,
  CLOSE_NO_HELLO,
  CLOSE_PAGE_FELL_BEHIND,
  CLOSE_BRIDGE_EXITING,
]);

/**
 * Frames of more bytes than this are kept in the bridge's history as their envelope only (the
 * whole text is kept apart, at API_FRAMES_PATH); the page marks them large. A page that reloads
 * should not pull dozens of megabytes of one old result through its history.
 */
export const LARGE_FRAME_BYTES = 1024 * 1024;

/**
 * MCP App messages of more bytes than this travel and are kept as their envelope only: the same
 * data usually travelled as an MCP frame already (a tool result the host passes on to the app),
 * and a large app message must not cost the history more than a frame would.
 */
export const APP_MESSAGE_LIMIT_BYTES = 256 * 1024;
