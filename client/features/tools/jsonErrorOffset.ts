/**
 * Where a JSON text stops being JSON. V8's JSON.parse messages do not always give a position
 * (Node 20 and recent Chromium say only "Unexpected token"), and a person needs the line and
 * column: a small scanner walks the grammar and returns the offset of the first bad character.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string): void => {
    for (const char of word) {
      if (text[i] !== char) fail();
      i++;
    }
  };
  const string = (): void => {
    i++; // opening quote
    while (i < text.length) {
      const char = text[i]!;
      if (char === '"') {
        i++;
        return;
      }
      if (char < ' ') fail();
      if (char === '\\') {
        i++;
        const escape = text[i];
        if (escape === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 5;
        } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) i++;
        else fail();
      } else i++;
    }
    fail();
  };
  const number = (): void => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match || match[0] === '' || match[0] === '-') fail();
    i += match![0].length;
  };
  const value = (): void => {
    ws();
    const char = text[i];
    if (char === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    } else if (char === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    } else if (char === '"') string();
    else if (char === 't') literal('true');
    else if (char === 'f') literal('false');
    else if (char === 'n') literal('null');
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) number();
    else fail();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return -1;
  } catch (offset) {
    return offset as number;
  }
}
