import { callDifferences } from '../../../shared/surfaceDiff/callParity.js';
import { eraDifferences } from '../../../shared/surfaceDiff/eraParity.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import type { HeadlessOAuth } from '../oauth/headlessOAuth.js';
import { readEra, type EraReading } from '../../session/surfaceInEra.js';
import type { VerbOutput } from '../verbOutput.js';
import type { VerbRequest } from '../verb.js';

type Era = 'legacy' | 'modern';

/**
 * `parity`: the server's surface read twice, on two connections, one pinned to each era, and every
 * difference between them shown, apart from what the eras are meant to differ in (eraParity.ts).
 * Exit 0 when they agree, 7 when they differ; a server that cannot be spoken to in one of the eras
 * fails as a connection does (4), since there is nothing to compare.
 */
export async function runParity(request: VerbRequest, out: VerbOutput): Promise<number> {
  if (request.target.kind === 'stdio' && request.target.demo)
    out.notice('no server given: the bundled demo server');
  const oauth = await startOAuth(request, out);
  if (oauth && 'failed' in oauth) return oauth.failed;
  try {
    // One after the other: a stdio server is started once per era, and two at once would share nothing.
    const legacyReading = await readIn('legacy', request, out, oauth);
    const modernReading = await readIn('modern', request, out, oauth);
    const legacy = legacyReading.surface;
    const modern = modernReading.surface;
    const calls =
      legacyReading.calls && modernReading.calls
        ? {
            count: legacyReading.calls.items.length,
            differences: callDifferences(
              legacyReading.calls,
              modernReading.calls,
              request.collection?.collection,
            ),
          }
        : undefined;
    const differences = [...eraDifferences(legacy, modern), ...(calls?.differences ?? [])];
    if (out.json) {
      out.document({
        agree: differences.length === 0,
        differences: differences.map(({ path, what, before, after }) => ({
          path,
          what,
          ...(before === undefined ? {} : { legacy: before }),
          ...(after === undefined ? {} : { modern: after }),
        })),
        meta: {
          legacy: { protocolVersion: legacy.protocolVersion ?? null },
          modern: { protocolVersion: modern.protocolVersion ?? null },
          ...(calls && request.collection
            ? { collection: { file: request.collection.path, calls: calls.count } }
            : {}),
        },
      });
    } else if (differences.length === 0) {
      out.lines([
        `the eras agree: ${legacy.tools.length} tools, ${legacy.resources.length} resources, ${legacy.resourceTemplates.length} resource templates, ${legacy.prompts.length} prompts${calls ? `, ${calls.count} call${calls.count === 1 ? '' : 's'}` : ''} the same in ${legacy.protocolVersion ?? 'legacy'} and ${modern.protocolVersion ?? 'modern'}`,
      ]);
    } else {
      out.lines([
        `the eras differ: ${differences.length} difference${differences.length === 1 ? '' : 's'} (legacy ${legacy.protocolVersion ?? '?'} → modern ${modern.protocolVersion ?? '?'})`,
        ...differences.flatMap((difference) => [
          '',
          `  ${difference.what}`,
          `    at ${difference.path}`,
          ...('before' in difference ? [`    legacy: ${short(difference.before)}`] : []),
          ...('after' in difference ? [`    modern: ${short(difference.after)}`] : []),
        ]),
      ]);
    }
    if (differences.length === 0) return EXIT.ok;
    const failure = new VerbFailure(
      EXIT.breaking,
      'eras-differ',
      `the legacy and modern eras differ in ${differences.length} place${differences.length === 1 ? '' : 's'}`,
    );
    out.failure(failure);
    return failure.exitCode;
  } catch (error) {
    if (!(error instanceof VerbFailure)) throw error;
    out.failure(error);
    return error.exitCode;
  } finally {
    await oauth?.client.close();
  }
}

type OAuthClient = HeadlessOAuth;

/**
 * The OAuth client for a URL target with OAuth on, as every verb starts it (execute.ts): one for
 * both eras, so the person signs in once and the modern era uses the legacy era's tokens.
 */
async function startOAuth(
  request: VerbRequest,
  out: VerbOutput,
): Promise<{ client: OAuthClient; url: string } | { failed: number } | undefined> {
  if (!request.oauth || request.target.kind !== 'url') return undefined;
  try {
    const { HeadlessOAuth } = await import('../oauth/headlessOAuth.js');
    const client = await HeadlessOAuth.start({
      settings: request.oauth,
      autoConsent: request.oauthAutoConsent,
      openBrowser: process.stdin.isTTY === true && process.stderr.isTTY === true,
      log: (line) => out.notice(line),
    });
    return { client, url: request.target.url };
  } catch (error) {
    if (!(error instanceof VerbFailure)) throw error;
    out.failure(error);
    return { failed: error.exitCode };
  }
}

async function readIn(
  era: Era,
  request: VerbRequest,
  out: VerbOutput,
  oauth: { client: OAuthClient; url: string } | undefined,
): Promise<EraReading> {
  return readEra(request.target, era, {
    ...(request.collection
      ? {
          collection: request.collection.collection,
          env: (name: string) => process.env[name],
          itemStarted: (name: string) => out.progress(`${era} era: ${name}…`),
        }
      : {}),
    ...(oauth
      ? {
          oauth: {
            auth: oauth.client.targetAuth(oauth.url),
            signIn: (challenge) => oauth.client.signIn(oauth.url, challenge),
          },
        }
      : {}),
    timeoutMs: request.timeoutMs,
    notice: (line) => out.notice(line),
    stderr: (line) => out.serverStderr(line),
    warning: (message) => out.warning(message),
    elicit: request.elicit,
    samplingReply: request.samplingReply,
    roots: request.roots,
  });
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}
