/**
 * Images a server names are fetched by the page that holds the token: only https (no
 * plain-http tracking or mixed content) and inline data images are shown.
 */
export function isSafeImageSrc(src: unknown): src is string {
  if (typeof src !== 'string') return false;
  return /^https:\/\//i.test(src) || /^data:image\/[a-z0-9.+-]+[;,]/i.test(src);
}
