/**
 * iconv-lite's decoding calls, over Node's own TextDecoder (every WHATWG encoding). The CLI's
 * build (scripts/build-server.mjs) puts this in place of iconv-lite, which body-parser and
 * raw-body require only to decode request bodies: iconv-lite's own tables are 548 KB of the
 * 2.9 MB of script Node compiled before the CLI printed its link, and the bridge's bodies are
 * JSON from its own page (UTF-8). What they call is all here: `encodingExists`, `decode`,
 * `getDecoder` (write/end), and the "Encoding not recognized" error raw-body recognises.
 * server/http/textDecoding.test.ts holds it to iconv-lite's answers.
 */

interface StreamDecoder {
  write(chunk: Uint8Array): string;
  end(): string | undefined;
}

function textDecoder(encoding: string): InstanceType<typeof TextDecoder> {
  try {
    // As iconv-lite, a byte order mark is dropped.
    return new TextDecoder(encoding);
  } catch {
    throw new Error(`Encoding not recognized: '${encoding}'`);
  }
}

export function encodingExists(encoding: string): boolean {
  try {
    textDecoder(encoding);
    return true;
  } catch {
    return false;
  }
}

export function getDecoder(encoding: string): StreamDecoder {
  const decoder = textDecoder(encoding);
  return {
    write: (chunk) => decoder.decode(chunk, { stream: true }),
    end: () => decoder.decode() || undefined,
  };
}

export function decode(bytes: Uint8Array, encoding: string): string {
  const decoder = getDecoder(encoding);
  return decoder.write(bytes) + (decoder.end() ?? '');
}

export default { encodingExists, getDecoder, decode };
