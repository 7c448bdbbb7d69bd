/** Where a text nests deeper than allowed: the line it happens on, counted from 1. */
export interface NestingTooDeep {
  line: number;
}

/**
 * Finds the first place a JSON text (one document, JSON Lines, or JSON with comments) opens more
 * than `maxDepth` arrays and objects at once, without parsing it: one pass over the characters,
 * strings and comments passed over. `JSON.parse` itself takes 200,000 levels, and the first
 * recursive walk over what it made (stringify, a schema walk, a diff) then throws a RangeError.
 * A text that is not JSON at all is left for its parser to name.
 */
export function nestingTooDeep(text: string, maxDepth: number): NestingTooDeep | undefined {
  let depth = 0;
  let line = 1;
  for (let at = 0; at < text.length; at += 1) {
    const c = text.charCodeAt(at);
    if (c === 0x0a /* \n */) {
      line += 1;
    } else if (c === 0x22 /* " */) {
      // To the closing quote: a string holds no structure (a raw newline in one is the parser's to name).
      for (at += 1; at < text.length; at += 1) {
        const inside = text.charCodeAt(at);
        if (inside === 0x5c /* \ */) at += 1;
        else if (inside === 0x22 || inside === 0x0a) break;
      }
      if (text.charCodeAt(at) === 0x0a) line += 1;
    } else if (c === 0x2f /* / */ && text.charCodeAt(at + 1) === 0x2f) {
      const end = text.indexOf('\n', at);
      at = (end === -1 ? text.length : end) - 1;
    } else if (c === 0x2f && text.charCodeAt(at + 1) === 0x2a /* * */) {
      const end = text.indexOf('*/', at + 2);
      const stop = end === -1 ? text.length : end + 2;
      for (let i = at; i < stop; i += 1) if (text.charCodeAt(i) === 0x0a) line += 1;
      at = stop - 1;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > maxDepth) return { line };
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}
