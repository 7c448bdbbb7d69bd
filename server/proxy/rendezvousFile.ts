import {
  chmodSync,
  lstatSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { join } from 'node:path';
import { stateFolder } from './stateFolder.js';

/**
 * The per-user rendezvous between proxies and a page: the collector (in the bridge of a page
 * that shows captured sessions) writes where it listens and its token to a 0600 file in the
 * user's state folder; a proxy reads it to push its capture there. Without the file, or with
 * one that is stale, a proxy captures to its file alone, silently.
 */
export interface Rendezvous {
  version: 1;
  /** The collector's port on 127.0.0.1. */
  port: number;
  /** Sent as `Authorization: Bearer <token>` on every push. */
  token: string;
  /** The process that wrote it. */
  pid: number;
}

export const RENDEZVOUS_FILE = 'rendezvous.json';

export function rendezvousPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(stateFolder(env), RENDEZVOUS_FILE);
}

/** The rendezvous, or undefined when none is usable (absent, not ours alone, not what we wrote). */
export function readRendezvous(path: string = rendezvousPath()): Rendezvous | undefined {
  try {
    const info = lstatSync(path);
    // A link, or a file others may read or write, is not trusted with a token.
    if (!info.isFile() || (process.platform !== 'win32' && (info.mode & 0o077) !== 0)) return undefined;
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) return undefined;
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<Rendezvous>;
    if (value.version !== 1 || !Number.isInteger(value.port) || typeof value.token !== 'string')
      return undefined;
    if ((value.port as number) <= 0 || (value.port as number) > 65535 || value.token.length < 32)
      return undefined;
    return { version: 1, port: value.port as number, token: value.token, pid: Number(value.pid) };
  } catch {
    return undefined;
  }
}

/** Writes the rendezvous (0600, through a temporary file, so a reader never sees half of it). */
export function writeRendezvous(rendezvous: Rendezvous, path: string = rendezvousPath()): void {
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(rendezvous), { mode: 0o600, flag: 'w' });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** Removes the rendezvous if it is still the one with this token (another page may have taken over). */
export function removeRendezvous(token: string, path: string = rendezvousPath()): void {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<Rendezvous>;
    if (value.token === token) unlinkSync(path);
  } catch {
    // Gone already.
  }
}
