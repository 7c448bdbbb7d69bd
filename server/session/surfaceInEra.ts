import { collectSurface, type Surface } from '../../shared/core/surface.js';
import { legacyOnlyRefusal, mcpParamHeaders } from '../../shared/core/index.js';
import { coreDriver, ItemAnswerer } from '../../shared/collections/coreDriver.js';
import type { Collection } from '../../shared/collections/format.js';
import { runCollection, type CollectionRun } from '../../shared/collections/runner.js';
import type { TargetAuth } from '../targets/targetAuth.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { cliAnswerer } from './answers/cliAnswerer.js';
import type { ElicitPlan } from './answers/elicitPlan.js';
import type { Challenge } from './cliAuth.js';
import { schemaValidator } from './schemaValidator.js';
import { EXIT, VerbFailure } from './exitCodes.js';
import { requestFailure, within } from './failures.js';
import { TargetLink } from './targetLink.js';
import { connectSession } from './connectSession.js';

/** Sign-ins one era's reading makes at most, as a verb does (see execute.ts). */
const MAX_SIGN_INS = 3;

export interface EraReadOptions {
  timeoutMs: number;
  notice: (line: string) => void;
  stderr?: (line: string) => void;
  warning?: (line: string) => void;
  elicit?: ElicitPlan;
  samplingReply?: string | undefined;
  roots?: string[];
  /** Also run this collection's calls, after the lists, the server's requests answered by each item's saved answers. */
  collection?: Collection;
  /** `${env:NAME}` in the collection; the page's check has none. */
  env?: (name: string) => string | undefined;
  /** Said as each call of the collection starts. */
  itemStarted?: (name: string) => void;
  /**
   * OAuth for a URL target: the tokens each request carries, and how to sign in when the server
   * asks. The tokens are kept by the caller, so a second era uses the first era's sign-in.
   */
  oauth?: { auth: TargetAuth; signIn(challenge: Challenge): Promise<void> };
}

/** What one era showed: its surface, and the collection's run when one was given. */
export interface EraReading {
  surface: Surface;
  calls?: CollectionRun;
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
  return (await readEra(spec, era, options)).surface;
}

/**
 * `spec`'s server over a fresh connection pinned to `era`: its surface and, with a collection,
 * the collection's calls run as `test` runs them; the target stopped after, however it went.
 */
export async function readEra(
  spec: TargetSpec,
  era: 'legacy' | 'modern',
  options: EraReadOptions,
): Promise<EraReading> {
  for (let signIns = 0; ; signIns += 1) {
    const link = new TargetLink(
      { ...spec, era },
      {
        oauth: options.oauth?.auth,
        events: {
          ...(options.stderr ? { stderr: options.stderr } : {}),
          ...(options.warning ? { transportError: options.warning } : {}),
        },
      },
    );
    try {
      return await readOver(link, era, options);
    } catch (error) {
      // The server asked for authorization: sign in (once for both eras: the tokens outlive this
      // link) and read this era again on a new connection.
      const challenge = link.challenge;
      if (!options.oauth || !challenge || signIns >= MAX_SIGN_INS) throw error;
      await options.oauth.signIn(challenge);
    }
  }
}

async function readOver(
  link: TargetLink,
  era: 'legacy' | 'modern',
  options: EraReadOptions,
): Promise<EraReading> {
  const items = options.collection ? new ItemAnswerer() : undefined;
  let session: Awaited<ReturnType<typeof connectSession>> | undefined;
  try {
    try {
      session = await connectSession(link, {
        answerer:
          items ??
          cliAnswerer({
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
      const legacyOnly = era === 'modern' ? legacyOnlyRefusal(failure.cause ?? error) : undefined;
      if (legacyOnly !== undefined)
        throw new VerbFailure(
          EXIT.connect,
          'connect',
          `parity compares the legacy and modern eras, and this server speaks only the legacy era (it does not offer protocol version ${legacyOnly} through server/discover), so there is nothing to compare: the other verbs work with --era legacy or auto.`,
        );
      throw new VerbFailure(failure.exitCode, failure.kind, `the ${era} era: ${failure.message}`, [
        ...failure.details,
        'parity compares a server that speaks both eras; this one could not be spoken to in one of them',
      ]);
    }
    let surface: Surface;
    try {
      surface = await within(
        collectSurface(session.client),
        options.timeoutMs,
        `reading the lists (${era} era)`,
      );
    } catch (error) {
      throw requestFailure(error, link, `reading the lists (${era} era)`);
    }
    if (!options.collection || !items) return { surface };
    const core = coreDriver({
      client: session.client,
      answerer: session.answerer,
      items,
      timeoutMs: options.timeoutMs,
      timeoutSetting: 'set with --timeout',
      headers: mcpParamHeaders,
      fatal: () => (link.wantsAuthorization ? link.authFailure() : link.ended ? link.failure() : undefined),
    });
    try {
      const calls = await runCollection(
        options.collection,
        { ...core, listTools: () => within(core.listTools(), options.timeoutMs, 'tools/list') },
        {
          validate: schemaValidator,
          ...(options.env ? { env: options.env } : {}),
          itemStarted: (item) => options.itemStarted?.(item.name),
        },
      );
      return { surface, calls };
    } catch (error) {
      const failure =
        error instanceof VerbFailure
          ? error
          : requestFailure(error, link, `the collection's calls (${era} era)`);
      throw new VerbFailure(
        failure.exitCode,
        failure.kind,
        `the ${era} era: ${failure.message}`,
        failure.details,
      );
    }
  } finally {
    await session?.client.close().catch(() => undefined);
    await link.close();
  }
}
