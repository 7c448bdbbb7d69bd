import type { HandshakeWatch } from '../handshakeWatch.js';
import type { MediaFiles } from '../render/mediaFiles.js';
import type { TargetLink } from '../../session/targetLink.js';
import type { VerbOutput } from '../verbOutput.js';
import type { VerbRequest } from '../verbOptions.js';
import type { VerbSession } from '../../session/connectSession.js';
import type { LintTraffic } from './lintTraffic.js';

/** What a verb runs with: its command line, the connected session, the link, and its output. */
export interface VerbContext {
  request: VerbRequest;
  session: VerbSession;
  link: TargetLink;
  out: VerbOutput;
  handshake: HandshakeWatch;
  /** `--save-media`, for the verbs that take it. */
  media?: MediaFiles | undefined;
  /** lint: the traffic as it passed (notifications, list pages as sent). */
  lintTraffic?: LintTraffic | undefined;
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
