/**
 * The wire between the page and the bridge: one discriminated union per direction.
 *
 * Both ends validate what they receive with these schemas. MCP frames travel inside them
 * untouched and are checked to be JSON-RPC messages as the SDK's `JSONRPCMessageSchema` defines
 * them, so the bridge stays a relay and never reinterprets MCP.
 */
import * as z from 'zod';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { ERA_CHOICES } from './eras.js';
import { isJsonRpcMessageShape } from './jsonRpcShape.js';
import { MAX_TIMEOUT_SECONDS } from './urlTimeouts.js';

/**
 * A JSON-RPC message, checked by the hand-written check that jsonRpcShape.test.ts holds to the
 * same answers as the SDK's `JSONRPCMessageSchema` (the reference). Not the SDK schema itself:
 * importing it evaluates the SDK's whole schemas module, every MCP schema built at load, which
 * was the largest single cost of the bridge's start (a CPU profile of the CLI to its link:
 * ~130 of ~600 ms busy, on a loaded machine) and ~3 MB it keeps for good.
 */
const JsonRpcMessageSchema = z.custom<JSONRPCMessage>(isJsonRpcMessageShape, {
  message: 'Not a JSON-RPC 2.0 request, notification or response',
});

// The constants a socket needs before any schema (the page's early connection imports them
// alone, without zod): see wireConstants.ts.
// The bridge's own error code, close codes and size limits live there too: the headless verbs
// run the target layer, which needs them, without loading a schema.
export {
  APP_MESSAGE_LIMIT_BYTES,
  BRIDGE_CONNECTION_CLOSED,
  CLOSE_BRIDGE_EXITING,
  CLOSE_NO_HELLO,
  CLOSE_PAGE_FELL_BEHIND,
  CLOSE_TAKEN_OVER,
  CLOSE_WIRE_MISMATCH,
  FINAL_CLOSE_CODES,
  LARGE_FRAME_BYTES,
  WIRE_PROTOCOL_VERSION,
  WS_HELLO_PROTOCOL_PREFIX,
  WS_PATH,
  WS_SUBPROTOCOL,
  WS_TOKEN_PROTOCOL_PREFIX,
} from './wireConstants.js';

const SeqSchema = z.number().int().nonnegative();
/** Milliseconds since the bridge session started, from a monotonic clock. */
const TimeSchema = z.number().nonnegative();

// ─── Targets ────────────────────────────────────────────────────────────────────────────

/** Which MCP protocol era the page's client speaks to the target (see eras.ts). */
export const EraChoiceSchema = z.enum(ERA_CHOICES);
export type EraChoice = z.infer<typeof EraChoiceSchema>;

export const TransportKindSchema = z.enum(['stdio', 'streamable-http', 'sse']);
export type TransportKind = z.infer<typeof TransportKindSchema>;

export const StdioTargetInfoSchema = z.object({
  kind: z.literal('stdio'),
  /** The executable as the user typed it. */
  command: z.string(),
  /** Its arguments. */
  args: z.array(z.string()),
  /** Working directory of the child, when set. */
  cwd: z.string().optional(),
  /** Names of the variables the user added; values are secrets and never leave the bridge. */
  envKeys: z.array(z.string()),
  /** True when this is the demo server bundled with mcp-inspect. */
  demo: z.boolean(),
  /** The protocol era the page should negotiate. */
  era: EraChoiceSchema,
});

/** A URL target's timeouts in seconds, when set (see shared/urlTimeouts.ts); absent: the defaults. */
export const UrlTimeoutsSchema = z.object({
  connect: z.number().positive().max(MAX_TIMEOUT_SECONDS).optional(),
  request: z.number().min(0).max(MAX_TIMEOUT_SECONDS).optional(),
});

export const UrlTargetInfoSchema = z.object({
  kind: z.literal('url'),
  /** The server's endpoint. */
  url: z.string(),
  /** What the user asked for; `auto` tries Streamable HTTP, then SSE. */
  transport: z.enum(['auto', 'streamable-http', 'sse']),
  /** Names of the headers the user added; values are secrets and never leave the bridge. */
  headerNames: z.array(z.string()),
  timeouts: UrlTimeoutsSchema.optional(),
  /** The protocol era the page should negotiate. */
  era: EraChoiceSchema,
});

export const TargetInfoSchema = z.discriminatedUnion('kind', [StdioTargetInfoSchema, UrlTargetInfoSchema]);
export type TargetInfo = z.infer<typeof TargetInfoSchema>;

// ─── Page → bridge ──────────────────────────────────────────────────────────────────────

export const HelloSchema = z.object({
  type: z.literal('hello'),
  /** The page's WIRE_PROTOCOL_VERSION; must be the first envelope on a socket. */
  wireVersion: z.number().int(),
});

