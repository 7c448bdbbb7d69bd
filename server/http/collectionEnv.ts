import { resolve } from 'node:path';
import { envNamesIn, isInspectorVariable } from '../../shared/collections/references.js';
import { describeSecretOwner } from '../../shared/secretBinding.js';
import { originOf } from '../../shared/urlSecrets.js';
import type { TargetInfo } from '../../shared/wire.js';
import type { CollectionState } from './collectionRoutes.js';

/** What the page's run may read of the bridge's environment (see `envValues`). */
export interface CollectionEnv {
  values: Record<string, string>;
  /** Names the file uses that are not set: the items that need them fail, naming them. */
  unset: string[];
  /**
   * Names the person has not confirmed for this file and this server: their values are not
   * given until the page has asked the person (`POST …/env/confirm`).
   */
  unconfirmed: string[];
  /** The server the values go to, in the words the page shows when it asks. */
  server: string;
}

type Refusal = { status: number; error: string };

/**
 * The person's "yes, give VARIABLE to this server" for a collection file, as the page asked it.
 * A name chosen by a server (an argument called `GITHUB_TOKEN`) or by a file (a cloned repo's
 * collection) never takes a value from the bridge's environment on its own: the person confirms
 * each variable once, for this file and this server (its command line and environment names, or
 * its origin), and it is remembered while the bridge runs. Nothing is written: a file could
 * otherwise carry its own confirmation.
 */
export class EnvConsents {
  private readonly given = new Set<string>();

  has(file: string, target: TargetInfo, name: string): boolean {
    return this.given.has(consentKey(file, target, name));
  }

  give(file: string, target: TargetInfo, names: readonly string[]): void {
    for (const name of names) this.given.add(consentKey(file, target, name));
  }
}

/** A server as the confirmation binds it: the same program (and environment names), or the same origin. */
function consentKey(file: string, target: TargetInfo, name: string): string {
  const server =
    target.kind === 'url'
      ? (originOf(target.url) ?? target.url)
      : [target.command, target.args, target.cwd ?? null, [...target.envKeys].sort()];
  return JSON.stringify([resolve(file), server, name]);
}

/** The server in the person's words: a command line (and folder), or an origin. */
export function serverWords(target: TargetInfo): string {
  if (target.kind === 'stdio' && target.demo) return 'the bundled demo server';
  return describeSecretOwner(target);
}

/**
 * Which of `asked` the page may have, or why none: only names the items of the collection file
 * on disk use (not whatever the page sends), never mcp-inspect's own `MCP_INSPECT_*` (the
 * session token among them), and a value only once the person confirmed that name for this file
 * and server; the others are answered as `unconfirmed`, without their value.
 */
function checkAsked(
  state: CollectionState,
  asked: unknown,
  target: TargetInfo | undefined,
): { names: string[]; target: TargetInfo } | Refusal {
  if (!Array.isArray(asked) || !asked.every((name) => typeof name === 'string'))
    return { status: 400, error: 'expected {"names": [ …the environment variables to read… ]}' };
  if (state.error !== undefined)
    return { status: 409, error: `${state.path} does not parse: ${state.error}` };
  if (target === undefined) return { status: 409, error: 'no server is connected to give values to' };
  const own = asked.filter(isInspectorVariable);
  if (own.length > 0)
    return {
      status: 403,
      error: `mcp-inspect never gives out its own variables: ${own.join(', ')}`,
    };
  const used = new Set(envNamesIn(state.collection?.items ?? []));
  const foreign = asked.filter((name) => !used.has(name));
  if (foreign.length > 0)
    return {
      status: 403,
      error: `only the variables the items of ${state.path} use are read; it does not use ${foreign.join(', ')}`,
    };
  return { names: asked as string[], target };
}

/**
 * The values of `${env:NAME}` for a run in the page (see `checkAsked`); the value goes to the
 * page for that one run, never into the file. Behind the token like every /api route.
 */
export function envValues(
  state: CollectionState,
  asked: unknown,
  target: TargetInfo | undefined,
  consents: EnvConsents,
  env: NodeJS.ProcessEnv,
): CollectionEnv | Refusal {
  const checked = checkAsked(state, asked, target);
  if ('error' in checked) return checked;
  const values: Record<string, string> = {};
  const unset: string[] = [];
  const unconfirmed: string[] = [];
  for (const name of checked.names) {
    const value = env[name];
    if (value === undefined) unset.push(name);
    else if (!consents.has(state.path, checked.target, name)) unconfirmed.push(name);
    else values[name] = value;
  }
  return { values, unset, unconfirmed, server: serverWords(checked.target) };
}

/**
 * The person's confirmation, sent by the page once the person said yes to the names and the
 * server it showed. `server` is what the page showed: if the bridge now inspects another one, the
 * confirmation is not taken (409), so a yes never lands on a server the person did not see.
 */
export function confirmEnv(
  state: CollectionState,
  body: { names?: unknown; server?: unknown } | undefined,
  target: TargetInfo | undefined,
  consents: EnvConsents,
): { confirmed: string[]; server: string } | Refusal {
  const checked = checkAsked(state, body?.names, target);
  if ('error' in checked) return checked;
  const server = serverWords(checked.target);
  if (body?.server !== server)
    return {
      status: 409,
      error: `the server is now ${server}: confirm the variables for it`,
    };
  consents.give(state.path, checked.target, checked.names);
  return { confirmed: checked.names, server };
}
