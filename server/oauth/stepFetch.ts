import { performance } from 'node:perf_hooks';
import type { OAuthExchange } from '../../shared/oauth.js';
import { MASK } from '../targets/httpExchanges.js';
import { dpopProofView } from './dpopProofView.js';
import { maskBody, maskOAuthUrl } from './masking.js';
import { readBodyCapped } from '../targets/httpBody.js';
import { capResponse } from '../targets/responseCaps.js';

/** Enough of a metadata document or error to judge it; a hostile server may send more. */
const BODY_LIMIT = 64 * 1024;
/**
 * What the SDK's helpers may read of one answer: OAuth documents and token responses are a few
 * kilobytes, and a server that streams one without end must not take the bridge's memory.
 */
const ANSWER_CAPS = { messageBytes: 4 * 1024 * 1024, errorHeadBytes: BODY_LIMIT };
/** An authorization server that accepts a connection and never answers must not hang a step. */
const STEP_REQUEST_TIMEOUT_MS = 15_000;
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'dpop']);

/**
 * A fetch for the SDK's auth helpers that keeps every exchange for the guided view: the SDK's
 * helpers take a `fetchFn`, which is how the inspector sees inside each step without
 * re-implementing it. Bodies are read from a clone (the helper still reads the original) and
 * masked before they are kept: tokens, codes, verifiers and secrets never reach the page.
 */
export function stepFetch(exchanges: OAuthExchange[], inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const startedAt = performance.now();
    const requestBody =
      typeof init?.body === 'string'
        ? init.body
        : init?.body instanceof URLSearchParams
          ? init.body.toString()
          : undefined;
    const dpopProof = await dpopProofView(request.headers.get('dpop'));
    const base = {
      method: request.method,
      url: maskOAuthUrl(request.url),
      requestHeaders: maskHeaders(request.headers),
      ...(requestBody === undefined
        ? {}
        : { requestBody: maskBody(requestBody, request.headers.get('content-type')) }),
      ...(dpopProof ? { dpopProof } : {}),
    };
    let response: Response;
    try {
      response = capResponse(
        await inner(input, {
          ...init,
          signal: init?.signal ?? AbortSignal.timeout(STEP_REQUEST_TIMEOUT_MS),
        }),
        ANSWER_CAPS,
        maskOAuthUrl(request.url),
      );
    } catch (error) {
      exchanges.push({ ...base, responseHeaders: {}, durationMs: since(startedAt), error: describe(error) });
      throw error;
    }
    const text = await readBodyCapped(response.clone(), BODY_LIMIT);
    exchanges.push({
      ...base,
      status: response.status,
      responseHeaders: maskHeaders(response.headers),
      ...(text === '' ? {} : { responseBody: maskBody(text, response.headers.get('content-type')) }),
      durationMs: since(startedAt),
    });
    return response;
  };
}

function maskHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!SECRET_HEADERS.has(name)) out[name] = value;
    else out[name] = /^(Basic|Bearer|DPoP)\s/i.test(value) ? `${value.split(' ')[0]} ${MASK}` : MASK;
  });
  return out;
}

function since(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 10) / 10;
}

function describe(error: unknown): string {
  const err = error as (Error & { cause?: { code?: string } }) | undefined;
  if (err?.name === 'TimeoutError') return `no answer within ${STEP_REQUEST_TIMEOUT_MS / 1000} s`;
  return err?.cause?.code ?? err?.message ?? String(error);
}
