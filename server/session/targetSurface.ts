import { collectSurface, type Surface } from '../../shared/core/surface.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { cliAnswerer } from './answers/cliAnswerer.js';
import { requestFailure, within } from './failures.js';
import { TargetLink } from './targetLink.js';
import { connectSession } from './connectSession.js';

/**
 * Another server's surface, for the page to compare with the connected one: the target opened on
 * a connection of its own (the era negotiated as usual), its lists read, and the target stopped
 * however it went: a command that does not start, a server that does not answer within
 * `timeoutMs`, or one that fails a list, is a VerbFailure with words for the person. The server's
 * own requests (elicitation, sampling) are declined: nobody is there to answer them.
 */
export async function readTargetSurface(spec: TargetSpec, timeoutMs: number): Promise<Surface> {
  // Its stderr is not listened to: the link keeps the last lines (the bridge's StderrTail), which
  // go with a failure. Every line of a flood kept here took the bridge to 3 GB in 21 s.
  const link = new TargetLink(spec);
  let session: Awaited<ReturnType<typeof connectSession>> | undefined;
  try {
    session = await connectSession(link, {
      answerer: cliAnswerer({
        elicit: { byKey: new Map() },
        samplingReply: undefined,
        roots: [],
        terminal: undefined,
        notice: () => undefined,
      }),
      timeoutMs,
      notice: () => undefined,
    });
    return await within(collectSurface(session.client), timeoutMs, 'reading the lists');
  } catch (error) {
    throw requestFailure(error, link, 'reading the lists');
  } finally {
    await session?.client.close().catch(() => undefined);
    await link.close();
  }
}
