/**
 * Whether a tool argument's (or form field's) name says its value is a secret, word by word.
 *
 * Not the URL masking rule (`isSecretParamName`), which matches substrings: masking a value on
 * screen by mistake costs nothing, but an argument taken for a secret is written as `${env:NAME}`
 * and the saved call then fails until someone sets a variable. `author`, `keyword`, `monkey`,
 * `sessionName` or a `code` to run are not secrets; `apiKey`, `x-auth-token`, `client_secret`,
 * `password`, `privateKey` are.
 */
export function isSecretArgumentName(name: string): boolean {
  const words = wordsOf(name);
  if (words.length === 0) return false;
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  // `key` alone is a lookup key (a cache key, a map key); a kind of key before it makes it a secret.
  return words.some((word, at) => word === 'key' && at > 0 && KEY_KINDS.has(words[at - 1]!));
}

const SECRET_WORDS = new Set([
  'apikey',
  'auth',
  'authorization',
  'bearer',
  'cookie',
  'credential',
  'credentials',
  'passphrase',
  'passwd',
  'password',
  'pwd',
  'secret',
  'token',
  'accesstoken',
  'refreshtoken',
]);

const KEY_KINDS = new Set([
  'api',
  'access',
  'private',
  'secret',
  'signing',
  'encryption',
  'client',
  'license',
  'subscription',
]);

/** `apiKey` → api, key; `X-Auth-Token` → x, auth, token; `client_secret` → client, secret. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}
