/**
 * A provider's failure, said plainly: the kind a script reads, the words a person reads. The
 * key is never in the words (see maskKey).
 */
export type ModelFailureKind =
  | 'no-key'
  | 'auth'
  | 'unreachable'
  | 'rate-limit'
  | 'redirect'
  | 'bad-request'
  | 'not-found'
  | 'provider-error'
  | 'garbage'
  | 'cancelled';

export class ModelFailure extends Error {
  constructor(
    readonly kind: ModelFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'ModelFailure';
  }
}

/** The text with every occurrence of the key (and of its longer pieces) replaced: a provider may echo it. */
export function maskKey(text: string, key: string | undefined): string {
  if (!key || key.length < 4) return text;
  let masked = text.split(key).join('***');
  // OpenAI's "Incorrect API key provided: sk-abc…xyz" shows its ends: those go too.
  if (key.length >= 12) {
    for (const piece of [key.slice(0, 8), key.slice(-6)]) masked = masked.split(piece).join('***');
  }
  return masked;
}
