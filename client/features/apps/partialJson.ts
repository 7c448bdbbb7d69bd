/**
 * Arguments from a JSON text the person is still typing, the way the spec describes partial tool
 * input: best-effort recovery of incomplete JSON, unclosed strings and brackets closed. Undefined
 * when nothing object-shaped can be made of it.
 */
export function partialArguments(text: string): Record<string, unknown> | undefined {
  const attempts = [text, closeJson(text), closeJson(trimDangling(text))];
  for (const attempt of attempts) {
    try {
      const value: unknown = JSON.parse(attempt);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // the next, more forgiving attempt
    }
  }
  return undefined;
}

/** Closes an open string and every open bracket, innermost first. */
function closeJson(text: string): string {
  const open: string[] = [];
  let inString = false;
  let escaped = false;
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') open.push('}');
    else if (char === '[') open.push(']');
    else if (char === '}' || char === ']') open.pop();
  }
  let closed = text;
  if (inString) closed += escaped ? '\\"' : '"';
  closed = closed.replace(/[,:]\s*$/, (match) => (match.trim() === ':' ? ': null' : ''));
  return closed + open.reverse().join('');
}

/** Drops a trailing half-written member (`, "ke` or `"key": tr`) that closing alone cannot mend. */
function trimDangling(text: string): string {
  const cut = Math.max(text.lastIndexOf(','), text.lastIndexOf('{'), text.lastIndexOf('['));
  if (cut < 0) return text;
  return text[cut] === ',' ? text.slice(0, cut) : text.slice(0, cut + 1);
}
