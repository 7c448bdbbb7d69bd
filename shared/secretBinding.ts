import { hasMaskedParts, maskUrl, originOf } from './urlSecrets.js';

/**
 * Secrets are bound to the server they were given for: a header value to its URL's origin,
 * an environment value to its command line (command, arguments and working directory, since
 * `node server.js` elsewhere, or `sh -c 'echo $KEY'`, is another program). Switching target
 * never carries them along; the person enters them again. The bridge enforces this; the page
 * applies the same rule to say so before it asks.
 */
export type SecretOwner =
  { kind: 'url'; url: string } | { kind: 'stdio'; command: string; args: string[]; cwd?: string | undefined };

function bindingOf(owner: SecretOwner): string | undefined {
  if (owner.kind === 'url') return originOf(owner.url);
  return JSON.stringify([owner.command, owner.args, owner.cwd ?? null]);
}

/** Whether secrets held for `holder` may go to `asked`. */
export function sameSecretOwner(asked: SecretOwner, holder: SecretOwner): boolean {
  if (asked.kind !== holder.kind) return false;
  const binding = bindingOf(holder);
  return binding !== undefined && bindingOf(asked) === binding;
}

/** Who a secret is bound to, in words: an origin, or a command line. */
export function describeSecretOwner(owner: SecretOwner): string {
  if (owner.kind === 'url') return maskUrl(originOf(owner.url) ?? owner.url);
  return `\`${[owner.command, ...owner.args].join(' ')}\`${owner.cwd === undefined ? '' : ` in ${owner.cwd}`}`;
}

/**
 * Why a target the page asks for may not have the secrets it asks to keep (`null` values, a
 * masked URL), or undefined when it may. `kept` names the values asked to be kept.
 */
export function keptSecretsRefusal(
  asked: SecretOwner,
  kept: string[],
  holder: SecretOwner,
): string | undefined {
  const masked = asked.kind === 'url' && hasMaskedParts(asked.url);
  if ((kept.length === 0 && !masked) || sameSecretOwner(asked, holder)) return undefined;
  const what = [...kept.map((name) => `"${name}"`), ...(masked ? ['the masked parts of the URL'] : [])];
  return `enter ${what.join(', ')} again: mcp-inspect keeps ${what.length === 1 ? 'that value' : 'those values'} only for ${describeSecretOwner(holder)}`;
}
