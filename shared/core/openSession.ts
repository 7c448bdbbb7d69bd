import { type Client, type Transport } from '@modelcontextprotocol/client';
import type { EraChoice } from '../eras.js';
import type { TargetState } from '../wire.js';
import type { WatchedAnswerer } from './answerer.js';
import {
  connectClient,
  createCoreClient,
  type CoreClientOptions,
  type SessionFacts,
} from './clientSession.js';
import { diedOnProbe } from './probeDeath.js';

/**
 * A shell's way to the runs of its target: the page asks its bridge over the socket, the CLI
 * starts the target in its own process. The session needs nothing else of it.
 */
export interface SessionLink<T extends Transport> {
  /**
   * A transport to a run of the target. `again` is true when the session falls back to the
   * legacy era: the run that died on the probe is over, so a fresh run is needed.
   */
  open(again: boolean): Promise<T>;
  /** How the run behind the last transport ended (exited or failed); undefined while it is up. */
  ended(): TargetState | undefined;
  /** False when the target must not be started again: the shell closed it, it wants authorization. */
  mayRestart(): boolean;
}

/** One try at connecting: its client, and the era asked for. */
export interface SessionAttempt<T extends Transport> {
  client: Client;
  answerer: WatchedAnswerer;
  transport: T;
  era: EraChoice;
}

export interface OpenSessionOptions<T extends Transport> extends CoreClientOptions {
  /** How long the handshake may take; the SDK's default when absent. */
  timeoutMs?: number;
  /** Each try's client, before it connects (the page shows it as initializing). */
  onAttempt?(attempt: SessionAttempt<T>): void;
  /** Said before the target is started again for the legacy era (FALLBACK_NOTICE). */
  onFallback?(notice: string): void;
}

/** A connected session: the try that connected, and what the server said of itself. */
export interface CoreSession<T extends Transport> extends SessionAttempt<T> {
  facts: SessionFacts;
  /** Ends the session (the client, and its transport with it). */
  close(): Promise<void>;
}

/** What the shells say when `auto` falls back because the server died on the probe. */
export const FALLBACK_NOTICE =
  'the server ended the connection on the server/discover probe, as servers that accept nothing before initialize do: starting it again with the legacy initialize handshake';

/**
 * Why a session did not connect, one word per cause, for the shells to word (the page's alert,
 * the CLI's exit code): the run ended, no answer in time, a protocol version the server refused,
 * a legacy-only server asked for the modern era, the era negotiation failed, anything else.
 */
export type SessionFailureKind =
  'server-ended' | 'timeout' | 'unsupported-version' | 'legacy-only' | 'negotiation' | 'connect';

/** A session that did not connect: its kind, the person's words, the try, the SDK's error as cause. */
export class SessionFailure<T extends Transport = Transport> extends Error {
  constructor(
    readonly kind: SessionFailureKind,
    message: string,
    readonly attempt: SessionAttempt<T>,
    /** How the run ended, for `server-ended`. */
    readonly ended: TargetState | undefined,
    cause: unknown,
  ) {
    super(message, { cause });
  }
}

/**
 * The core's session entry point, for the page and the CLI alike: opens a transport to a run of
 * the target, connects a core client over it in the era asked for (the SDK probes with
 * server/discover under `auto` and falls back to initialize by itself), and when the server
 * ends the connection on that probe, as servers that accept nothing before initialize do, opens
 * a fresh run and speaks initialize to it. A failure to connect is a SessionFailure; what the
 * link's `open` throws is passed on as it is (the shell's own words).
 */
export async function openSession<T extends Transport>(
  link: SessionLink<T>,
  options: OpenSessionOptions<T>,
): Promise<CoreSession<T>> {
  let era = options.era;
  for (let again = false; ; again = true) {
    const transport = await link.open(again);
    const { client, answerer } = createCoreClient({
      era,
      clientInfo: options.clientInfo,
      answerer: options.answerer,
      ...(options.listCache ? { listCache: options.listCache } : {}),
      ...(options.onResourceUpdated ? { onResourceUpdated: options.onResourceUpdated } : {}),
      ...(options.jsonSchemaValidator ? { jsonSchemaValidator: options.jsonSchemaValidator } : {}),
    });
    const attempt: SessionAttempt<T> = { client, answerer, transport, era };
    options.onAttempt?.(attempt);
    let facts: SessionFacts;
    try {
      facts = await connectClient(client, transport, options.timeoutMs);
    } catch (error) {
      const ended = link.ended();
      if (era === 'auto' && diedOnProbe(error, ended) && link.mayRestart()) {
        options.onFallback?.(FALLBACK_NOTICE);
        era = 'legacy';
        continue;
      }
      throw await sessionFailure(error, attempt, ended);
    }
    return { ...attempt, facts, close: () => client.close() };
  }
}

/**
 * The failure's kind and the person's words, loaded when a connect fails: the words are long and
 * not on the page's first screen. If they cannot be loaded (the page lost its bridge meanwhile),
 * the SDK's own message stands in.
 */
async function sessionFailure<T extends Transport>(
  error: unknown,
  attempt: SessionAttempt<T>,
  ended: TargetState | undefined,
): Promise<SessionFailure<T>> {
  const words = await import('./connectErrors.js').catch(() => undefined);
  if (words === undefined)
    return new SessionFailure(
      ended ? 'server-ended' : 'connect',
      error instanceof Error ? error.message : String(error),
      attempt,
      ended,
      error,
    );
  return new SessionFailure(
    words.failureKind(error, ended),
    words.describeConnectError(error),
    attempt,
    ended,
    error,
  );
}