export const McpOutSchema = z.object({
  type: z.literal('mcp'),
  /**
   * The page's number for this message on this socket, increasing from 1. The bridge answers
   * with a `stamp` naming it instead of sending the message back (see FrameStampSchema).
   */
  ref: z.number().int().positive(),
  /** A JSON-RPC message for the target, relayed as is. */
  message: JsonRpcMessageSchema,
  /**
   * Extra HTTP headers for this message alone, as the SDK client asks its transport for them
   * (the `Mcp-Param-*` mirrors of a tool's `x-mcp-header` arguments); ignored on stdio.
   */
  headers: z.record(z.string().regex(/^mcp-param-[!#$%&'*+.^_`|~0-9A-Za-z-]+$/i), z.string()).optional(),
});

export const ProtocolVersionSchema = z.object({
  type: z.literal('protocolVersion'),
  /** The version the page's client negotiated, for the `MCP-Protocol-Version` HTTP header. */
  version: z.string().min(1).max(64),
});

export const NoteLevelSchema = z.enum(['info', 'warning']);

export const NoteOutSchema = z.object({
  type: z.literal('note'),
  /** Which run of the target it is about. */
  generation: z.number().int(),
  level: NoteLevelSchema,
  /** What the page did on its own and why (an era fallback, a retry), for the traffic pane. */
  text: z.string().min(1).max(2000),
});

export const RestartSchema = z.object({
  type: z.literal('restart'),
});

export const DisconnectSchema = z.object({
  type: z.literal('disconnect'),
});

/**
 * A target as the page asks for it, secrets included: env and header values go to the bridge
 * and stay there (the bridge only ever reports their names back).
 */
export const TargetRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('stdio'),
    /** The executable; looked up on PATH like a shell would. */
    command: z.string().min(1),
    args: z.array(z.string()),
    /**
     * Added on top of the SDK's default environment. `null` keeps the value the bridge already
     * holds for that name, so a secret given on the command line never travels to the page.
     */
    env: z.record(z.string().regex(/^[^=\s]+$/), z.string().nullable()),
    cwd: z.string().min(1).optional(),
    era: EraChoiceSchema.optional(),
  }),
  z.object({
    kind: z.literal('url'),
    url: z.url({ protocol: /^https?$/ }),
    transport: z.enum(['auto', 'streamable-http', 'sse']),
    /** Sent with every request, e.g. Authorization; `null` keeps the bridge's value, as for env. */
    headers: z.record(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/), z.string().nullable()),
    era: EraChoiceSchema.optional(),
    timeouts: UrlTimeoutsSchema.optional(),
  }),
]);
export type TargetRequest = z.infer<typeof TargetRequestSchema>;

export const ConnectSchema = z.object({
  type: z.literal('connect'),
  /** Replaces the session's target: the current one is stopped, this one started. */
  target: TargetRequestSchema,
});

// ─── MCP Apps ───────────────────────────────────────────────────────────────────────────

/** Which way a message between an MCP App and the inspector (its host) went. */
export const AppDirectionSchema = z.enum(['appToHost', 'hostToApp']);
export type AppDirection = z.infer<typeof AppDirectionSchema>;

/**
 * One postMessage between an MCP App and the page (its host), as the page saw it. The page is
 * the only one that sees these (they never reach the MCP server); it sends them here so the
 * bridge stamps them into the one timeline with the MCP frames they cause, and a reload keeps
 * them.
 */
const AppMessageFields = {
  /** Which run of the target the app belongs to. */
  generation: z.number().int(),
  /** Which rendering of an app it is (one per tool call, or the one opened before a call). */
  view: z.string().min(1).max(200),
  /** The app's `ui://` resource. */
  uri: z.string().max(2048),
  dir: AppDirectionSchema,
  /** The JSON-RPC message, or whatever the app sent instead (then `problem` says why it is not one). */
  message: z.json(),
  /** Why the message is not JSON-RPC the host could act on; the host bridge never saw it. */
  problem: z.string().max(2000).optional(),
  /** Ids of the MCP requests the page sent to answer this message (an app's tools/call, resources/read). */
  mcpIds: z
    .array(z.union([z.string(), z.number()]))
    .max(64)
    .optional(),
  /** Set when the message was too large to keep whole: `message` holds only its envelope. */
  elided: z.boolean().optional(),
  /** Size of the message's JSON text in bytes (UTF-8), as it was before any eliding. */
  bytes: z.number().int().nonnegative(),
};

export const AppMessageOutSchema = z.object({ type: z.literal('app'), ...AppMessageFields });
export type AppMessageOut = z.infer<typeof AppMessageOutSchema>;

