import { SdkError, SdkErrorCode, UnsupportedProtocolVersionError } from '@modelcontextprotocol/client';
import type { TargetState } from '../wire.js';

/**
 * True when a connect failed because the server went away while it was being probed: the SDK
 * says so in its message when a stdio-shaped transport closes mid-probe (pinned by
 * connectErrors.test.ts), and the bridge reports the exit.
 */
export function diedOnProbe(error: unknown, state: TargetState | undefined): boolean {
  const closedWhileProbing =
    error instanceof SdkError &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    /connection closed during the server\/discover probe/.test(error.message);
  return (
    closedWhileProbing || (state !== undefined && (state.state === 'exited' || state.state === 'failed'))
  );
}

/** Connect errors in the person's words; a version refusal lists what the server speaks. */
export function describeConnectError(error: unknown): string {
  if (error instanceof UnsupportedProtocolVersionError) {
    const { supported, requested } = error.data as { supported?: string[]; requested?: string };
    return `The server does not speak protocol version ${requested ?? 'asked for'} (error -32022, UnsupportedProtocolVersion). It supports: ${supported?.join(', ') || 'nothing it named'}. Choose another era in the connection settings.`;
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed) {
    return `Protocol era negotiation failed: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
