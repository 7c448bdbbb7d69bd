import { SdkError, SdkErrorCode, UnsupportedProtocolVersionError } from '@modelcontextprotocol/client';
import type { TargetState } from '../wire.js';
import type { SessionFailureKind } from './openSession.js';

/**
 * The modern version a pinned modern connect asked for, when the server offered none through
 * server/discover: a server that speaks only the legacy era (the SDK says so only in words, so the
 * words are read here, in one place; connectErrors.test.ts pins them against a real v1 server).
 */
export function legacyOnlyRefusal(error: unknown): string | undefined {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.EraNegotiationFailed) return undefined;
  return /did not offer pinned protocol version (\S+) via server\/discover/.exec(error.message)?.[1];
}

/** What to say of a server that speaks only the legacy era, asked for the modern one. */
export function legacyOnlySentence(version: string): string {
  return `This server speaks only the legacy era (initialize): it does not offer protocol version ${version} through server/discover, so connect with the legacy or auto era (--era legacy, or auto, the default).`;
}

/** Connect errors in the person's words; a version refusal lists what the server speaks. */
export function describeConnectError(error: unknown): string {
  if (error instanceof UnsupportedProtocolVersionError) {
    const { supported, requested } = error.data as { supported?: string[]; requested?: string };
    return `The server does not speak protocol version ${requested ?? 'asked for'} (error -32022, UnsupportedProtocolVersion). It supports: ${supported?.join(', ') || 'nothing it named'}. Choose another era in the connection settings.`;
  }
  const legacyOnly = legacyOnlyRefusal(error);
  if (legacyOnly !== undefined) return legacyOnlySentence(legacyOnly);
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed) {
    return `Protocol era negotiation failed: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A failed connect's kind (openSession.ts SessionFailureKind), for the shells' alerts and exit codes. */
export function failureKind(error: unknown, ended: TargetState | undefined): SessionFailureKind {
  if (ended) return 'server-ended';
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) return 'timeout';
  if (error instanceof UnsupportedProtocolVersionError) return 'unsupported-version';
  if (legacyOnlyRefusal(error) !== undefined) return 'legacy-only';
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed) return 'negotiation';
  return 'connect';
}
