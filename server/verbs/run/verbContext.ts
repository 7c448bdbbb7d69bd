import type { HandshakeWatch } from '../handshakeWatch.js';
import type { MediaFiles } from '../render/mediaFiles.js';
import type { TargetLink } from '../../session/targetLink.js';
import type { VerbOutput } from '../verbOutput.js';
import type { VerbRequest } from '../verb.js';
import type { VerbSession } from '../../session/connectSession.js';

/** What a verb's run gets from executeVerb: the connected session, the link, and its output. */
export interface SessionContext {
  session: VerbSession;
  link: TargetLink;
  out: VerbOutput;
  handshake: HandshakeWatch;
  /** `--save-media`, for the verbs that take it. */
  media?: MediaFiles | undefined;
}

/** What a verb runs with: its own request, and the session. */
export interface VerbContext<Own extends object = object> extends SessionContext {
  request: VerbRequest<Own>;
}

/** `meta` of a `--json` document: the era, the protocol version, and how long the verb's requests took. */
export function metaOf(context: VerbContext, latencyMs: number, extra: Record<string, unknown> = {}) {
  const { facts } = context.session;
  return {
    era: facts.era ?? null,
    protocolVersion: facts.protocolVersion ?? null,
    latencyMs: Math.round(latencyMs * 1000) / 1000,
    transport: context.link.transportKind ?? null,
    ...extra,
  };
}
