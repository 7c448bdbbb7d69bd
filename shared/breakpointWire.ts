import { z } from 'zod';

/**
 * What the page and the bridge say about breakpoints on proxied sessions (docs/capture.md,
 * "Breakpoints"), over the bridge's /api routes (token and Origin checked as on every route):
 * `GET` the state, `PUT …/rules` the breakpoints, `POST …/release` a decision on a held message.
 */
export const API_BREAKPOINTS_PATH = '/api/breakpoints';

export const DEFAULT_HOLD_LIMIT_SECONDS = 60;
/** The proxy caps the limit here too: a host is never left hanging longer. */
export const MAX_HOLD_LIMIT_SECONDS = 600;

export const BreakpointRuleSchema = z.object({
  /** The page's id for it. */
  id: z.string().min(1).max(64),
  /** A JSON-RPC method (`tools/call`, `sampling/createMessage`), or `*`. */
  method: z.string().min(1).max(256),
  /** The `name` (tools/call, prompts/get) or `uri` (resources/read) to match. */
  name: z.string().min(1).max(1024).optional(),
  /** Who sent it: the host (to the server) or the server (to the host); either when absent. */
  from: z.enum(['host', 'server']).optional(),
  /** Hold the answer to the matching request rather than the request. */
  answer: z.boolean().optional(),
  /** Hold the next match only; the rule goes once it held one. */
  once: z.boolean().optional(),
});
export type BreakpointRuleView = z.infer<typeof BreakpointRuleSchema>;

export const BreakpointRulesRequestSchema = z.object({
  rules: z.array(BreakpointRuleSchema).max(50),
  holdLimitSeconds: z.number().int().min(1).max(MAX_HOLD_LIMIT_SECONDS),
});
export type BreakpointRulesRequest = z.infer<typeof BreakpointRulesRequestSchema>;

const JsonRpcErrorSchema = z.object({
  code: z.number().int(),
  message: z.string().max(4096),
  data: z.unknown().optional(),
});

/** A decision on one held message. */
export const ReleaseRequestSchema = z.object({
  session: z.string().min(1).max(256),
  held: z.number().int().min(1),
  decision: z.discriminatedUnion('action', [
    /** On as it was, or as `message` (the person's edit, a whole JSON-RPC message). */
    z.object({ action: z.literal('forward'), message: z.unknown().optional() }),
    z.object({ action: z.literal('drop') }),
    /** The person's own answer: an error, or a result (to a request; in place of a held answer). */
    z.object({
      action: z.literal('answer'),
      result: z.unknown().optional(),
      error: JsonRpcErrorSchema.optional(),
    }),
  ]),
});
export type ReleaseRequest = z.infer<typeof ReleaseRequestSchema>;

/** A held message as the page shows it. */
export interface HeldMessageView {
  session: string;
  /** The proxy's number for it, within its session. */
  held: number;
  from: 'host' | 'server';
  kind: 'message' | 'answer';
  /** The id of the rule that held it. */
  rule: string;
  message: unknown;
  /** How long it has been held, ms, when the state was read. */
  heldForMs: number;
  /** How long until it goes on by itself, ms. */
  limitMs: number;
  /** For a held tools/call: the tool's inputSchema, from the tool list the capture saw. */
  inputSchema?: unknown;
  /** A decision was sent to the proxy and it has not said it was carried out yet. */
  deciding?: boolean;
  /** The proxy refused the last decision on it: why. */
  problem?: string;
}

export interface BreakpointsState {
  rules: BreakpointRuleView[];
  holdLimitSeconds: number;
  held: HeldMessageView[];
  /** Proxied sessions linked for breakpoints now (their capture ids). */
  sessions: string[];
  /** What happened to held messages lately (newest last): released, by whom and how. */
  recent: { session: string; held: number; what: string; how: string; at: number }[];
}
