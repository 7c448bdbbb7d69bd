import { describe, expect, it } from 'vitest';
import { parseAnsi, stripAnsi } from './ansi';

const ESC = '\u001b';

describe('parseAnsi', () => {
  it('turns SGR codes into styled segments and resets them', () => {
    expect(parseAnsi(`${ESC}[31mError:${ESC}[0m plain ${ESC}[1;32mok${ESC}[39m bold`)).toEqual([
      { text: 'Error:', style: { color: 'ansi-red' } },
      { text: ' plain ', style: {} },
      { text: 'ok', style: { bold: true, color: 'ansi-green' } },
      { text: ' bold', style: { bold: true } },
    ]);
  });

  it('reads 256-colour and true-colour codes', () => {
    expect(parseAnsi(`${ESC}[38;5;196mx${ESC}[48;2;1;2;3my`)).toEqual([
      { text: 'x', style: { color: 'rgb(255, 0, 0)' } },
      { text: 'y', style: { color: 'rgb(255, 0, 0)', background: 'rgb(1, 2, 3)' } },
    ]);
  });

  it('drops other escapes: cursor moves, titles, hyperlinks, a sequence cut in half', () => {
    expect(stripAnsi(`a${ESC}[2Kb${ESC}]0;title\u0007c${ESC}]8;;https://x${ESC}\\d${ESC}[3`)).toBe('abcd');
  });

  it('leaves a text without escapes alone', () => {
    expect(parseAnsi('plain')).toEqual([{ text: 'plain', style: {} }]);
  });
});