export const PageEnvelopeSchema = z.discriminatedUnion('type', [
  HelloSchema,
  McpOutSchema,
  RestartSchema,
  DisconnectSchema,
  ConnectSchema,
  ProtocolVersionSchema,
  NoteOutSchema,
  AppMessageOutSchema,
]);
export type PageEnvelope = z.infer<typeof PageEnvelopeSchema>;

// ─── Bridge → page ──────────────────────────────────────────────────────────────────────

export const WelcomeSchema = z.object({
  type: z.literal('welcome'),
  /** The bridge's WIRE_PROTOCOL_VERSION. */
  wireVersion: z.number().int(),
  /** The mcp-inspect version serving this page. */
  bridgeVersion: z.string(),
  /** What this session inspects. */
  target: TargetInfoSchema,
  /** Wall-clock time (ms since the epoch) at which `t` is 0, to show absolute times. */
  startedAt: z.number(),
});

export const FrameDirectionSchema = z.enum(['toServer', 'fromServer']);
export type FrameDirection = z.infer<typeof FrameDirectionSchema>;

export const FrameSchema = z.object({
  type: z.literal('frame'),
  /** Position in the session's timeline, shared by frames and events. */
  seq: SeqSchema,
  /** When the bridge saw it. */
  t: TimeSchema,
  /** Which way it travelled. */
  dir: FrameDirectionSchema,
  /** Size of the frame's JSON text in bytes (UTF-8). */
  bytes: z.number().int().nonnegative(),
  /** Which run of the target it belongs to; a restart starts a new generation. */
  generation: z.number().int(),
  /**
   * Set when the bridge wrote this frame itself, for instance an error response for a request
   * that the target can no longer answer because it exited.
   */
  synthetic: z.boolean().optional(),
  /**
   * Set in the bridge's history when the frame was too large to keep whole: `message` then
   * holds only its envelope (jsonrpc, id, method, error code and message), and `bytes` the
   * size of the frame as it travelled.
   */
  elided: z.boolean().optional(),
  /**
   * For a server notification that came on the stream of one of the page's requests (Streamable
   * HTTP; log messages and progress of a call), that request's id. Over stdio nothing says so.
   */
  relatedTo: z.union([z.string(), z.number().int()]).optional(),
  /** The JSON-RPC message. */
  message: JsonRpcMessageSchema,
});
export type Frame = z.infer<typeof FrameSchema>;

/**
 * The bridge's stamps on a message the page itself sent (an `mcp` envelope), sent live to that
 * page instead of the whole frame: the page still holds the message, and joins the two into the
 * `toServer` frame (see shared/frameStamps.ts). Sending each request back whole cost the relay
 * over a third of its CPU. The bridge's history keeps the whole frame, so a page that attaches
 * later gets it as a `frame`.
 */
export const FrameStampSchema = z.object({
  type: z.literal('stamp'),
  /** Position in the session's timeline, as for a frame. */
  seq: SeqSchema,
  /** When the bridge relayed it. */
  t: TimeSchema,
  /** Which run of the target it went to. */
  generation: z.number().int(),
  /** The `ref` of the page's `mcp` envelope. */
  ref: z.number().int().positive(),
  /** Size of the frame's JSON text in bytes (UTF-8), as relayed. */
  bytes: z.number().int().nonnegative(),
});
export type FrameStamp = z.infer<typeof FrameStampSchema>;

export const TargetStateNameSchema = z.enum(['starting', 'connected', 'exited', 'failed', 'stopped']);
export type TargetStateName = z.infer<typeof TargetStateNameSchema>;

export const TargetStateSchema = z.object({
  type: z.literal('state'),
  seq: SeqSchema,
  t: TimeSchema,
  /** Which run of the target this is about. */
  generation: z.number().int(),
  /** starting → connected → exited | failed | stopped (by the user). */
  state: TargetStateNameSchema,
  /** The transport in use once known. */
  transport: TransportKindSchema.optional(),
  /** A stdio child's process id. */
  pid: z.number().int().optional(),
  /** A stdio child's exit code. */
  code: z.number().int().nullable().optional(),
  /** A stdio child's terminating signal. */
  signal: z.string().nullable().optional(),
  /** Why it failed, in words meant for the person. */
  reason: z.string().optional(),
  /** The last lines the child wrote to stderr, for an exit or failure. */
  stderrTail: z.array(z.string()).optional(),
  /** Extra detail, such as which transport an `auto` URL target settled on and why. */
  note: z.string().optional(),
});
export type TargetState = z.infer<typeof TargetStateSchema>;

export const StderrSchema = z.object({
  type: z.literal('stderr'),
  seq: SeqSchema,
  t: TimeSchema,
  generation: z.number().int(),
  /** One line the child wrote to stderr, without its newline. */
  line: z.string(),
});

