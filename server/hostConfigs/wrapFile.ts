import { FileRefusal, readPlainFile, writeFileAtomic } from './atomicWrite.js';
import { maskConfigText } from './displayMask.js';
import { readHostConfig, type HostConfig, type HostServer } from './hostConfigReader.js';
import { detectStyle } from './jsoncEdits.js';
import type { ConfigForm, HostId, PlaceContext } from './hostLocations.js';
import type { ProxyLauncher } from './proxyEntry.js';
import { proxyPort } from './proxyPorts.js';
import { unifiedDiff } from './unifiedDiff.js';
import { isWrapped, unwrapEntry, wrapStdio, wrapUrl } from './wrapEdits.js';
import {
  readRecord,
  recordPath,
  removeRecord,
  sha256,
  writeRecord,
  type RecordEntry,
  type WrapRecord,
} from './wrapRecords.js';

/**
 * wrap and unwrap on a file: read it, choose the entries, change them, show the change (masked),
 * keep the backup, write atomically. The command line (verbs/configVerbs.ts) and, later, the page's
 * route call these and say the report their own way.
 */

export interface FileRequest {
  /** The config file, absolute. */
  config: string;
  /** `--server` names (ids), or every server with `all`; neither: see chooseServers. */
  servers: string[];
  all: boolean;
  dryRun: boolean;
  place?: PlaceContext;
}

export interface ChangedEntry {
  id: string;
  kind: 'stdio' | 'url';
  /** URL entries: the original URL (the caller masks it to show it), the proxy's port and address. */
  url?: string;
  port?: number;
  localUrl?: string;
}

export interface FileReport {
  config: string;
  host: HostId | undefined;
  form: ConfigForm;
  changed: ChangedEntry[];
  skipped: { id: string; why: string }[];
  /** The change as a unified diff, secrets masked; empty when nothing changed. */
  diff: string;
  written: boolean;
  /** Where the backup and what the wrap did are kept. */
  record: string;
  /** unwrap: the file was put back as it was, byte for byte. */
  restored?: boolean;
  /** unwrap: the file changed since the wrap, and those changes were kept. */
  changedSinceWrap?: boolean;
  /** unwrap: there was no record; stdio entries were put back from their own args. */
  noRecord?: boolean;
}

/** A request that cannot be done: said to the person, nothing written (exit 1). */
export class WrapRefusal extends Error {
  constructor(
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
  }
}

interface LoadedFile {
  bytes: Buffer;
  mode: number;
  bom: string;
  text: string;
  config: HostConfig;
}

const BOM = '\ufeff';

function load(file: string): LoadedFile {
  let read;
  try {
    read = readPlainFile(file);
  } catch (error) {
    if (error instanceof FileRefusal) throw new WrapRefusal(error.message);
    throw error;
  }
  const decoded = read.bytes.toString('utf8');
  // Text that is not UTF-8 would not survive the round trip: refused rather than changed elsewhere.
  if (!Buffer.from(decoded, 'utf8').equals(read.bytes))
    throw new WrapRefusal(`${file} is not UTF-8 text: nothing written`);
  const bom = decoded.startsWith(BOM) ? BOM : '';
  const text = decoded.slice(bom.length);
  const parsed = readHostConfig(text, file);
  if ('error' in parsed) throw new WrapRefusal(`${file} is not valid JSON: ${parsed.error}; nothing written`);
  return { bytes: read.bytes, mode: read.mode, bom, text, config: parsed.config };
}

/**
 * The entries a request names. `--server` takes an id (`name`, or `name@<project>` for a Claude
 * Code project's server) or a name that only one entry has. With neither `--server` nor `--all`,
 * wrap takes the file's only server, and unwrap every wrapped one.
 */
function chooseServers(
  file: string,
  config: HostConfig,
  request: FileRequest,
  verb: 'wrap' | 'unwrap',
): HostServer[] {
  const ids = config.servers.map((server) => server.id);
  const has = ids.length > 0 ? `${file} has: ${ids.join(', ')}` : `${file} has no servers`;
  if (request.all && request.servers.length > 0) throw new WrapRefusal('give --server or --all, not both');
  if (request.all || (request.servers.length === 0 && verb === 'unwrap')) return config.servers;
  if (request.servers.length === 0) {
    if (config.servers.length === 1) return config.servers;
    if (config.servers.length === 0) throw new WrapRefusal(has);
    throw new WrapRefusal(`several servers: choose with --server NAME (repeatable) or --all`, [has]);
  }
  const chosen: HostServer[] = [];
  for (const wanted of request.servers) {
    const exact = config.servers.filter((server) => server.id === wanted);
    const named = exact.length > 0 ? exact : config.servers.filter((server) => server.name === wanted);
    if (named.length === 0) {
      const unreadable = config.unreadable.find(
        (entry) => entry.id === wanted || entry.id.startsWith(`${wanted}@`),
      );
      if (unreadable) throw new WrapRefusal(`server "${wanted}" cannot be read: ${unreadable.why}`);
      throw new WrapRefusal(`no server named "${wanted}"`, [has]);
    }
    if (named.length > 1)
      throw new WrapRefusal(`"${wanted}" is in several places: say which`, [
        `one of: ${named.map((server) => server.id).join(', ')}`,
      ]);
    if (!chosen.includes(named[0] as HostServer)) chosen.push(named[0] as HostServer);
  }
  return chosen;
}

