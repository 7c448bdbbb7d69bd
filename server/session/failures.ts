import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { EXIT, VerbFailure } from './exitCodes.js';
import type { TargetLink } from './targetLink.js';

/** A request that did not complete, as a verb's failure: who is to blame decides the exit code. */
export function requestFailure(error: unknown, link: TargetLink, what: string): VerbFailure {
  if (error instanceof VerbFailure) return error;
  if (link.wantsAuthorization) return link.authFailure();
  if (link.ended) return link.failure();
  if (error instanceof TimedOut) return new VerbFailure(EXIT.timeout, 'timeout', error.message);
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new VerbFailure(EXIT.timeout, 'timeout', `${what}: no answer in time`);
  }
  if (error instanceof ProtocolError) {
    return new VerbFailure(
      EXIT.serverError,
      'rpc-error',
      `${what}: the server answered error ${error.code}: ${error.message}`,
    );
  }
  return new VerbFailure(
    EXIT.serverError,
    'rpc-error',
    `${what}: ${(error as Error).message ?? String(error)}`,
  );
}

/** A verb's request that got no answer within `--timeout`. */
export class TimedOut extends Error {}

/**
 * Aborts `controller` (the SDK then sends notifications/cancelled for the request) once `ms` pass;
 * returns how to stop the timer.
 */
export function abortAfter(controller: AbortController, ms: number, what: string): () => void {
  const timer = setTimeout(
    () =>
      controller.abort(
        new TimedOut(`${what}: no answer within ${ms / 1000} s (--timeout); sent notifications/cancelled`),
      ),
    ms,
  );
  return () => clearTimeout(timer);
}

/** `promise`, or a TimedOut failure after `ms`, for requests the core offers no signal for (the lists). */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new TimedOut(`${what}: no answer within ${ms / 1000} s (--timeout)`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