export const TransportErrorSchema = z.object({
  type: z.literal('transportError'),
  seq: SeqSchema,
  t: TimeSchema,
  generation: z.number().int(),
  /** What went wrong, in words meant for the person. */
  message: z.string(),
  /** The offending text, such as a stdout line that is not JSON-RPC (possibly shortened). */
  raw: z.string().optional(),
  /** An HTTP status, for URL targets. */
  status: z.number().int().optional(),
});

export const TargetChangedSchema = z.object({
  type: z.literal('target'),
  seq: SeqSchema,
  t: TimeSchema,
  /** The session now inspects this target (after a connect from the page). */
  target: TargetInfoSchema,
});

export const NoteSchema = z.object({
  type: z.literal('note'),
  seq: SeqSchema,
  t: TimeSchema,
  generation: z.number().int(),
  level: NoteLevelSchema,
  /** Who decided what the note says: the page's client or the bridge. */
  source: z.enum(['page', 'bridge']),
  text: z.string(),
});

/** One HTTP exchange of a URL target's transport, as the bridge's fetch saw it. */
export const HttpExchangeSchema = z.object({
  type: z.literal('http'),
  seq: SeqSchema,
  /** When the request left the bridge. */
  t: TimeSchema,
  generation: z.number().int(),
  method: z.string(),
  /** Path and query of the request; secret-looking query values masked. */
  path: z.string(),
  /** HTTP status, absent when no response came (network error, abort). */
  status: z.number().int().optional(),
  /** Milliseconds until the response headers arrived. */
  durationMs: z.number().nonnegative(),
  /** Headers as sent; `Authorization` and the user's own header values masked. */
  requestHeaders: z.record(z.string(), z.string()),
  responseHeaders: z.record(z.string(), z.string()),
  /** Ids of the JSON-RPC requests or responses the request body carried, to link the frames. */
  rpcIds: z.array(z.union([z.string(), z.number()])),
  /** JSON-RPC method of a single-message body, for the row's label. */
  rpcMethod: z.string().optional(),
  /** Why no response came. */
  error: z.string().optional(),
});
export type HttpExchange = z.infer<typeof HttpExchangeSchema>;

/** An MCP App message the page reported, stamped into the timeline. */
export const AppMessageSchema = z.object({
  type: z.literal('app'),
  seq: SeqSchema,
  t: TimeSchema,
  ...AppMessageFields,
});
export type AppMessage = z.infer<typeof AppMessageSchema>;

/** Anything the bridge stamps with a sequence number. */
export const TimelineRecordSchema = z.discriminatedUnion('type', [
  FrameSchema,
  TargetStateSchema,
  StderrSchema,
  TransportErrorSchema,
  TargetChangedSchema,
  NoteSchema,
  HttpExchangeSchema,
  AppMessageSchema,
]);

export const HistorySchema = z.object({
  type: z.literal('history'),
  /** Records seen before this page attached, oldest first. */
  records: z.array(TimelineRecordSchema),
  /** How many older records the bridge's bounded buffer no longer holds. */
  dropped: z.number().int().nonnegative(),
});

/** What the bridge sends a page live: a record, or the stamp of the page's own message. */
export const LiveRecordSchema = z.discriminatedUnion('type', [
  ...TimelineRecordSchema.options,
  FrameStampSchema,
]);
export type LiveRecord = z.infer<typeof LiveRecordSchema>;

export const BatchSchema = z.object({
  type: z.literal('batch'),
  /**
   * Live records the bridge produced in one turn of its event loop (a server flooding
   * notifications writes hundreds per stdout chunk), oldest first: one WebSocket message
   * instead of hundreds. A lone record is sent as itself, not as a batch of one.
   */
  records: z.array(LiveRecordSchema),
});

export const RejectedSchema = z.object({
  type: z.literal('rejected'),
  /** Why the bridge refused an envelope from the page. */
  reason: z.string(),
  /** True when the bridge closes the socket after this (for instance a wire version mismatch). */
  fatal: z.boolean(),
});

export const BridgeEnvelopeSchema = z.discriminatedUnion('type', [
  WelcomeSchema,
  FrameSchema,
  TargetStateSchema,
  StderrSchema,
  TransportErrorSchema,
  TargetChangedSchema,
  NoteSchema,
  HttpExchangeSchema,
  FrameStampSchema,
  HistorySchema,
  BatchSchema,
  RejectedSchema,
  AppMessageSchema,
]);
export type BridgeEnvelope = z.infer<typeof BridgeEnvelopeSchema>;

/** What the timeline holds: everything the bridge stamps with a sequence number. */
export type TimelineRecord = z.infer<typeof TimelineRecordSchema>;

/** For exhaustive switches: a new envelope type fails to compile until it is handled. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled value: ${JSON.stringify(value)}`);
}
