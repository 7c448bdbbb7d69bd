import { hasMaskedParts, maskUrl, originOf } from './urlSecrets.js';

/**
 * Secrets are bound to the server they were given for: a header value to its URL's origin,
 * an environment value to its program: command, arguments, working directory AND environment,
 * since `node server.js` elsewhere, `sh -c 'echo $KEY'`, or the same command line with
 * `NODE_OPTIONS=--require leak.js` or `LD_PRELOAD` added, is another program. Switching target
 * never carries them along; the person enters them again. The bridge enforces this; the page
 * applies the same rule to say so before it asks.
 */
export type SecretOwner =
  | { kind: 'url'; url: string }
  | {
      kind: 'stdio';
      command: string;
      args: string[];
      cwd?: string | undefined;
      /**
       * The environment asked for: `null` keeps the value held under that name, a string is a
       * value given anew. Left out, the environment is not compared (a holder's is its names).
       */
      env?: Record<string, string | null> | undefined;
      /** The names of the environment a holder was given, when only its names are known (the page). */
      envKeys?: readonly string[] | undefined;
    };

function bindingOf(owner: SecretOwner): string | undefined {
  if (owner.kind === 'url') return originOf(owner.url);
  return JSON.stringify([owner.command, owner.args, owner.cwd ?? null]);
}

/** Whether secrets held for `holder` may go to `asked`. */
export function sameSecretOwner(asked: SecretOwner, holder: SecretOwner): boolean {
  if (asked.kind !== holder.kind) return false;
  const binding = bindingOf(holder);
  return (
    binding !== undefined && bindingOf(asked) === binding && environmentChange(asked, holder) === undefined
  );
}

/**
 * How the environment asked for differs from the one the holder was given, in words, or
 * undefined when it is the same: the same names, every one kept (`null`). A value typed anew
 * counts as a change even if it happens to be equal: the page never sees the held values, so
 * it cannot tell, and the bridge applies the page's rule.
 */
export function environmentChange(asked: SecretOwner, holder: SecretOwner): string | undefined {
  if (asked.kind !== 'stdio' || holder.kind !== 'stdio' || asked.env === undefined) return undefined;
  const held = new Set(holder.envKeys ?? Object.keys(holder.env ?? {}));
  const names = Object.keys(asked.env);
  const added = names.filter((name) => !held.has(name));
  const removed = [...held].filter((name) => !Object.hasOwn(asked.env ?? {}, name));
  const retyped = names.filter((name) => held.has(name) && asked.env?.[name] !== null);
  const parts = [
    ...(added.length > 0 ? [`${list(added)} added`] : []),
    ...(removed.length > 0 ? [`${list(removed)} removed`] : []),
    ...(retyped.length > 0 ? [`${list(retyped)} given a new value`] : []),
  ];
  return parts.length === 0 ? undefined : parts.join(', ');
}

function list(names: string[]): string {
  return names.join(', ');
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
  const sameCommandLine = asked.kind === holder.kind && bindingOf(asked) === bindingOf(holder);
  const change = sameCommandLine ? environmentChange(asked, holder) : undefined;
  const where =
    change === undefined
      ? describeSecretOwner(holder)
      : `${describeSecretOwner(holder)} with the environment it was given (here ${change})`;
  return `enter ${what.join(', ')} again: mcp-inspect keeps ${what.length === 1 ? 'that value' : 'those values'} only for ${where}`;
}
