/**
 * Reads the text of a config file: JSON, plus the comments and trailing commas that editors
 * allow in theirs (VS Code's `mcp.json` is JSON with comments). A mistake is reported at its
 * line and column, with what was expected there; `JSON.parse` gives a character offset at best.
 */
export type JsonTextResult = { value: unknown } | { error: string; line: number; column: number };

export function parseJsonText(text: string): JsonTextResult {
  const reader = new Reader(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, false);
  const stop = reader.read();
  if ('value' in stop) return stop;
  const { line, column } = reader.position(stop.offset);
  return { error: `line ${line}, column ${column}: ${stop.message}`, line, column };
}

/** Where a text stops being standard JSON, and what was expected there. */
export interface StrictJsonStop {
  /** The first character that cannot continue a JSON text (the text's length when it ends too soon). */
  offset: number;
  line: number;
  column: number;
  message: string;
}

/**
 * Standard JSON only (no comments, no trailing commas, no byte order mark), as `JSON.parse` takes
 * it: undefined when the text is JSON, else where it stops being JSON, at the very character (in
 * `{"a": nope}`, the "o"). `JSON.parse`'s own messages do not always give a position (Node 20 and
 * recent Chromium say only "Unexpected token"), and the tool panel's raw arguments need one.
 */
export function strictJsonStop(text: string): StrictJsonStop | undefined {
  const reader = new Reader(text, true);
  const stop = reader.read();
  if ('value' in stop) return undefined;
  return { ...stop, ...reader.position(stop.offset) };
}

/**
 * The 1-based line and column of a character offset in a text: where a JSON mistake is said to
 * be, by this reader, the tool panel's argument check and the lint config alike.
 */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

class JsonTextError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * Nesting deeper than this is refused rather than exhausting the stack (of this reader, and of
 * every walk over the value after it). The bounded file reader holds every file to it.
 */
export const MAX_DEPTH = 512;

class Reader {
  private at = 0;
  private depth = 0;

  /**
   * `strict`: standard JSON, a mistake placed at the first character that cannot continue it;
   * else editors' JSON (comments, trailing commas), a mistake placed at the start of the bad word.
   */
  constructor(
    private readonly text: string,
    private readonly strict: boolean,
  ) {}

  /** The text's one value, or where and why it is not JSON. */
  read(): { value: unknown } | { offset: number; message: string } {
    try {
      this.space();
      const value = this.value();
      this.space();
      if (!this.atEnd()) this.fail('nothing after the value');
      return { value };
    } catch (error) {
      if (!(error instanceof JsonTextError)) throw error;
      return { offset: error.offset, message: error.message };
    }
  }

  atEnd(): boolean {
    return this.at >= this.text.length;
  }

  fail(expected: string, offset = this.at): never {
    throw new JsonTextError(`expected ${expected}, found ${this.describe(offset)}`, offset);
  }

  position(offset: number): { line: number; column: number } {
    return lineColumnAt(this.text, offset);
  }

  /** Whitespace and comments. */
  space(): void {
    for (;;) {
      const c = this.text[this.at];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
        this.at += 1;
      } else if (this.strict) {
        return;
      } else if (c === '/' && this.text[this.at + 1] === '/') {
        const end = this.text.indexOf('\n', this.at);
        this.at = end === -1 ? this.text.length : end;
      } else if (c === '/' && this.text[this.at + 1] === '*') {
        const end = this.text.indexOf('*/', this.at + 2);
        if (end === -1) this.fail('the end of the comment', this.text.length);
        this.at = end + 2;
      } else {
        return;
      }
    }
  }

  value(): unknown {
    const c = this.text[this.at];
    if (c === '{') return this.nested(() => this.object());
    if (c === '[') return this.nested(() => this.array());
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return value;
      }
      if (this.strict && c === word[0]) {
        let matched = 1;
        while (this.text[this.at + matched] === word[matched]) matched += 1;
        this.fail(word, this.at + matched);
      }
    }
    if (c === "'") this.fail('a value (strings take double quotes)');
    return this.fail('a value');
  }

  private nested<T>(read: () => T): T {
    if (++this.depth > MAX_DEPTH) this.fail(`at most ${MAX_DEPTH} levels of nesting`);
    const value = read();
    this.depth -= 1;
    return value;
  }

  private object(): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    this.at += 1; // {
    this.space();
    while (this.text[this.at] !== '}') {
      if (this.text[this.at] !== '"') this.fail('a property name in double quotes, or "}"');
      const key = this.string();
      this.space();
      if (this.text[this.at] !== ':') this.fail('":" after the property name');
      this.at += 1;
      this.space();
      // An own property even for "__proto__", as JSON.parse makes it: never the prototype.
      Object.defineProperty(object, key, {
        value: this.value(),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.space();
      if (this.text[this.at] === ',') {
        this.at += 1;
        this.space();
        if (this.strict && this.text[this.at] === '}') this.fail('a property name in double quotes');
      } else if (this.text[this.at] !== '}') {
        this.fail('"," or "}" after the property value');
      }
    }
    this.at += 1; // }
    return object;
  }

  private array(): unknown[] {
    const array: unknown[] = [];
    this.at += 1; // [
    this.space();
    while (this.text[this.at] !== ']') {
      array.push(this.value());
      this.space();
      if (this.text[this.at] === ',') {
        this.at += 1;
        this.space();
        if (this.strict && this.text[this.at] === ']') this.fail('a value');
      } else if (this.text[this.at] !== ']') {
        this.fail('"," or "]" after the array item');
      }
    }
    this.at += 1; // ]
    return array;
  }

  private string(): string {
    const start = this.at;
    this.at += 1; // "
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined) this.fail('the closing double quote of the string', this.text.length);
      if (c === '"') break;
      if (c === '\\') {
        const escape = this.text[this.at + 1];
        if (escape === 'u') {
          const digits = /^[0-9a-fA-F]{0,4}/.exec(this.text.slice(this.at + 2, this.at + 6))?.[0] ?? '';
          if (digits.length < 4) this.fail('four hex digits after \\u', this.at + 2 + digits.length);
          this.at += 6;
        } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) {
          this.at += 2;
        } else {
          this.fail('an escape: \\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u', this.at + 1);
        }
      } else if (c.charCodeAt(0) < 0x20) {
        this.fail('no line break or control character inside a string (write \\n)');
      } else {
        this.at += 1;
      }
    }
    this.at += 1; // "
    return JSON.parse(this.text.slice(start, this.at)) as string;
  }

  private number(): number {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(
      this.text.slice(this.at, this.at + 400),
    );
    if (match === null) return this.fail('a number');
    this.at += match[0].length;
    return Number(match[0]);
  }

  private describe(offset: number): string {
    if (offset >= this.text.length) return 'the end of the file';
    const c = this.text[offset] ?? '';
    const word = /^[^\s,:{}[\]"]+/.exec(this.text.slice(offset, offset + 20))?.[0];
    return JSON.stringify(word && word.length > 1 ? word : c);
  }
}
