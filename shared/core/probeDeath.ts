import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
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
