import { createHash } from 'node:crypto';
import { isSecretParamName, maskUrlsIn } from '../../shared/urlSecrets.js';
import { MASK } from '../targets/httpExchanges.js';

/**
 * Fields of OAuth requests and responses that are credentials, whichever end sent them: tokens,
 * the authorization code and PKCE verifier (either redeems a grant), client secrets, and the
 * registration access token. `state` and `code_challenge` are not: they prove nothing alone.
 */
const SECRET_FIELDS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'client_secret',
  'registration_access_token',
  'token',
  'assertion',
  'client_assertion',
  'subject_token',
  'actor_token',
  'password',
]);

/** A secret as the page may show it: a mask and a fingerprint that changes when the value does. */
export function maskSecret(value: string): string {
  return `${MASK} #${createHash('sha256').update(value).digest('hex').slice(0, 4)}`;
}

/** Masks the secret fields of a form body (`a=b&c=d`), a JSON body, or leaves other text alone. */
export function maskBody(body: string, contentType: string | null | undefined): string {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) return maskForm(body);
  if (type.includes('json') || /^\s*[[{]/.test(body)) {
    try {
      return JSON.stringify(maskJson(JSON.parse(body)), null, 2);
    } catch {
      // Not JSON after all: fall through to the form check, then the text as is.
    }
  }
  return /^[\w.-]+=[^&]*(&[\w.-]+=[^&]*)*$/.test(body.trim()) ? maskForm(body) : body;
}

function maskForm(body: string): string {
  return maskParams(new URLSearchParams(body), (name) => SECRET_FIELDS.has(name)).toString();
}

/** Each value masked when its name is secret, else the URLs inside it; order and repeats kept. */
function maskParams(params: URLSearchParams, isSecret: (name: string) => boolean): URLSearchParams {
  return new URLSearchParams(
    [...params].map(([name, value]): [string, string] => [
      name,
      isSecret(name) ? maskSecret(value) : maskUrlsIn(value),
    ]),
  );
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  // A metadata document's `resource` is the server's URL, with its `?api_key=…` if it has one.
  if (typeof value === 'string') return maskUrlsIn(value);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_FIELDS.has(key) && typeof inner === 'string' ? maskSecret(inner) : maskJson(inner),
    ]),
  );
}

/**
 * A URL with its secret query parameters masked: the OAuth fields (an authorization response's
 * `code`) and every name the URL field masks (the server's own `?api_key=…`, which the
 * challenge step POSTs to), by the one rule of shared/urlSecrets.ts; a URL inside a value (the
 * `resource` parameter names the server) is masked too.
 */
export function maskOAuthUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.search === '') return parsed.href;
  const masked = maskParams(
    parsed.searchParams,
    (name) => SECRET_FIELDS.has(name) || isSecretParamName(name),
  );
  parsed.search = masked.toString();
  return parsed.href;
}
