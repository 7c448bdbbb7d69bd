import { ProtocolError } from '@modelcontextprotocol/client';
import { abortAfter, requestFailure, TimedOut } from '../../session/failures.js';
import { metaOf, type VerbContext } from './verbContext.js';

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
