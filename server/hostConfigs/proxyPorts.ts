import { createHash } from 'node:crypto';
import { createServer } from 'node:net';

/** The ports a URL entry's proxy is given from: above the usual development ports, below the ephemeral range. */
const FIRST = 20_000;
const SPAN = 12_000;
const TRIES = 64;

/**
 * A port for the proxy of one URL entry that stays the same across wraps of the same entry in the
 * same file (derived from both), moved on to the next one while it is taken or already given to
 * another entry of this wrap. It is recorded with the wrap, and the host's entry names it.
 */
export async function proxyPort(
  configPath: string,
  entryId: string,
  avoid: ReadonlySet<number>,
): Promise<number> {
  const hash = createHash('sha256').update(`${configPath}\0${entryId}`).digest();
  const start = hash.readUInt32BE(0) % SPAN;
  for (let step = 0; step < TRIES; step++) {
    const port = FIRST + ((start + step) % SPAN);
    if (!avoid.has(port) && (await isFree(port))) return port;
  }
  throw new Error(`no free port for the proxy of "${entryId}" near ${FIRST + start}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
