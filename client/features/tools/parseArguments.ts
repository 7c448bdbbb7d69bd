import { lineColumnAt, strictJsonStop } from '../../../shared/jsonText';

export type ParsedArguments =
  | { value: Record<string, unknown> }
  | { error: string; /** 1-based, where the text stops being JSON. */ line?: number; column?: number };

/** Parses the raw JSON arguments; an empty text means no arguments. */
export function parseArguments(text: string): ParsedArguments {
  if (text.trim() === '') return { value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // JSON.parse's message may give no position: the shared reader finds the very character.
    const { offset, line, column } = strictJsonStop(text) ?? {
      offset: text.length,
      ...lineColumnAt(text, text.length),
    };
    const found =
      offset >= text.length ? 'the text ends too soon' : `unexpected ${JSON.stringify(text[offset])}`;
    return { error: `Not valid JSON at line ${line}, column ${column}: ${found}`, line, column };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'Arguments must be a JSON object' };
  }
  return { value: value as Record<string, unknown> };
}
