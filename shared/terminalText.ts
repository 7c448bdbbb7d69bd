/**
 * Text from outside (a server, a recording, a file) on its way to a terminal, with the characters
 * a terminal would act on instead of showing made visible: C0 controls but tab and newline (ESC
 * starts the sequences that colour, move the cursor, clear the screen, set the window title or
 * write the clipboard with OSC 52; BEL, backspace, a carriage return that is not part of CRLF
 * overwrite what was shown), DEL, the C1 controls (U+0080–U+009F; U+009B is a CSI by itself on
 * some terminals), and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) that reorder what is shown so it reads otherwise than it is. Each becomes its
 * escape, `\x1b`, `\x9b`, `\u202e`: seen, not obeyed. Backslashes are left as they are (paths,
 * patterns), so the escapes are for reading, not for decoding back.
 *
 * Every renderer of the verbs and the bridge's terminal lines go through this one function, after
 * which their own colours are added.
 */
export function visibleControls(text: string): string {
  return text.replace(UNSAFE, escapeCharacter);
}

/**
 * A JSON document for a terminal: the same value, with what JSON.stringify leaves raw (DEL, C1,
 * bidirectional controls; it escapes C0 itself) written as `\u` escapes, which JSON reads back as
 * the same characters. Those characters can only be inside strings, so the text stays valid JSON.
 */
export function terminalJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (character) => `\\u${hex(character, 4)}`);
}

// Matching control characters is the point here.
/* eslint-disable no-control-regex */
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;
const UNSAFE_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

function escapeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  return code <= 0xff ? `\\x${hex(character, 2)}` : `\\u${hex(character, 4)}`;
}

function hex(character: string, digits: number): string {
  return character.charCodeAt(0).toString(16).padStart(digits, '0');
}
