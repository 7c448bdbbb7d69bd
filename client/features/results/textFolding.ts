/** A text cut for display: the head that is shown and how much of the text it leaves out. */
export interface TextFold {
  head: string;
  /** Characters left out after the head (0 when the whole text is shown). */
  hiddenChars: number;
}

/**
 * The head of a text up to `maxLines` lines and `maxChars` characters, whichever comes first.
 * Scans at most `maxChars` characters, so folding a 10 MB text costs what is shown.
 */
export function foldText(text: string, maxLines: number, maxChars: number): TextFold {
  let end = Math.min(text.length, maxChars);
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < end; index = text.indexOf('\n', index + 1)) {
    lines += 1;
    if (lines === maxLines) {
      end = index;
      break;
    }
  }
  // Never cut a surrogate pair in half: the head would end in a broken character.
  const last = text.charCodeAt(end - 1);
  if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { head: text.slice(0, end), hiddenChars: text.length - end };
}

/**
 * Whether folding a text at `fold` is worth a click: it must leave out a real part of it, not
 * the last 28 characters or 3 lines. Counts at most `minLines` newlines past the head.
 */
export function worthFolding(text: string, fold: TextFold, minChars = 600, minLines = 8): boolean {
  if (fold.hiddenChars === 0) return false;
  if (fold.hiddenChars >= Math.max(minChars, fold.head.length / 3)) return true;
  let lines = 0;
  for (
    let index = text.indexOf('\n', fold.head.length + 1);
    index !== -1 && lines < minLines;
    index = text.indexOf('\n', index + 1)
  ) {
    lines += 1;
  }
  return lines >= minLines;
}

/** What a text block holds, as far as showing it goes. */
export type TextKind =
  | { kind: 'json'; value: object }
  | { kind: 'plain' }
  /** Looks like JSON but is too big to parse without stalling the page. */
  | { kind: 'json-too-big' };

/**
 * Objects and arrays are shown as a tree; a bare number or string in a text block is just
 * text. Parsing is skipped above `parseLimit` characters: JSON.parse of megabytes, and the
 * tree built from it, would hold the main thread for longer than a frame budget allows.
 */
export function classifyText(text: string, parseLimit: number): TextKind {
  const start = text.search(/\S/);
  const first = start === -1 ? '' : text[start];
  if (first !== '{' && first !== '[') return { kind: 'plain' };
  if (text.length > parseLimit) return { kind: 'json-too-big' };
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? { kind: 'json', value } : { kind: 'plain' };
  } catch {
    return { kind: 'plain' };
  }
}

/** Lines in a text, counted only when that is cheap; undefined above `limit` characters. */
export function countLines(text: string, limit: number): number | undefined {
  if (text.length > limit) return undefined;
  if (text.length === 0) return 0;
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  return text.endsWith('\n') ? lines - 1 : lines;
}
