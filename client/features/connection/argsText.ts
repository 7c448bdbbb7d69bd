/**
 * Arguments typed as one line, the way a shell reads them: spaces separate, quotes group,
 * a backslash escapes. Only splitting, never expansion: nothing here runs a shell.
 */
export function splitArgs(text: string): { args: string[] } | { error: string } {
  const args: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let started = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && i + 1 < text.length) current += text[(i += 1)];
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (char === '\\' && i + 1 < text.length) {
      current += text[(i += 1)];
      started = true;
    } else if (/\s/.test(char)) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (quote) return { error: `unclosed ${quote} quote` };
  if (started) args.push(current);
  return { args };
}

/** The inverse of splitArgs: quotes only the arguments that need it. */
export function joinArgs(args: readonly string[]): string {
  return args
    .map((arg) => (arg !== '' && /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'"'"'`)}'`))
    .join(' ');
}
