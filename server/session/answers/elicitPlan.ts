import { readBoundedText } from '../../files/boundedRead.js';
import type { ElicitResult } from '@modelcontextprotocol/client';

/** What to answer an elicitation with, as the command line says it. */
export type ElicitAnswer =
  { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

/**
 * The `--elicit` flags: one answer for every question, and answers for single input requests of
 * a modern server, by the key the server gave them (`--elicit booking='{"name":"Ada"}'`).
 */
export interface ElicitPlan {
  all?: ElicitAnswer;
  byKey: Map<string, ElicitAnswer>;
}

/**
 * Reads the `--elicit` values: `decline`, `cancel`, a JSON object, `@file.json`, or any of these
 * after `<key>=`. Returns the problem with one, in words for the person.
 */
export function parseElicitFlags(values: readonly string[]): ElicitPlan | { error: string } {
  const plan: ElicitPlan = { byKey: new Map() };
  for (const value of values) {
    const keyed = /^([^={@\s"][^=\s]*)=(.*)$/s.exec(value);
    const answer = readAnswer(keyed ? (keyed[2] ?? '') : value);
    if ('error' in answer) return { error: `--elicit ${value}: ${answer.error}` };
    if (!keyed) {
      if (plan.all)
        return { error: '--elicit without a key is given twice: give one answer for every question' };
      plan.all = answer;
    } else {
      const key = keyed[1] ?? '';
      if (plan.byKey.has(key)) return { error: `--elicit ${key}=… is given twice` };
      plan.byKey.set(key, answer);
    }
  }
  return plan;
}

function readAnswer(text: string): ElicitAnswer | { error: string } {
  const word = text.trim();
  if (word === 'decline' || word === 'cancel') return { action: word };
  let json = word;
  if (word.startsWith('@')) {
    const read = readBoundedText(word.slice(1));
    if ('error' in read) return { error: read.error };
    json = read.text;
  }
  let content: unknown;
  try {
    content = JSON.parse(json);
  } catch (error) {
    return { error: `expected decline, cancel, a JSON object or @file.json (${(error as Error).message})` };
  }
  if (typeof content !== 'object' || content === null || Array.isArray(content)) {
    return { error: 'the content of an elicitation answer is a JSON object' };
  }
  return { action: 'accept', content: content as Record<string, unknown> };
}

/**
 * The answer as sent: accepted content gets the defaults of the requested schema for the fields
 * it leaves out, as a client that shows a form pre-filled with them would send (SEP-1034).
 */
export function elicitResult(answer: ElicitAnswer, requestedSchema: unknown): ElicitResult {
  if (answer.action !== 'accept') return { action: answer.action };
  return {
    action: 'accept',
    content: withDefaults(answer.content, requestedSchema) as ElicitResult['content'],
  };
}

export function withDefaults(
  content: Record<string, unknown>,
  requestedSchema: unknown,
): Record<string, unknown> {
  const properties = (requestedSchema as { properties?: unknown } | undefined)?.properties;
  if (typeof properties !== 'object' || properties === null) return content;
  const filled = { ...content };
  for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
    const fallback = (property as { default?: unknown } | null)?.default;
    if (!(name in filled) && fallback !== undefined) filled[name] = fallback;
  }
  return filled;
}
