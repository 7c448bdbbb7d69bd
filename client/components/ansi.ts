/**
 * ANSI escape sequences in a text a server wrote for a terminal (test runners, compilers and
 * browsers colour their errors): SGR colours and weights become styled segments, every other
 * control sequence (cursor moves, titles, hyperlinks) is dropped, so nothing shows raw.
 */

export interface AnsiStyle {
  /** A palette class (`ansi-red`, `ansi-bright-blue`) or an rgb() colour. */
  color?: string;
  background?: string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
}

export interface AnsiSegment {
  text: string;
  style: AnsiStyle;
}

const NAMES = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];
/** A CSI sequence (or one cut off at the end), an OSC sequence (to BEL or ST), a lone escape. */
const ESCAPES =
  // Matching control characters is the point here.
  // eslint-disable-next-line no-control-regex
  /\u001b\[([0-9;:?]*)([\x40-\x7e]|$)|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\|$)|\u001b[@-Z\\-_]?/g;

/** Whether a text has any escape to deal with (most have none: they are shown untouched). */
export function hasAnsi(text: string): boolean {
  return text.includes('\u001b');
}

export function stripAnsi(text: string): string {
  return hasAnsi(text) ? text.replace(ESCAPES, '') : text;
}

export function parseAnsi(text: string): AnsiSegment[] {
  if (!hasAnsi(text)) return [{ text, style: {} }];
  const segments: AnsiSegment[] = [];
  let style: AnsiStyle = {};
  let last = 0;
  for (const match of text.matchAll(ESCAPES)) {
    const index = match.index;
    if (index > last) segments.push({ text: text.slice(last, index), style });
    last = index + match[0].length;
    if (match[2] === 'm') style = applySgr(style, match[1] ?? '');
  }
  if (last < text.length) segments.push({ text: text.slice(last), style });
  return segments.filter((segment) => segment.text !== '');
}

function applySgr(current: AnsiStyle, params: string): AnsiStyle {
  const codes = params === '' ? [0] : params.split(/[;:]/).map((code) => Number(code) || 0);
  let style = { ...current };
  for (let i = 0; i < codes.length; i += 1) {
    const code = codes[i] ?? 0;
    if (code === 0) style = {};
    else if (code === 1) style.bold = true;
    else if (code === 2) style.dim = true;
    else if (code === 3) style.italic = true;
    else if (code === 4) style.underline = true;
    else if (code === 22) style = { ...style, bold: false, dim: false };
    else if (code === 23) style.italic = false;
    else if (code === 24) style.underline = false;
    else if (code >= 30 && code <= 37) style.color = `ansi-${NAMES[code - 30]}`;
    else if (code >= 90 && code <= 97) style.color = `ansi-bright-${NAMES[code - 90]}`;
    else if (code >= 40 && code <= 47) style.background = `ansi-${NAMES[code - 40]}`;
    else if (code >= 100 && code <= 107) style.background = `ansi-bright-${NAMES[code - 100]}`;
    else if (code === 39) delete style.color;
    else if (code === 49) delete style.background;
    else if (code === 38 || code === 48) {
      const { color, used } = extendedColor(codes, i + 1);
      if (color) style[code === 38 ? 'color' : 'background'] = color;
      i += used;
    }
  }
  return style;
}

/** `5;n` (the 256-colour palette) or `2;r;g;b`, after a 38 or 48. */
function extendedColor(codes: number[], at: number): { color: string | undefined; used: number } {
  if (codes[at] === 2) {
    const [r, g, b] = [codes[at + 1] ?? 0, codes[at + 2] ?? 0, codes[at + 3] ?? 0];
    return { color: `rgb(${r}, ${g}, ${b})`, used: 4 };
  }
  if (codes[at] === 5) return { color: paletteColor(codes[at + 1] ?? 0), used: 2 };
  return { color: undefined, used: 0 };
}

function paletteColor(index: number): string {
  if (index < 8) return `ansi-${NAMES[index]}`;
  if (index < 16) return `ansi-bright-${NAMES[index - 8]}`;
  if (index < 232) {
    const n = index - 16;
    const level = (v: number): number => (v === 0 ? 0 : 55 + v * 40);
    return `rgb(${level(Math.floor(n / 36))}, ${level(Math.floor(n / 6) % 6)}, ${level(n % 6)})`;
  }
  const grey = 8 + (index - 232) * 10;
  return `rgb(${grey}, ${grey}, ${grey})`;
}
