import { closeSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { parseCollection, type Collection } from '../../shared/collections/format.js';
import { resolveReferences } from '../../shared/collections/references.js';
import type { TargetOptions } from './targetOptions.js';
import { readBoundedText } from '../files/boundedRead.js';
import { openPrivateFile } from '../files/privateFile.js';

/** A collection read from its file, for `test`. Only read: a run never writes the file. */
export interface LoadedCollection {
  path: string;
  collection: Collection;
  /** The JUnit suite's and the summary's name: the collection's `name`, else the file's. */
  suite: string;
}

/** Reads and checks a collection file; the problem, in words with line and column, as `error`. */
export function loadCollectionFile(path: string): LoadedCollection | { error: string } {
  const read = readBoundedText(path);
  if ('error' in read)
    return {
      error:
        read.code === 'ENOENT'
          ? `no collection file ${path} (save calls to it from the page, or name another: mcp-inspect test FILE)`
          : read.error,
    };
  const parsed = parseCollection(read.text);
  if ('error' in parsed) return { error: `${path}: ${parsed.error}` };
  return { path, collection: parsed.collection, suite: parsed.collection.name ?? basename(path) };
}

/**
 * The collection's target as the verbs' target options, its `${env:NAME}` placeholders filled
 * from the environment; a stdio command runs in the collection file's folder unless it names
 * another (relative to that folder), so a committed file runs the same from anywhere. The
 * command line's own -e, --header and --era go on top.
 */
export function collectionTargetOptions(
  loaded: LoadedCollection,
  options: TargetOptions,
  env: NodeJS.ProcessEnv,
): { options: TargetOptions; command?: string; args: string[] } | { error: string } {
  const target = loaded.collection.target;
  if (!target) return { options, args: [] };
  const resolved = resolveReferences(target, { env: (name) => env[name], results: new Map(), earlier: [] });
  if ('error' in resolved) return { error: `${loaded.path}: target: ${resolved.error}` };
  const t = resolved.value;
  const folder = dirname(resolve(loaded.path));
  return {
    options: {
      ...options,
      ...(t.url === undefined ? {} : { url: t.url }),
      ...(t.transport === undefined ? {} : { transport: t.transport }),
      header: [
        ...Object.entries(t.headers ?? {}).map(([key, value]) => `${key}: ${value}`),
        ...options.header,
      ],
      env: [...Object.entries(t.env ?? {}).map(([key, value]) => `${key}=${value}`), ...options.env],
      ...(t.command === undefined ? {} : { cwd: options.cwd ?? resolve(folder, t.cwd ?? '.') }),
      ...(options.era === undefined && t.era !== undefined ? { era: t.era } : {}),
    },
    ...(t.command === undefined ? {} : { command: t.command }),
    args: t.args ?? [],
  };
}

export type ReporterKind = 'junit' | 'json' | 'tap';

/** `--reporter junit=PATH`, `json=PATH`, `tap` (stdout) or `tap=PATH`: its file opened now. */
export interface Reporter {
  kind: ReporterKind;
  path?: string;
  fd?: number;
}

export function parseReporters(values: readonly string[]): Reporter[] | { error: string } {
  const reporters: Reporter[] = [];
  for (const value of values) {
    const [kind = '', path] = value.split(/=(.*)/s, 2);
    if (kind !== 'junit' && kind !== 'json' && kind !== 'tap')
      return { error: `--reporter ${value}: expected junit=PATH, json=PATH, tap or tap=PATH` };
    if (path === undefined && kind !== 'tap')
      return { error: `--reporter ${kind} takes a file: ${kind}=PATH` };
    if (path === '') return { error: `--reporter ${value}: the file's path is empty` };
    if (path === undefined && reporters.some((reporter) => reporter.kind === 'tap' && !reporter.path))
      return { error: '--reporter tap is given twice' };
    reporters.push(path === undefined ? { kind } : { kind, path });
  }
  return reporters;
}

/** Opens the reporters' files (owner-only) before anything runs: a path that cannot be written fails first. */
export function openReporters(reporters: Reporter[]): { error: string } | undefined {
  for (const reporter of reporters) {
    if (reporter.path === undefined) continue;
    try {
      reporter.fd = openPrivateFile(reporter.path);
    } catch (error) {
      for (const opened of reporters) if (opened.fd !== undefined) closeSync(opened.fd);
      return {
        error: `--reporter ${reporter.kind}: cannot write ${reporter.path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      };
    }
  }
  return undefined;
}
