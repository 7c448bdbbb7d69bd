import * as AnthropicErrors from '@anthropic-ai/sdk';
import * as OpenAIErrors from 'openai';
import { ModelFailure, maskKey } from './modelFailure.js';

/** What an official client's error says, read the same way for both (their classes share a shape). */
interface ClientErrorShape {
  status?: number | undefined;
  headers?: Headers | undefined;
  message: string;
}

export interface FailureContext {
  provider: string;
  baseUrl: string;
  model: string;
  key: string | undefined;
  /** The variable that holds the key, to name in a hint. */
  keyVariable: string;
}

/**
 * An official client's error, as a ModelFailure a person can act on: which provider, where, and
 * what to do; the key masked out of whatever the provider said.
 */
export function providerFailure(error: unknown, context: FailureContext): ModelFailure {
  if (error instanceof ModelFailure) return error;
  const shape = error as ClientErrorShape;
  const said = maskKey(shape.message ?? String(error), context.key);
  const where = `${context.provider} at ${context.baseUrl}`;
  const is = (name: 'APIUserAbortError' | 'APIConnectionTimeoutError' | 'APIConnectionError'): boolean =>
    error instanceof OpenAIErrors[name] || error instanceof AnthropicErrors[name];
  if (is('APIUserAbortError') || (error as Error).name === 'AbortError')
    return new ModelFailure('cancelled', 'cancelled');
  if (is('APIConnectionTimeoutError'))
    return new ModelFailure('unreachable', `${where} did not answer in time`);
  if (is('APIConnectionError'))
    return new ModelFailure(
      'unreachable',
      `cannot reach ${where}${causeOf(error)}: is it running, and is the base URL right (--base-url)?`,
    );
  const status = typeof shape.status === 'number' ? shape.status : undefined;
  if (status === undefined)
    return new ModelFailure('garbage', `${where} sent what its API does not: ${said}`);
  if (status >= 300 && status < 400) {
    const location = shape.headers?.get('location');
    return new ModelFailure(
      'redirect',
      `${where} answered with a redirect${location ? ` to ${location}` : ''}: not followed, the key goes to the provider's own origin only (set --base-url to where it should go)`,
    );
  }
  if (status === 401 || status === 403)
    return new ModelFailure(
      'auth',
      `${where} refused the key (HTTP ${status}): check ${context.keyVariable}. It said: ${said}`,
    );
  if (status === 429) {
    const after = shape.headers?.get('retry-after');
    return new ModelFailure(
      'rate-limit',
      `${where} is rate limiting (HTTP 429)${after ? `; it asks to wait ${after} s` : ''}, after the client's retries: ${said}`,
    );
  }
  if (status === 404)
    return new ModelFailure(
      'not-found',
      `${where} has no such model or endpoint (HTTP 404, model "${context.model}"): ${said}`,
    );
  if (status >= 400 && status < 500)
    return new ModelFailure('bad-request', `${where} refused the request (HTTP ${status}): ${said}`);
  return new ModelFailure('provider-error', `${where} failed (HTTP ${status}): ${said}`);
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code ? ` (${code})` : '';
}

/**
 * The fetch the official clients are given: redirects are never followed, so a key in a header
 * (Authorization, x-api-key) goes to the configured origin and nowhere else; the client then
 * sees the 3xx and fails, said by providerFailure.
 */
export const fetchWithoutRedirects = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
  fetch(input, { ...init, redirect: 'manual' });
