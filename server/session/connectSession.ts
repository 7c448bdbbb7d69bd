import { sdkSchemaValidator } from '../../shared/schema/sdkValidator.js';
import {
  LOG_LEVEL_META_KEY,
  UnsupportedProtocolVersionError,
  type Client,
} from '@modelcontextprotocol/client';
import {
  openSession,
  SessionFailure,
  type Answerer,
  type CoreSession,
  type SessionFacts,
  type WatchedAnswerer,
} from '../../shared/core/index.js';
import type { RelayTransport } from '../../shared/core/relayTransport.js';
import { readVersion } from '../files/version.js';
import { EXIT, VerbFailure } from './exitCodes.js';
import type { TargetLink } from './targetLink.js';
import type { LogLevel } from '../../shared/core/logLevels.js';

/** A connected client, and what it learnt of the server. */
export interface VerbSession {
  client: Client;
  answerer: WatchedAnswerer;
  facts: SessionFacts;
  /** Milliseconds from opening the target to a usable session (the handshake included). */
  connectMs: number;
}

export interface ConnectOptions {
  answerer: Answerer;
  timeoutMs: number;
  logLevel?: LogLevel | undefined;
  /** Says on stderr what the session decided on its own (an era fallback). */
  notice: (line: string) => void;
}

/**
 * Connects the core's client over the link through the core's session (openSession): era
 * negotiation by the SDK (`auto` probes with server/discover, else initialize); a server that
 * ends the connection on the probe is started again and spoken to with initialize, as the page
 * does. Failures are the verbs' exit codes: 3 (authorization), 4 (could not connect, exited),
 * 9 (no answer in time).
 */
export async function connectSession(link: TargetLink, options: ConnectOptions): Promise<VerbSession> {
  const started = performance.now();
  let session: CoreSession<RelayTransport>;
  try {
    session = await openSession(
      {
        // The link starts the target on every open: the first run, and the fallback's fresh one.
        open: () => link.open(),
        ended: () => link.ended,
        mayRestart: () => !link.isClosed && !link.wantsAuthorization,
      },
      {
        era: link.spec.era,
        clientInfo: { name: 'mcp-inspect', version: readVersion() },
        answerer: options.answerer,
        // The product's one JSON Schema engine, as the page's clients have it (not the SDK's ajv).
        jsonSchemaValidator: sdkSchemaValidator,
        timeoutMs: options.timeoutMs,
        onFallback: options.notice,
      },
    );
  } catch (error) {
    throw connectFailure(error, link, options.timeoutMs);
  }
  const { client, answerer, facts, transport } = session;
  if (options.logLevel !== undefined) await askForLogs(client, transport, facts, options.logLevel);
  return { client, answerer, facts, connectMs: performance.now() - started };
}

/** Log messages from a level up: a legacy server is asked once, a modern one on every request. */
async function askForLogs(
  client: Client,
  transport: { requestMeta: Record<string, unknown> | undefined },
  facts: SessionFacts,
  level: LogLevel,
): Promise<void> {
  if (facts.era === 'modern') {
    transport.requestMeta = { [LOG_LEVEL_META_KEY]: level };
    return;
  }
  if (facts.capabilities?.logging) await client.setLoggingLevel(level).catch(() => undefined);
}

function connectFailure(error: unknown, link: TargetLink, timeoutMs: number): VerbFailure {
  if (error instanceof VerbFailure) return error;
  if (link.wantsAuthorization) return link.authFailure();
  if (!(error instanceof SessionFailure)) {
    return new VerbFailure(EXIT.connect, 'connect', error instanceof Error ? error.message : String(error));
  }
  if (error.kind === 'server-ended') return link.failure();
  if (error.kind === 'timeout') {
    return new VerbFailure(
      EXIT.timeout,
      'timeout',
      `the server did not answer the handshake within ${timeoutMs / 1000} s (--timeout)`,
    );
  }
  if (error.kind === 'unsupported-version' && error.cause instanceof UnsupportedProtocolVersionError) {
    const { supported, requested } = (error.cause.data ?? {}) as { supported?: string[]; requested?: string };
    return new VerbFailure(
      EXIT.connect,
      'connect',
      `the server does not speak protocol version ${requested ?? 'asked for'} (error -32022); it supports: ${supported?.join(', ') || 'nothing it named'}; choose another with --era`,
    );
  }
  const failure = new VerbFailure(EXIT.connect, 'connect', error.message);
  // Kept so that a caller can tell causes apart (parity: a legacy-only server) without the words.
  failure.cause = error.cause;
  return failure;
}
