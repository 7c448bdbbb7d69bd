import { applyEdits, findNodeAtLocation, modify, parseTree, type JSONPath, type Node } from 'jsonc-parser';

/**
 * Edits to a JSON-with-comments file that change only the values they are about: every other
 * byte (comments, trailing commas, key order, indentation, line ends) stays as it was. A value is
 * replaced in place, written the way the value it replaces was written (one line or one item a
 * line, the same separators and indent); a property added goes right after its neighbour, on its
 * line or on one of its own as the neighbour is; one removed from elsewhere goes through
 * jsonc-parser's `modify`, with the file's own indentation and line end.
 */
export interface TextStyle {
  eol: '\n' | '\r\n';
  insertSpaces: boolean;
  tabSize: number;
}

export function detectStyle(text: string): TextStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indents = text
    .split(/\r?\n/)
    .map((line) => /^([ \t]+)\S/.exec(line)?.[1])
    .filter((indent): indent is string => indent !== undefined);
  if (indents.some((indent) => indent.startsWith('\t'))) return { eol, insertSpaces: false, tabSize: 1 };
  const widths = indents.map((indent) => indent.length).filter((width) => width > 0);
  const tabSize = widths.length > 0 ? Math.min(...widths) : 2;
  return { eol, insertSpaces: true, tabSize };
}

function tree(text: string): Node {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (root === undefined) throw new Error('the file no longer parses');
  return root;
}

/** The node at a path, or undefined. */
export function nodeAt(text: string, path: JSONPath): Node | undefined {
  return findNodeAtLocation(tree(text), path);
}

/** The value's text as written in the file (a string with its quotes, an array with its layout). */
export function rawValue(text: string, path: JSONPath): string | undefined {
  const node = nodeAt(text, path);
  return node === undefined ? undefined : text.slice(node.offset, node.offset + node.length);
}

/** Replaces the value at `path` (which must exist) by `replacement`, text as it is to be written. */
export function replaceRaw(text: string, path: JSONPath, replacement: string): string {
  const node = nodeAt(text, path);
  if (node === undefined) throw new Error(`nothing at ${path.join('.')}`);
  return applyEdits(text, [{ offset: node.offset, length: node.length, content: replacement }]);
}

/** Replaces the value at `path` by `value`, laid out as the value it replaces was. */
export function replaceValue(
  text: string,
  path: JSONPath,
  value: string | string[],
  style: TextStyle,
): string {
  const old = rawValue(text, path);
  const rendered =
    typeof value === 'string' ? JSON.stringify(value) : renderStringArray(value, old ?? '[]', style);
  return replaceRaw(text, path, rendered);
}

/**
 * An array of strings written like `like`: on one line with the same separator (`, ` or `,`), or
 * one item a line with the same indents and the same trailing comma (or none).
 */
export function renderStringArray(items: readonly string[], like: string, style: TextStyle): string {
  const quoted = items.map((item) => JSON.stringify(item));
  const lines = like.split(/\r?\n/);
  if (lines.length < 3 || quoted.length === 0) {
    const separator = /,\s/.test(like) || !/,/.test(like) ? ', ' : ',';
    return `[${quoted.join(separator)}]`;
  }
  const itemIndent = /^\s*/.exec(lines[1] ?? '')?.[0] ?? '';
  const closeIndent = /^\s*/.exec(lines[lines.length - 1] ?? '')?.[0] ?? '';
  const trailingComma = /,\s*(\/\/[^\n]*\s*)?\]$/.test(like);
  return `[${style.eol}${quoted.map((item) => itemIndent + item).join(`,${style.eol}`)}${trailingComma ? ',' : ''}${style.eol}${closeIndent}]`;
}

/**
 * Adds `"key": <value as written>` right after the property `after` of the object at `objectPath`:
 * on the same line when `after` shares its line with the property or brace before it (a one-line
 * entry stays on one line), else on a line of its own with `after`'s indent. The comma that
 * followed `after`, if any, now follows the new property, so a trailing comma stays trailing.
 */
export function insertAfter(
  text: string,
  objectPath: JSONPath,
  after: string,
  key: string,
  written: string,
  style: TextStyle,
): string {
  const property = nodeAt(text, [...objectPath, after])?.parent;
  if (property === undefined) throw new Error(`no "${after}" at ${objectPath.join('.')}`);
  const lineStart = text.lastIndexOf('\n', property.offset) + 1;
  const before = text.slice(lineStart, property.offset);
  const separator = /^\s*$/.test(before) ? `${style.eol}${before}` : ' ';
  const end = property.offset + property.length;
  return applyEdits(text, [
    { offset: end, length: 0, content: `,${separator}${JSON.stringify(key)}: ${written}` },
  ]);
}

/**
 * Removes the property `key` when it directly follows `after` (as insertAfter put it), taking the
 * comma and space between them; otherwise as jsonc-parser removes a property.
 */
export function removeAfter(
  text: string,
  objectPath: JSONPath,
  after: string,
  key: string,
  style: TextStyle,
): string {
  const previous = nodeAt(text, [...objectPath, after])?.parent;
  const property = nodeAt(text, [...objectPath, key])?.parent;
  if (property === undefined) return text;
  if (previous !== undefined) {
    const start = previous.offset + previous.length;
    if (/^\s*,\s*$/.test(text.slice(start, property.offset)))
      return applyEdits(text, [
        { offset: start, length: property.offset + property.length - start, content: '' },
      ]);
  }
  return removeProperty(text, [...objectPath, key], style);
}

/** Removes the property at `path`. */
export function removeProperty(text: string, path: JSONPath, style: TextStyle): string {
  const edits = modify(text, path, undefined, {
    formattingOptions: { eol: style.eol, insertSpaces: style.insertSpaces, tabSize: style.tabSize },
  });
  return applyEdits(text, edits);
}
