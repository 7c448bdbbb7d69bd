import type { Tool } from '@modelcontextprotocol/client';

export type HintKey = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';

export interface EffectiveHint {
  key: HintKey;
  /** Short name shown on the badge. */
  label: string;
  /** What the client must assume; 'n/a' when the spec says the hint means nothing here. */
  value: boolean | 'n/a';
  /** False when the tool left the hint out and the spec's default applies. */
  declared: boolean;
  /** What the tool declared, kept when the hint is 'n/a' (a read-only tool that says destructive). */
  declaredValue?: boolean;
}

/** The spec's values for absent hints: assume the worst of a tool that says nothing. */
export const HINT_DEFAULTS: Record<HintKey, boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

const LABELS: Record<HintKey, string> = {
  readOnlyHint: 'read-only',
  destructiveHint: 'destructive',
  idempotentHint: 'idempotent',
  openWorldHint: 'open world',
};

/**
 * The four hints as a client must read them. destructiveHint and idempotentHint are only
 * meaningful when the tool is not read-only, so they are 'n/a' for a read-only tool.
 */
export function effectiveHints(annotations: Tool['annotations']): EffectiveHint[] {
  const hint = (key: HintKey): { value: boolean; declared: boolean } => {
    const declared = annotations?.[key];
    return typeof declared === 'boolean'
      ? { value: declared, declared: true }
      : { value: HINT_DEFAULTS[key], declared: false };
  };
  const readOnly = hint('readOnlyHint').value;
  return (Object.keys(LABELS) as HintKey[]).map((key) => {
    const { value, declared } = hint(key);
    const applies = !(readOnly && (key === 'destructiveHint' || key === 'idempotentHint'));
    return {
      key,
      label: LABELS[key],
      value: applies ? value : 'n/a',
      declared,
      ...(declared && !applies ? { declaredValue: value } : {}),
    };
  });
}

/**
 * Why a tool asks before running: it declares `destructiveHint: true`, or it leaves the hint out
 * (often by declaring no hints at all) and the spec's default says destructive. Undefined when it
 * does not ask.
 */
export function destructiveness(tool: Tool): 'declared' | 'default' | undefined {
  const hint = effectiveHints(tool.annotations).find((entry) => entry.key === 'destructiveHint');
  if (hint?.value !== true) return undefined;
  return hint.declared ? 'declared' : 'default';
}

/** The spec asks for a human in the loop before a tool that may destroy something runs. */
export function needsConfirmation(tool: Tool): boolean {
  const hints = effectiveHints(tool.annotations);
  return hints.some((hint) => hint.key === 'destructiveHint' && hint.value === true);
}

/**
 * A badge's text, e.g. "destructive: yes (default)". A hint that does not apply still shows what
 * the tool declared ("destructive: n/a (declared yes)"): a read-only tool that says it destroys
 * things is worth seeing.
 */
export function hintText(hint: EffectiveHint): string {
  const yesNo = (value: boolean): string => (value ? 'yes' : 'no');
  if (hint.value === 'n/a') {
    return `${hint.label}: n/a${hint.declaredValue === undefined ? ' (default)' : ` (declared ${yesNo(hint.declaredValue)})`}`;
  }
  return `${hint.label}: ${yesNo(hint.value)}${hint.declared ? '' : ' (default)'}`;
}
