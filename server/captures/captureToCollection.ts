import { readFileSync, writeFileSync } from 'node:fs';
import { collectionText, type Collection } from '../../shared/collections/format.js';
import { itemsFromCapture } from '../../shared/collections/fromCapture.js';
import { describeSecretArguments } from '../../shared/collections/secretArguments.js';

/** A capture file the CLI reads whole at most (the proxy bounds them at 64 MB). */
const MAX_CAPTURE_BYTES = 80 * 1024 * 1024;

/**
 * `captures export <id> --collection <file>`: the host's calls as a new collection file (0600,
 * never written over one that is there). It names no server: the capture's command line is
 * masked, so `mcp-inspect test <file> -- <server…>` names it. Resolves with the exit code.
 */
export function exportCollection(source: string, id: string, file: string): number {
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (error) {
    process.stderr.write(
      `cannot export ${id}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`,
    );
    return 1;
  }
  if (text.length > MAX_CAPTURE_BYTES) {
    process.stderr.write(`cannot export ${id}: the capture is over 80 MB\n`);
    return 1;
  }
  const records: unknown[] = [];
  for (const line of text.split('\n')) {
    try {
      records.push(JSON.parse(line));
    } catch {
      // A line cut by a write in flight: the calls before it still count.
    }
  }
  const header = records[0] as { capture?: { server?: unknown } } | undefined;
  const captured = itemsFromCapture(records.slice(1));
  if (captured.items.length === 0) {
    process.stderr.write(
      `${id} holds no tools/call, prompts/get or resources/read of the host: nothing to write\n`,
    );
    return 1;
  }
  const collection: Collection = { formatVersion: 1, name: `captured ${id}`, items: captured.items };
  try {
    writeFileSync(file, collectionText(collection), {
      mode: 0o600,
      // Never over a file that is there: a collection is not overwritten by mistake.
      flag: 'wx',
    });
  } catch (error) {
    process.stderr.write(
      `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`,
    );
    return 1;
  }
  const server = typeof header?.capture?.server === 'string' ? header.capture.server : '<server…>';
  const left = Object.entries(captured.leftOut).map(([method, n]) => `${method} ×${n}`);
  process.stderr.write(
    [
      `wrote ${file}: ${captured.items.length} item${captured.items.length === 1 ? '' : 's'}`,
      ...(captured.unanswered > 0
        ? [`${captured.unanswered} never answered in the capture (saved expecting success)`]
        : []),
      ...(left.length > 0 ? [`left out (a collection holds calls, not these): ${left.join(', ')}`] : []),
      ...(describeSecretArguments(captured.secrets)
        ? [describeSecretArguments(captured.secrets) as string]
        : []),
      `run it: mcp-inspect test ${file} -- ${server}`,
    ].join('\n') + '\n',
  );
  return 0;
}
