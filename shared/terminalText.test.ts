import { describe, expect, it } from 'vitest';
import { terminalJson, visibleControls } from './terminalText.js';

describe('text for a terminal', () => {
  it('shows escape sequences, C1 controls and bidi overrides as their escapes', () => {
    const osc52 = '\u001b]52;c;ZWNobyBwd25lZA==\u0007';
    expect(visibleControls(`copy${osc52}me`)).toBe('copy\\x1b]52;c;ZWNobyBwd25lZA==\\x07me');
    expect(visibleControls('\u001b]0;owned\u0007\u001b[2J\u001b[31mred\u001b[0m')).toBe(
      '\\x1b]0;owned\\x07\\x1b[2J\\x1b[31mred\\x1b[0m',
    );
    expect(visibleControls('a\u009b2Jb\u007f')).toBe('a\\x9b2Jb\\x7f');
    expect(visibleControls('admin\u202e\u2066txt.exe\u2069')).toBe('admin\\u202e\\u2066txt.exe\\u2069');
    expect(visibleControls('\u202a\u202b\u202c\u202d\u2067\u2068')).toBe(
      '\\u202a\\u202b\\u202c\\u202d\\u2067\\u2068',
    );
  });

  it('keeps what only lays text out: tabs, newlines, CRLF; a lone carriage return is shown', () => {
    expect(visibleControls('a\tb\nc\r\nd')).toBe('a\tb\nc\r\nd');
    expect(visibleControls('safe\rEVIL')).toBe('safe\\x0dEVIL');
    expect(visibleControls('bell\u0007 back\b nul\u0000')).toBe('bell\\x07 back\\x08 nul\\x00');
  });

  it('leaves ordinary text, accents, right-to-left script and backslashes alone', () => {
    const text = 'Café — שלום, مرحبا, C:\\path\\x1b, emoji 🎉';
    expect(visibleControls(text)).toBe(text);
  });

  it('writes a JSON document with the same value and no raw control or bidi character', () => {
    const value = { name: 'evil\u202etxt', note: '\u009b2J', esc: '\u001b[2J', del: '\u007f' };
    const json = terminalJson(JSON.stringify(value, null, 2));
    expect(JSON.parse(json)).toEqual(value);
    expect(json).toContain('evil\\u202etxt');
    expect(json).toContain('\\u009b2J');
    expect(json).toContain('\\u007f');
    // The test's point is to look for raw control characters.
    // eslint-disable-next-line no-control-regex
    expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });
});
