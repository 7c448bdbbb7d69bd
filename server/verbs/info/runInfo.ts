import { infoLines } from './infoText.js';
import { metaOf, type VerbContext } from '../run/verbContext.js';

/**
 * `info`: what the handshake told. With `--json`, the server's answer to it as sent (the
 * `initialize` result, or the modern `server/discover` result), plus `meta` (whose `latencyMs` is
 * the whole connect, handshake and era probe included).
 */
export function runInfoVerb(context: VerbContext): void {
  const { out, session, link, handshake } = context;
  const { facts } = session;
  if (out.json) {
    const answer = handshake.answer;
    out.document({
      ...(answer?.result ?? {
        serverInfo: facts.serverInfo,
        capabilities: facts.capabilities,
        ...(facts.instructions ? { instructions: facts.instructions } : {}),
      }),
      meta: metaOf(context, session.connectMs, answer ? { handshake: answer.method } : {}),
    });
    return;
  }
  const pid = link.pid;
  const transport = `${link.transportKind ?? 'unknown'}${pid === undefined ? '' : ` (pid ${pid})`}`;
  out.lines(infoLines(facts, transport));
}
