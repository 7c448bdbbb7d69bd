/** A part of a long SKILL.md is rendered at a time: markdown of this size renders in tens of ms. */
export const SKILL_PART_CHARS = 8_000;

const FENCE = /^ {0,3}(```|~~~)/;

/**
 * Where the part of a markdown text that starts at `start` ends: at most `maxChars` on, at the
 * end of a blank line outside a code fence (so a paragraph, a list or a code block is not cut in
 * two and rendered as something else), else at the last line break, else at `maxChars` (never
 * inside a surrogate pair). Scans only the part, so a 5 MB text costs what is shown.
 */
export function nextPartEnd(text: string, start: number, maxChars: number): number {
  if (text.length - start <= maxChars) return text.length;
  const limit = start + maxChars;
  let inFence = false;
  let blankLineEnd = -1;
  let lastLineEnd = -1;
  for (let lineStart = start; lineStart < limit;) {
    const newline = text.indexOf('\n', lineStart);
    if (newline === -1 || newline >= limit) break;
    const line = text.slice(lineStart, newline);
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence && line.trim() === '') blankLineEnd = newline + 1;
    lastLineEnd = newline + 1;
    lineStart = newline + 1;
  }
  // A cut at a blank line that keeps less than a quarter of the part is not worth keeping whole.
  if (blankLineEnd > start + maxChars / 4) return blankLineEnd;
  if (lastLineEnd > start) return lastLineEnd;
  const last = text.charCodeAt(limit - 1);
  return last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit;
}
