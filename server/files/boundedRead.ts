import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { nestingTooDeep } from '../../shared/jsonNesting.js';
import { MAX_DEPTH } from '../../shared/jsonText.js';

/**
 * What mcp-inspect reads of any one file it is given (a recording, a snapshot, a collection, a
 * lint config, a client config, `--args @file`): far more than a person or a session writes, and
 * far less than would stall or crash the process. A recording of a long session is some
 * megabytes; a snapshot of a large server, one or two.
 */
export const FILE_LIMITS = {
  /** Bytes read at most; a longer file (or /dev/zero, or a pipe that never ends) is refused. */
  bytes: 256 * 1024 * 1024,
  /** Lines (JSON Lines records) at most. */
  lines: 2_000_000,
  /** Arrays and objects open at once, as the JSON reader takes them. */
  depth: MAX_DEPTH,
} as const;

export type FileLimits = { [K in keyof typeof FILE_LIMITS]: number };

/** The text of a file, or why it was not read: `code` is the system's (ENOENT…) when it could not be. */
export type BoundedRead = { text: string } | { error: string; code?: string };

/**
 * Reads a file a person pointed mcp-inspect at, held to FILE_LIMITS: its size (read with a cap,
 * so a device or a pipe cannot make it read for ever), its lines, and the nesting of the JSON in
 * it. A file over a limit is refused with one line saying which and where; nothing after the
 * reader ever sees it, so no parser or walk over it can run out of stack or memory.
 */
export function readBoundedText(path: string, limits: FileLimits = FILE_LIMITS): BoundedRead {
  let bytes: Buffer;
  try {
    bytes = readCapped(path, limits.bytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { error: `cannot read ${path}: ${code ?? (error as Error).message}`, ...(code ? { code } : {}) };
  }
  if (bytes.length > limits.bytes)
    return { error: `${path} is larger than the ${describeBytes(limits.bytes)} mcp-inspect reads of a file` };
  const text = bytes.toString('utf8');
  if (countLines(text, limits.lines) > limits.lines)
    return {
      error: `${path} has more lines than the ${limits.lines.toLocaleString('en')} mcp-inspect reads of a file`,
    };
  const deep = nestingTooDeep(text, limits.depth);
  if (deep)
    return {
      error: `${path}: line ${deep.line}: nested deeper than the ${limits.depth} levels of arrays and objects mcp-inspect reads`,
    };
  return { text };
}

/** Up to `cap + 1` bytes: one more than allowed tells a file over the cap without reading it all. */
function readCapped(path: string, cap: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    // A file that says its size is refused unread; a device or a pipe is read up to the cap.
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > cap) return Buffer.alloc(cap + 1);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, cap + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      if (total > cap) break;
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Counts lines up to one past `max`, then stops; a final newline ends the last line, it starts none. */
function countLines(text: string, max: number): number {
  let lines = 0;
  for (let start = 0; start < text.length && lines <= max;) {
    lines += 1;
    const end = text.indexOf('\n', start);
    if (end === -1) break;
    start = end + 1;
  }
  return lines;
}

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
