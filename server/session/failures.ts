import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { EXIT, VerbFailure } from './exitCodes.js';
import type { TargetLink } from './targetLink.js';
import { metaOf, type VerbContext } from '../verbs/run/verbContext.js';

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

/**
 * With `--json`, a JSON-RPC error the server answered is the result as it sent it: printed on
 * stdout (`error`: code, message, data) before the verb ends with exit code 5.
 */
export function printRpcError(context: VerbContext, error: unknown, latencyMs: number): void {
  if (!context.out.json || !(error instanceof ProtocolError) || context.link.ended) return;
  const { code, message, data } = error;
  context.out.document({
    error: { code, message, ...(data === undefined ? {} : { data }) },
    meta: metaOf(context, latencyMs),
  });
}

/**
 * Runs one of the verb's requests under `--timeout` (cancelled on the wire when it runs out):
 * resolves with its result and latency; a failure is printed as the result with `--json` when the
 * server answered an error, then thrown as the verb's failure for `what`.
 */
export async function timedRequest<T>(
  context: VerbContext,
  method: string,
  what: string,
  send: (signal: AbortSignal) => Promise<T>,
): Promise<{ result: T; latencyMs: number }> {
  const controller = new AbortController();
  const stop = abortAfter(controller, context.request.timeoutMs, method);
  const started = performance.now();
  try {
    const result = await send(controller.signal);
    return { result, latencyMs: performance.now() - started };
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    printRpcError(context, error, performance.now() - started);
    throw requestFailure(reason instanceof TimedOut ? reason : error, context.link, what);
  } finally {
    stop();
  }
}
