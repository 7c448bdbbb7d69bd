import { lineColumnAt } from '../../../shared/jsonText';
import { jsonErrorOffset } from './jsonErrorOffset';

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
    const offset = jsonErrorOffset(text);
    const { line, column } = lineColumnAt(text, offset < 0 ? text.length : offset);
    const found =
      offset >= text.length || offset < 0
        ? 'the text ends too soon'
        : `unexpected ${JSON.stringify(text[offset])}`;
    return { error: `Not valid JSON at line ${line}, column ${column}: ${found}`, line, column };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'Arguments must be a JSON object' };
  }
  return { value: value as Record<string, unknown> };
}