function diffOf(file: string, before: string, after: string): string {
  return unifiedDiff(maskConfigText(before), maskConfigText(after), file, file);
}

/** Every entry of `entries` still wrapped in `text`, put back: the file as it would be unwrapped. */
function unwrapAll(text: string, file: string, entries: Record<string, RecordEntry>): string {
  const parsed = readHostConfig(text, file);
  if ('error' in parsed) return text;
  const style = detectStyle(text);
  let next = text;
  for (const server of parsed.config.servers) {
    if (!(server.id in entries) || !isWrapped(server, entries)) continue;
    const done = unwrapEntry(next, server, entries[server.id], style);
    if ('text' in done) next = done.text;
  }
  return next;
}

function readRecordOrRefuse(file: string, place?: PlaceContext): WrapRecord | undefined {
  try {
    return readRecord(file, place);
  } catch (error) {
    if (error instanceof FileRefusal) throw new WrapRefusal(error.message);
    throw error;
  }
}

function writeOrRefuse(write: () => void): void {
  try {
    write();
  } catch (error) {
    if (error instanceof FileRefusal) throw new WrapRefusal(error.message);
    throw error;
  }
}

/** What wrap and unwrap both start from: the file read, its wrap record, and an empty report. */
function begin(request: FileRequest) {
  const file = request.config;
  const loaded = load(file);
  const record = readRecordOrRefuse(file, request.place);
  const report: FileReport = {
    config: file,
    host: loaded.config.host,
    form: loaded.config.form,
    changed: [],
    skipped: [],
    diff: '',
    written: false,
    record: recordPath(file, request.place),
  };
  return { file, loaded, record, recorded: record?.entries ?? {}, style: detectStyle(loaded.text), report };
}

