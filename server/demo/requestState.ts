// Signing for the `requestState` that multi round-trip tools (book_table, long_task) hand to the
// client between rounds. The client echoes it back verbatim, so it is untrusted input: the spec
// requires integrity protection for state that steers what the server does. The SDK's HMAC codec
// with a key made per process is enough here, because one process serves every round of a call.
import { randomBytes } from 'node:crypto';
import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import type * as z from 'zod';

const codec = createRequestStateCodec({
  key: randomBytes(32),
  // State minted for one method is refused on another (a tools/call state replayed on prompts/get).
  bind: (ctx) => ctx.mcpReq.method,
});

/** The server option that makes the SDK verify every echoed requestState before a handler runs. */
export const REQUEST_STATE_OPTIONS = { verify: codec.verify };

/** Seals `payload` for `inputRequired({ requestState })`. */
export function mintRequestState(payload: Record<string, unknown>, ctx: ServerContext): Promise<string> {
  return codec.mint(payload, ctx);
}

/**
 * The verified payload of this round's requestState, if it has the shape `schema` describes; a
 * state minted by another tool of this server fails the shape and reads as none.
 */
export function readRequestState<S extends z.ZodType>(ctx: ServerContext, schema: S): z.infer<S> | undefined {
  const parsed = schema.safeParse(ctx.mcpReq.requestState());
  return parsed.success ? parsed.data : undefined;
}
