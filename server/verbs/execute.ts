import { killAllGroupsNow } from '../targets/processGroups.js';
import type { SpawnedServer } from '../targets/spawnServer.js';
import { cliAnswerer } from '../session/answers/cliAnswerer.js';
import { EXIT, VerbFailure } from '../session/exitCodes.js';
import { HandshakeWatch } from './handshakeWatch.js';
import type { HeadlessOAuth } from './oauth/headlessOAuth.js';
import { MediaFiles } from './render/mediaFiles.js';
import { requestFailure } from '../session/failures.js';
import { TargetLink } from '../session/targetLink.js';
import { TrafficFile } from './trafficFile.js';
import { VerbOutput } from './verbOutput.js';
import { connectSession, type VerbSession } from '../session/connectSession.js';
import type { VerbCommand } from './verb.js';

/**
 * Sign-ins one verb makes at most: a sign-in, a step-up, and one more for a token refused after
 * either. A server that keeps asking for more is not satisfied by asking again.
 */
const MAX_SIGN_INS = 3;

/** See cli.ts: how long a stdio server gets to exit once asked to stop, in tests. */
const KILL_GRACE_ENV_VAR = 'MCP_INSPECT_KILL_GRACE_MS';

/**
 * Runs one verb: the target started (or taken over, when the CLI started it already), the core's
 * client connected over it, the verb's requests, its result printed; the target stopped however
 * it went. Resolves with the exit code.
 */
export async function executeVerb(request: VerbCommand, early: SpawnedServer | undefined): Promise<number> {
  const out = new VerbOutput({
    json: request.json,
    quiet: request.quiet,
    serverStderr: request.serverStderr,
    raw: request.raw,
  });
  const traffic = request.traffic ? new TrafficFile(request.traffic.fd) : undefined;
  const handshake = new HandshakeWatch();
  // The verb's own run, loaded now: what it watches and how it answers are set before connecting.
  const plan = await request.runs.session();
  const killGraceMs = Number(process.env[KILL_GRACE_ENV_VAR]);
  let oauth: HeadlessOAuth | undefined;
  if (request.oauth && request.target.kind === 'url') {
    try {
      // Loaded only for a verb that may sign in: the OAuth client and its listener cost every
      // other verb's start for nothing.
      const { HeadlessOAuth } = await import('./oauth/headlessOAuth.js');
      oauth = await HeadlessOAuth.start({
        settings: request.oauth,
        autoConsent: request.oauthAutoConsent,
        openBrowser: process.stdin.isTTY === true && process.stderr.isTTY === true,
        log: (line) => out.notice(line),
      });
    } catch (error) {
      if (!(error instanceof VerbFailure)) throw error;
      out.failure(error);
      return error.exitCode;
    }
  }
  const link = new TargetLink(request.target, {
    early,
    tuning: Number.isInteger(killGraceMs) && killGraceMs > 0 ? { killGraceMs } : {},
    oauth: oauth && request.target.kind === 'url' ? oauth.targetAuth(request.target.url) : undefined,
    events: {
      stderr: (line) => out.serverStderr(line),
      transportError: (message) => out.warning(message),
      log: (params) => out.log(params),
      record: (record) => {
        traffic?.write(record);
        handshake.see(record);
        plan.seeRecord?.(record);
      },
    },
  });
  traffic?.begin(link.startedAt);
  if (request.target.kind === 'stdio' && request.target.demo)
    out.notice('no server given: the bundled demo server');
  const signals = stopOnSignals(link, out);
  let session: VerbSession | undefined;
  try {
    for (let signIns = 0; ; signIns += 1) {
      try {
        session = await connectSession(link, {
          answerer:
            plan.answerer ??
            cliAnswerer({
              elicit: request.elicit,
              samplingReply: request.samplingReply,
              roots: request.roots,
              terminal:
                process.stdin.isTTY && process.stderr.isTTY
                  ? { input: process.stdin, output: process.stderr }
                  : undefined,
              notice: (line) => out.notice(line),
            }),
          timeoutMs: request.timeoutMs,
          logLevel: request.logLevel,
          notice: (line) => out.notice(line),
        });
        await plan.run({
          session,
          link,
          out,
          handshake,
          media: request.saveMedia === undefined ? undefined : new MediaFiles(request.saveMedia),
        });
        return EXIT.ok;
      } catch (error) {
        // The server asked for authorization (a 401, or a 403 insufficient_scope): sign in, or
        // step up, and run the verb again from the start on a new connection with the new token.
        const challenge = link.challenge;
        if (!oauth || !challenge || request.target.kind !== 'url' || signIns >= MAX_SIGN_INS) throw error;
        await session?.client.close().catch(() => undefined);
        session = undefined;
        link.forgetChallenge();
        await oauth.signIn(request.target.url, challenge);
      }
    }
  } catch (error) {
    // Interrupted: said already, and the process exits as soon as the server is stopped.
    if (signals.interrupted()) return EXIT.interrupted;
    const failure = error instanceof VerbFailure ? error : requestFailure(error, link, request.verb);
    out.failure(failure);
    return failure.exitCode;
  } finally {
    await session?.client.close().catch(() => undefined);
    await link.close();
    await oauth?.close();
    traffic?.close();
    signals.restore();
  }
}

/**
 * Ctrl-C (or SIGTERM, or the terminal closing) stops the server before the CLI exits, 130; a
 * second one does not wait for a server that ignores being stopped.
 */
function stopOnSignals(link: TargetLink, out: VerbOutput): { restore(): void; interrupted(): boolean } {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      killAllGroupsNow();
      process.exit(EXIT.interrupted);
    }
    stopping = true;
    out.failure(
      new VerbFailure(EXIT.interrupted, 'interrupted', `${signal}: stopped, and the server with it`),
    );
    void link.close().finally(() => process.exit(EXIT.interrupted));
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.on(signal, onSignal);
  return {
    restore: () => {
      for (const signal of signals) process.off(signal, onSignal);
    },
    interrupted: () => stopping,
  };
}
