import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { FileRefusal, readPlainFile, writeFileAtomic } from './atomicWrite.js';
import { stateFolder } from '../proxy/stateFolder.js';
import { currentPlace, type PlaceContext } from './hostLocations.js';

/**
 * What a wrap keeps of a config file, in the user's state folder: the file's bytes before the
 * wrap (the backup: unwrap restores them byte for byte when nothing else changed), a hash of what
 * the wrap wrote (to know whether anything did change), and per wrapped entry what it was, as
 * written (so an entry put back reads as it did), and for a URL entry the proxy's port. It holds
 * what the config holds (env values, headers): 0600, in a 0700 folder.
 */
export interface WrapRecord {
  format: 'mcp-inspect-wrap';
  version: 1;
  config: string;
  /** The file before it was wrapped, base64. */
  original: string;
  /** sha256 (hex) of the bytes the last wrap or unwrap wrote. */
  written: string;
  entries: Record<string, RecordEntry>;
}

export type RecordEntry =
  | {
      kind: 'stdio';
      /** `command` and `args` as the file had them, text as written; `args` absent if it was. */
      commandRaw: string;
      argsRaw?: string;
    }
  | {
      kind: 'url';
      urlKey: 'url' | 'serverUrl';
      urlRaw: string;
      url: string;
      localUrl: string;
      port: number;
    };

/** The user's state folder for mcp-inspect on this OS (the one the proxy's captures use too). */
export function stateDir(place: PlaceContext = currentPlace()): string {
  return stateFolder(place.env, place);
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Where the record of one config file is: named by a hash of the file's absolute path. */
export function recordPath(configPath: string, place?: PlaceContext): string {
  const name = createHash('sha256').update(path.resolve(configPath)).digest('hex').slice(0, 32);
  return path.join(stateDir(place), 'wraps', `${name}.json`);
}

export function readRecord(configPath: string, place?: PlaceContext): WrapRecord | undefined {
  const file = recordPath(configPath, place);
  let bytes: Buffer;
  try {
    bytes = readPlainFile(file).bytes;
  } catch (error) {
    if (error instanceof FileRefusal && error.message.startsWith('no such file')) return undefined;
    throw error;
  }
  let record: unknown;
  try {
    record = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new FileRefusal(`the wrap record ${file} is not JSON: move it away to wrap or unwrap without it`);
  }
  if (!isRecord(record) || record.config !== path.resolve(configPath))
    throw new FileRefusal(`the wrap record ${file} is not one mcp-inspect wrote for this file: move it away`);
  return record;
}

export function writeRecord(record: WrapRecord, place?: PlaceContext): string {
  const file = recordPath(record.config, place);
  const folder = path.dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (lstatSync(folder).isSymbolicLink())
    throw new FileRefusal(`${folder} is a symbolic link: not writing the backup through it`);
  writeFileAtomic(file, Buffer.from(`${JSON.stringify(record, null, 2)}\n`), { mode: 0o600 });
  return file;
}

export function removeRecord(configPath: string, place?: PlaceContext): void {
  try {
    unlinkSync(recordPath(configPath, place));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function isRecord(value: unknown): value is WrapRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<WrapRecord>;
  return (
    record.format === 'mcp-inspect-wrap' &&
    record.version === 1 &&
    typeof record.config === 'string' &&
    typeof record.original === 'string' &&
    typeof record.written === 'string' &&
    typeof record.entries === 'object' &&
    record.entries !== null
  );
}
