import { isDeepStrictEqual } from 'node:util';
import { parse, type ParseError } from 'jsonc-parser';
import type { HostServer } from './hostConfigReader.js';
import {
  insertAfter,
  rawValue,
  removeAfter,
  renderStringArray,
  replaceRaw,
  replaceValue,
  type TextStyle,
} from './jsoncEdits.js';
import { localProxyUrl, unwrappedCommand, wrappedArgs, type ProxyLauncher } from './proxyEntry.js';
import type { RecordEntry } from './wrapRecords.js';

/**
 * The text changes of wrap and unwrap, entry by entry, apart from files and records: a stdio
 * entry's `command` and `args` become the proxy's command line (env, cwd and the rest stay as
 * they are: the host gives them to the proxy, which gives them to the server); a URL entry's URL
 * becomes the local proxy's.
 */

/** Whether an entry already runs through the proxy. */
export function isWrapped(server: HostServer, recorded: Record<string, RecordEntry>): boolean {
  if (server.kind === 'stdio') return unwrappedCommand(server.command ?? '', server.args) !== undefined;
  const entry = recorded[server.id];
  return entry?.kind === 'url' && entry.localUrl === server.url;
}

export interface Wrapped {
  text: string;
  entry: RecordEntry;
}

export function wrapStdio(
  text: string,
  server: HostServer,
  launcher: ProxyLauncher,
  style: TextStyle,
): Wrapped {
  const commandPath = [...server.path, 'command'];
  const argsPath = [...server.path, 'args'];
  const commandRaw = rawValue(text, commandPath) as string;
  const argsRaw = rawValue(text, argsPath);
  const args = wrappedArgs(launcher, server.command ?? '', server.args);
  let next = replaceValue(text, commandPath, launcher.command, style);
  next =
    argsRaw === undefined
      ? insertAfter(next, server.path, 'command', 'args', renderStringArray(args, '[]', style), style)
      : replaceValue(next, argsPath, args, style);
  return { text: next, entry: { kind: 'stdio', commandRaw, ...(argsRaw === undefined ? {} : { argsRaw }) } };
}

export function wrapUrl(text: string, server: HostServer, port: number, style: TextStyle): Wrapped {
  const urlKey = server.urlKey ?? 'url';
  const urlPath = [...server.path, urlKey];
  const urlRaw = rawValue(text, urlPath) as string;
  const url = server.url ?? '';
  const localUrl = localProxyUrl(url, port);
  return {
    text: replaceValue(text, urlPath, localUrl, style),
    entry: { kind: 'url', urlKey, urlRaw, url, localUrl, port },
  };
}

export type Unwrapped = { text: string } | { why: string };

/**
 * Puts one wrapped entry back. A stdio entry's original is what follows `--` in its args (so it
 * needs no record, and an edit the person made there is kept); when the record has the entry's
 * values as they were written and they say the same, they are put back as written, byte for byte.
 * A URL entry needs its record: the original URL is nowhere else.
 */
export function unwrapEntry(
  text: string,
  server: HostServer,
  recorded: RecordEntry | undefined,
  style: TextStyle,
): Unwrapped {
  if (server.kind === 'url') {
    if (recorded?.kind !== 'url' || recorded.localUrl !== server.url)
      return {
        why: 'its original URL is in no wrap record (was it wrapped by hand, or the record removed?)',
      };
    return { text: replaceRaw(text, [...server.path, recorded.urlKey], recorded.urlRaw) };
  }
  const original = unwrappedCommand(server.command ?? '', server.args);
  if (original === undefined) return { why: 'it is not wrapped' };
  const asWritten = recorded?.kind === 'stdio' ? recorded : undefined;
  const commandPath = [...server.path, 'command'];
  const argsPath = [...server.path, 'args'];
  let next =
    asWritten && parsesTo(asWritten.commandRaw, original.command)
      ? replaceRaw(text, commandPath, asWritten.commandRaw)
      : replaceValue(text, commandPath, original.command, style);
  if (asWritten && asWritten.argsRaw === undefined && original.args.length === 0)
    next = removeAfter(next, server.path, 'command', 'args', style);
  else if (asWritten?.argsRaw !== undefined && parsesTo(asWritten.argsRaw, original.args))
    next = replaceRaw(next, argsPath, asWritten.argsRaw);
  else next = replaceValue(next, argsPath, original.args, style);
  return { text: next };
}

/** Whether a value as written (comments and a trailing comma allowed) reads as `value`. */
function parsesTo(raw: string, value: unknown): boolean {
  const errors: ParseError[] = [];
  const read: unknown = parse(raw, errors, { allowTrailingComma: true, disallowComments: false });
  return errors.length === 0 && isDeepStrictEqual(read, value);
}
