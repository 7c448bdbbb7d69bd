import { collectSurface, type Surface } from '../../shared/core/surface.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { cliAnswerer } from './answers/cliAnswerer.js';
import type { ElicitPlan } from './answers/elicitPlan.js';
import { VerbFailure } from './exitCodes.js';
import { requestFailure, within } from './run/failures.js';
import { TargetLink } from './targetLink.js';
import { connectSession } from './verbSession.js';

export interface EraReadOptions {
  timeoutMs: number;
  notice: (line: string) => void;
  stderr?: (line: string) => void;
  warning?: (line: string) => void;
  elicit?: ElicitPlan;
  samplingReply?: string | undefined;
  roots?: string[];
}

/**
 * The surface of `spec`'s server over a fresh connection pinned to `era`, the target stopped
 * after: what `parity` (the verb, and the page's action through the bridge) compares. A failure
 * says which era it was in.
 */
export async function surfaceInEra(
  spec: TargetSpec,
  era: 'legacy' | 'modern',
  options: EraReadOptions,
): Promise<Surface> {
  const link = new TargetLink(
    { ...spec, era },
    {
      events: {
        ...(options.stderr ? { stderr: options.stderr } : {}),
        ...(options.warning ? { transportError: options.warning } : {}),
      },
    },
  );
  let session: Awaited<ReturnType<typeof connectSession>> | undefined;
  try {
    try {
      session = await connectSession(link, {
        answerer: cliAnswerer({
          elicit: options.elicit ?? { byKey: new Map() },
          samplingReply: options.samplingReply,
          roots: options.roots ?? [],
          terminal: undefined,
          notice: options.notice,
        }),
        timeoutMs: options.timeoutMs,
        notice: options.notice,
      });
    } catch (error) {
      const failure = error instanceof VerbFailure ? error : requestFailure(error, link, 'connect');
      throw new VerbFailure(failure.exitCode, failure.kind, `the ${era} era: ${failure.message}`, [
        ...failure.details,
        'parity compares a server that speaks both eras; this one could not be spoken to in one of them',
      ]);
    }
    try {
      return await within(
        collectSurface(session.client),
        options.timeoutMs,
        `reading the lists (${era} era)`,
      );
    } catch (error) {
      throw requestFailure(error, link, `reading the lists (${era} era)`);
    }
  } finally {
    await session?.client.close().catch(() => undefined);
    await link.close();
  }
}
