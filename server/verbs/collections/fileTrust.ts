import { dirname, resolve } from 'node:path';
import type { CollectionTarget } from '../../../shared/collections/format.js';
import { envNamesIn } from '../../../shared/collections/references.js';
import { maskUrl } from '../../../shared/urlSecrets.js';
import type { LoadedCollection } from '../../session/collectionFile.js';

/**
 * What the person said of a collection file on the command line: `--trust-file` (run what it
 * names, with every variable it asks for), or `--allow-env NAME` (give that variable only).
 */
export interface FileTrust {
  trustFile: boolean;
  allowEnv: readonly string[];
}

/**
 * A collection file is trusted input: its `target` is a command the verb runs (or a URL it
 * sends to), and its `${env:NAME}` placeholders choose which of your environment variables go
 * there. A file from a cloned repository or a pull request can name `sh -c …` and
 * `${env:AWS_SECRET_ACCESS_KEY}`. So a file that names a server AND asks for environment values
 * runs only when the person says so, and the server it names is said before it starts.
 */
export function untrustedFileRefusal(loaded: LoadedCollection, trust: FileTrust): string | undefined {
  const target = loaded.collection.target;
  if (target === undefined || (target.command === undefined && target.url === undefined)) return undefined;
  if (trust.trustFile) return undefined;
  const asked = envNamesIn(loaded.collection);
  const notAllowed = asked.filter((name) => !trust.allowEnv.includes(name));
  if (notAllowed.length === 0) return undefined;
  return `${loaded.path} names a server (${serverOf(loaded.path, target)}) and asks for the environment variable${notAllowed.length === 1 ? '' : 's'} ${notAllowed.join(', ')}: a collection file runs with your environment only if you trust it, so add --trust-file, or --allow-env NAME for each variable to give`;
}

/** The line said on stderr before the verb runs the server a file names. */
export function fileServerLine(path: string, target: CollectionTarget): string {
  return `the server ${path} names: ${serverOf(path, target)}`;
}

/** A command line (and the folder it runs in) or a URL, placeholders as written, never their values. */
function serverOf(path: string, target: CollectionTarget): string {
  if (target.command === undefined) return maskUrl(target.url ?? '');
  const folder = resolve(dirname(resolve(path)), target.cwd ?? '.');
  return `${[target.command, ...(target.args ?? [])].join(' ')} (in ${folder})`;
}
