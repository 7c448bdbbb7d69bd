import { createHash } from 'node:crypto';
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
  const params = new URLSearchParams(body);
  for (const [name, value] of [...params]) {
    if (SECRET_FIELDS.has(name)) params.set(name, maskSecret(value));
  }
  return params.toString();
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_FIELDS.has(key) && typeof inner === 'string' ? maskSecret(inner) : maskJson(inner),
    ]),
  );
}

/** A URL with its secret query parameters (an authorization response's `code`) masked. */
export function maskOAuthUrl(url: string): string {
  const parsed = new URL(url);
  for (const [name, value] of [...parsed.searchParams]) {
    if (SECRET_FIELDS.has(name)) parsed.searchParams.set(name, maskSecret(value));
  }
  return parsed.href;
}