export async function wrapFile(request: FileRequest, launcher: ProxyLauncher): Promise<FileReport> {
  const { file, loaded, record: before, recorded, style, report } = begin(request);
  const taken = new Set(
    Object.values(recorded).flatMap((entry) => (entry.kind === 'url' ? [entry.port] : [])),
  );
  const entries: Record<string, RecordEntry> = {};
  let text = loaded.text;
  for (const server of chooseServers(file, loaded.config, request, 'wrap')) {
    if (isWrapped(server, recorded)) {
      report.skipped.push({ id: server.id, why: 'it already runs through the proxy' });
      continue;
    }
    if (server.kind === 'url' && /\$\{/.test(server.url ?? '')) {
      // `${VAR}` in a URL is the host's to expand (Claude Code, Cursor, VS Code's ${input:…}): the
      // proxy could not know what it stands for.
      report.skipped.push({
        id: server.id,
        why: 'its URL holds a ${…} variable that only the host expands: write the URL out to wrap it',
      });
      continue;
    }
    if (server.kind === 'stdio') {
      const done = wrapStdio(text, server, launcher, style);
      text = done.text;
      entries[server.id] = done.entry;
      report.changed.push({ id: server.id, kind: 'stdio' });
    } else {
      const port = await proxyPort(file, server.id, taken);
      taken.add(port);
      const done = wrapUrl(text, server, port, style);
      text = done.text;
      entries[server.id] = done.entry;
      if (done.entry.kind === 'url')
        report.changed.push({
          id: server.id,
          kind: 'url',
          url: done.entry.url,
          port,
          localUrl: done.entry.localUrl,
        });
    }
  }
  report.diff = diffOf(file, loaded.text, text);
  if (report.changed.length === 0 || request.dryRun) return report;
  const bytes = Buffer.from(loaded.bom + text, 'utf8');
  // The backup: the file before the first wrap, while nothing else changed it since; otherwise
  // the file as it now is with the earlier wraps undone, so that restoring it keeps those changes.
  const unchanged = before !== undefined && sha256(loaded.bytes) === before.written;
  const original = unchanged
    ? before.original
    : Buffer.from(loaded.bom + unwrapAll(loaded.text, file, recorded), 'utf8').toString('base64');
  const stillWrapped = Object.fromEntries(
    loaded.config.servers
      .filter((server) => isWrapped(server, recorded) && recorded[server.id])
      .map((server) => [server.id, recorded[server.id] as RecordEntry]),
  );
  const record: WrapRecord = {
    format: 'mcp-inspect-wrap',
    version: 1,
    config: file,
    original,
    written: sha256(bytes),
    entries: { ...stillWrapped, ...entries },
  };
  writeOrRefuse(() => writeRecord(record, request.place));
  try {
    writeOrRefuse(() => writeFileAtomic(file, bytes, { mode: loaded.mode, expected: loaded.bytes }));
  } catch (error) {
    // The config was not changed: the record goes back to what it was.
    if (before) writeRecord(before, request.place);
    else removeRecord(file, request.place);
    throw error;
  }
  report.written = true;
  return report;
}

export function unwrapFile(request: FileRequest): FileReport {
  const { file, loaded, record, recorded, style, report } = begin(request);
  if (record === undefined) report.noRecord = true;
  const chosen = chooseServers(file, loaded.config, request, 'unwrap');
  const wrapped = chosen.filter((server) => isWrapped(server, recorded));
  for (const server of chosen) {
    if (wrapped.includes(server)) continue;
    // Named on purpose, or a URL entry whose record is gone: worth a word. Under --all, the rest is quiet.
    if (request.servers.length > 0 || server.kind === 'url')
      report.skipped.push({
        id: server.id,
        why:
          server.kind === 'url' && record === undefined && /^http:\/\/127\.0\.0\.1:\d+/.test(server.url ?? '')
            ? 'no wrap record says what its URL was (the backup is gone?): left as it is'
            : 'it is not wrapped',
      });
  }
  const unchanged = record !== undefined && sha256(loaded.bytes) === record.written;
  const everyWrapped = loaded.config.servers.filter((server) => isWrapped(server, recorded));
  let bytes: Buffer;
  let text: string;
  // Byte for byte only when nothing but the wrap changed the file, all of it is undone, and every
  // wrapped entry is one the wrap made (one wrapped by hand is in the original too).
  const restorable =
    unchanged &&
    wrapped.length > 0 &&
    everyWrapped.every((server) => wrapped.includes(server) && server.id in recorded);
  if (restorable) {
    bytes = Buffer.from(record.original, 'base64');
    text = bytes.toString('utf8').replace(/^\ufeff/, '');
    report.restored = true;
    for (const server of wrapped) report.changed.push(changedEntry(server, recorded));
  } else {
    text = loaded.text;
    for (const server of wrapped) {
      const done = unwrapEntry(text, server, recorded[server.id], style);
      if ('why' in done) {
        report.skipped.push({ id: server.id, why: done.why });
        continue;
      }
      text = done.text;
      report.changed.push(changedEntry(server, recorded));
    }
    bytes = Buffer.from(loaded.bom + text, 'utf8');
    if (record !== undefined && !unchanged && report.changed.length > 0) report.changedSinceWrap = true;
  }
  report.diff = diffOf(file, loaded.text, text);
  if (report.changed.length === 0 || request.dryRun) return report;
  writeOrRefuse(() => writeFileAtomic(file, bytes, { mode: loaded.mode, expected: loaded.bytes }));
  report.written = true;
  if (record === undefined) return report;
  const done = new Set(report.changed.map((entry) => entry.id));
  const remaining = Object.fromEntries(Object.entries(recorded).filter(([id]) => !done.has(id)));
  const reread = readHostConfig(text, file);
  const left =
    'config' in reread
      ? Object.fromEntries(
          reread.config.servers
            .filter((server) => server.id in remaining && isWrapped(server, remaining))
            .map((server) => [server.id, remaining[server.id] as RecordEntry]),
        )
      : {};
  if (Object.keys(left).length === 0) {
    removeRecord(file, request.place);
    return report;
  }
  writeOrRefuse(() =>
    writeRecord(
      {
        ...record,
        original: unchanged
          ? record.original
          : Buffer.from(loaded.bom + unwrapAll(text, file, left), 'utf8').toString('base64'),
        written: sha256(bytes),
        entries: left,
      },
      request.place,
    ),
  );
  return report;
}

function changedEntry(server: HostServer, recorded: Record<string, RecordEntry>): ChangedEntry {
  const entry = recorded[server.id];
  if (server.kind === 'url' && entry?.kind === 'url')
    return { id: server.id, kind: 'url', url: entry.url, port: entry.port, localUrl: entry.localUrl };
  return { id: server.id, kind: server.kind };
}

/** A file's servers as a list to choose from: each entry with whether it runs through the proxy. */
export interface ListedServers {
  config: string;
  host: HostId | undefined;
  servers: { server: HostServer; wrapped: boolean }[];
  unreadable: { id: string; why: string }[];
}

export function listServers(file: string, place?: PlaceContext): ListedServers {
  const loaded = load(file);
  const recorded = readRecordOrRefuse(file, place)?.entries ?? {};
  return {
    config: file,
    host: loaded.config.host,
    servers: loaded.config.servers.map((server) => ({ server, wrapped: isWrapped(server, recorded) })),
    unreadable: loaded.config.unreadable,
  };
}
