/**
 * `--inject` rules: repeatable faults a proxy puts into a session, for chaos tests of a host or
 * a server (docs/capture.md has the reference). One rule:
 *
 *     <method | *> [name=NAME] [from=host|server] -> <action>        (→ works as well as ->)
 *
 * actions: `error [CODE] [MESSAGE]` (answer the request with that JSON-RPC error instead of
 * passing it on; -32603 by default), `delay DURATION` or `delay=DURATION` (`500ms`, `2s`),
 * `drop` (never pass it on), `truncate [BYTES]` (the answer to the request is cut to its first
 * BYTES bytes, half by default, so the receiver gets a line that is not JSON).
 */
export type InjectAction =
  | { kind: 'error'; code: number; message: string }
  | { kind: 'delay'; ms: number }
  | { kind: 'drop' }
  | { kind: 'truncate'; bytes: number | undefined };

export type InjectSide = 'host' | 'server';

/** What a rule matches: shared by `--inject` rules and the page's breakpoints (breakpoints.ts). */
export interface MessageMatch {
  /** As written (on the command line, or as the page shows a breakpoint), for the capture's notes. */
  text: string;
  /** The JSON-RPC method, or `*` for any request or notification. */
  method: string;
  /** The `name` parameter (tools/call, prompts/get) or `uri` (resources/read) to match. */
  name?: string;
  /** Who sent the message: the host (requests to the server) or the server (requests to the host). */
  from?: InjectSide;
}

export interface InjectRule extends MessageMatch {
  action: InjectAction;
}

const DEFAULT_ERROR_CODE = -32603;
const DEFAULT_ERROR_MESSAGE = 'injected by mcp-inspect proxy';
/** A delay longer than this is refused: a rule should test a slow peer, not hang the host. */
const MAX_DELAY_MS = 10 * 60 * 1000;

/** Reads one rule, or says what is wrong with it. */
export function parseInjectRule(text: string): InjectRule | { error: string } {
  const arrow = /\s*(?:->|→)\s*/.exec(text);
  if (!arrow) return { error: `--inject "${text}": no "->" between what to match and what to do` };
  const matchPart = text.slice(0, arrow.index).trim();
  const actionPart = text.slice(arrow.index + arrow[0].length).trim();
  const [method, ...filters] = matchPart.split(/\s+/).filter((word) => word !== '');
  if (method === undefined) return { error: `--inject "${text}": name a method (or *) before "->"` };
  const rule: Omit<InjectRule, 'action'> = { text, method };
  for (const filter of filters) {
    const at = filter.indexOf('=');
    const key = at < 0 ? filter : filter.slice(0, at);
    const value = at < 0 ? '' : filter.slice(at + 1);
    if (key === 'name' && value !== '') rule.name = value;
    else if (key === 'from' && (value === 'host' || value === 'server')) rule.from = value;
    else return { error: `--inject "${text}": "${filter}" is not name=NAME or from=host|server` };
  }
  const action = parseAction(actionPart);
  if ('error' in action) return { error: `--inject "${text}": ${action.error}` };
  return { ...rule, action };
}

function parseAction(text: string): InjectAction | { error: string } {
  const word = /^[a-z]+/.exec(text)?.[0] ?? '';
  const rest = text.slice(word.length).replace(/^\s*=?\s*/, '');
  switch (word) {
    case 'drop':
      return rest === '' ? { kind: 'drop' } : { error: '"drop" takes nothing after it' };
    case 'delay': {
      const ms = parseDuration(rest);
      if (ms === undefined) return { error: `"delay" needs a duration such as 500ms or 2s, not "${rest}"` };
      if (ms > MAX_DELAY_MS) return { error: 'a delay is at most 10 minutes' };
      return { kind: 'delay', ms };
    }
    case 'error': {
      const match = /^(-?\d+)?\s*(.*)$/s.exec(rest);
      const code = match?.[1] === undefined ? DEFAULT_ERROR_CODE : Number(match[1]);
      const message = unquote(match?.[2]?.trim() ?? '') || DEFAULT_ERROR_MESSAGE;
      if (!Number.isSafeInteger(code)) return { error: `"${match?.[1]}" is not an error code` };
      return { kind: 'error', code, message };
    }
    case 'truncate': {
      if (rest === '') return { kind: 'truncate', bytes: undefined };
      const bytes = Number(rest.replace(/b(ytes)?$/, ''));
      if (!Number.isInteger(bytes) || bytes < 0)
        return { error: `"truncate" takes a byte count, not "${rest}"` };
      return { kind: 'truncate', bytes };
    }
    default:
      return {
        error: `"${text}" is not an action: error [CODE] [MESSAGE], delay DURATION, drop or truncate [BYTES]`,
      };
  }
}

function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  return Math.round(match[2] === 's' ? value * 1000 : value);
}

function unquote(text: string): string {
  const match = /^(["'])(.*)\1$/s.exec(text);
  return match ? (match[2] ?? '') : text;
}

/** The first rule that matches a request or notification, by its method, name and sender. */
export function matchRule<Rule extends MessageMatch>(
  rules: readonly Rule[],
  message: { method?: unknown; params?: unknown },
  from: InjectSide,
): Rule | undefined {
  if (typeof message.method !== 'string') return undefined;
  const params = (
    typeof message.params === 'object' && message.params !== null ? message.params : {}
  ) as Record<string, unknown>;
  const name =
    typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  return rules.find(
    (rule) =>
      (rule.method === '*' || rule.method === message.method) &&
      (rule.from === undefined || rule.from === from) &&
      (rule.name === undefined || rule.name === name),
  );
}
