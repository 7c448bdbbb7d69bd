/**
 * Characters a person reviewing a tool does not see and the model still reads. Tag characters
 * (U+E0000–U+E007F) mirror ASCII, so what they spell is said: that is the hidden order itself.
 */

const ZERO_WIDTH = /[\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF]/;
const BIDI = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const TAG = /\uDB40[\uDC00-\uDC7F]/;
const ANY = new RegExp(`${ZERO_WIDTH.source}|${BIDI.source}|${TAG.source}`, 'g');

const codeOf = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** "9 invisible characters in text the model reads: …", or undefined when there are none. */
export function describeInvisible(text: string): string | undefined {
  const found = [...text.matchAll(ANY)].map((match) => match[0]);
  if (found.length === 0) return undefined;
  const zeroWidth = found.filter((char) => ZERO_WIDTH.test(char));
  const bidi = found.filter((char) => BIDI.test(char));
  const tags = found.filter((char) => TAG.test(char));
  const codes = (chars: string[]) => [...new Set(chars.map(codeOf))].join(', ');
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const spelt = tags
    .map((char) => String.fromCodePoint((char.codePointAt(0) ?? 0) - 0xe0000))
    .join('')
    .replace(/[^\x20-\x7E]/g, '');
  const parts = [
    ...(zeroWidth.length > 0
      ? [`${count(zeroWidth.length, 'zero-width character', 'zero-width characters')} (${codes(zeroWidth)})`]
      : []),
    ...(bidi.length > 0
      ? [`${count(bidi.length, 'bidirectional control', 'bidirectional controls')} (${codes(bidi)})`]
      : []),
    ...(tags.length > 0
      ? [
          `${count(tags.length, 'tag character', 'tag characters')}${spelt ? ` that spell ${JSON.stringify(spelt.slice(0, 80))}` : ''}`,
        ]
      : []),
  ];
  return `${count(found.length, 'invisible character', 'invisible characters')} in text the model reads: ${parts.join(', ')}`;
}
