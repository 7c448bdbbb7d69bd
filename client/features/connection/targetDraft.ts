import {
  describeSecretOwner,
  keptSecretsRefusal,
  sameSecretOwner,
  type SecretOwner,
} from '../../../shared/secretBinding';
import { parseServerConfig, toServerConfig } from '../../../shared/serverEntry';
import { maskUrl } from '../../../shared/urlSecrets';
import { timeoutProblem, type UrlTimeouts } from '../../../shared/urlTimeouts';
import type { EraChoice, TargetInfo, TargetRequest } from '../../../shared/wire';
import { joinArgs, splitArgs } from './argsText';

/** A name/value pair whose value is secret. `kept`: the bridge holds a value the page never saw. */
export interface SecretRow {
  name: string;
  value: string;
  kept: boolean;
}

/** What the connection form holds; both kinds' fields, so switching kind loses nothing. */
export interface TargetDraft {
  kind: 'stdio' | 'url';
  command: string;
  args: string;
  cwd: string;
  env: SecretRow[];
  url: string;
  transport: 'auto' | 'streamable-http' | 'sse';
  headers: SecretRow[];
  /** A URL target's timeouts in seconds, as typed; empty: the default. */
  connectTimeout: string;
  requestTimeout: string;
  /** The protocol era to negotiate, for either kind. */
  era: EraChoice;
}

export const EMPTY_DRAFT: TargetDraft = {
  kind: 'stdio',
  command: '',
  args: '',
  cwd: '',
  env: [],
  url: '',
  transport: 'auto',
  headers: [],
  connectTimeout: '',
  requestTimeout: '',
  era: 'auto',
};

/** Timeouts as the form shows them. */
function timeoutFields(
  timeouts: UrlTimeouts | undefined,
): Pick<TargetDraft, 'connectTimeout' | 'requestTimeout'> {
  return {
    connectTimeout: timeouts?.connect === undefined ? '' : String(timeouts.connect),
    requestTimeout: timeouts?.request === undefined ? '' : String(timeouts.request),
  };
}

/** The current target as a draft: names of secrets, values left with the bridge. */
export function draftFromInfo(info: TargetInfo): TargetDraft {
  if (info.kind === 'stdio') {
    return {
      ...EMPTY_DRAFT,
      command: info.command,
      args: joinArgs(info.args),
      cwd: info.cwd ?? '',
      env: info.envKeys.map((name) => ({ name, value: '', kept: true })),
      era: info.era,
    };
  }
  return {
    ...EMPTY_DRAFT,
    kind: 'url',
    url: info.url,
    transport: info.transport,
    headers: info.headerNames.map((name) => ({ name, value: '', kept: true })),
    ...timeoutFields(info.timeouts),
    era: info.era,
  };
}

/** A pasted server entry (a whole config file, a name→entry map, or one entry) as a draft. */
export function draftFromPaste(text: string): { draft: TargetDraft; name: string } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `not valid JSON: ${(error as Error).message}` };
  }
  const parsed = parseServerConfig(json);
  if ('error' in parsed) return parsed;
  const rows = (values: Record<string, string | null>): SecretRow[] =>
    Object.entries(values).map(([name, value]) => ({ name, value: value ?? '', kept: false }));
  const { target } = parsed;
  const draft: TargetDraft =
    target.kind === 'stdio'
      ? {
          ...EMPTY_DRAFT,
          command: target.command,
          args: joinArgs(target.args),
          cwd: target.cwd ?? '',
          env: rows(target.env),
          era: target.era ?? 'auto',
        }
      : {
          ...EMPTY_DRAFT,
          kind: 'url',
          url: target.url,
          transport: target.transport,
          headers: rows(target.headers),
          ...timeoutFields(target.timeouts),
          era: target.era ?? 'auto',
        };
  return { draft, name: parsed.name };
}

/**
 * The request to send; a kept secret left blank is sent as null (keep the bridge's value).
 * Given the `current` target, kept values asked for another server are refused here, with the
 * bridge's own rule and words, before the bridge would.
 */
export function requestFromDraft(
  draft: TargetDraft,
  current?: TargetInfo,
): { request: TargetRequest } | { error: string } {
  const result = buildRequest(draft);
  if ('error' in result || current === undefined) return result;
  const { request } = result;
  const values: Record<string, string | null> = request.kind === 'url' ? request.headers : request.env;
  const kept = Object.keys(values).filter((name) => values[name] === null);
  const refusal = keptSecretsRefusal(request, kept, current);
  return refusal === undefined ? result : { error: refusal };
}

/**
 * Who the secrets kept for `current` belong to, when the draft now names another server (its
 * kept rows must be entered again); undefined while it names the same one.
 */
export function keptSecretsOwnerElsewhere(
  draft: TargetDraft,
  current: TargetInfo | undefined,
): string | undefined {
  if (current === undefined) return undefined;
  const split = splitArgs(draft.args);
  const env = secretValues(draft.env);
  const owner: SecretOwner =
    draft.kind === 'url'
      ? { kind: 'url', url: draft.url.trim() }
      : {
          kind: 'stdio',
          command: draft.command.trim(),
          args: 'error' in split ? [draft.args] : split.args,
          ...(draft.cwd.trim() === '' ? {} : { cwd: draft.cwd.trim() }),
          // A variable added, removed or typed anew makes it another program (see secretBinding).
          ...(env.ok ? { env: env.values } : {}),
        };
  if (sameSecretOwner(owner, current)) return undefined;
  const sameCommandLine = owner.kind === 'stdio' && sameSecretOwner({ ...owner, env: undefined }, current);
  return `${describeSecretOwner(current)}${sameCommandLine ? ' with the environment it was given' : ''}`;
}

function buildRequest(draft: TargetDraft): { request: TargetRequest } | { error: string } {
  if (draft.kind === 'url') {
    if (!/^https?:\/\/\S+$/.test(draft.url.trim()))
      return { error: 'the URL must start with http:// or https://' };
    const headers = secretValues(draft.headers);
    if (!headers.ok) return headers;
    const timeouts = timeoutValues(draft);
    if ('error' in timeouts) return timeouts;
    return {
      request: {
        kind: 'url',
        url: draft.url.trim(),
        transport: draft.transport,
        headers: headers.values,
        era: draft.era,
        ...(Object.keys(timeouts.values).length > 0 ? { timeouts: timeouts.values } : {}),
      },
    };
  }
  if (draft.command.trim() === '') return { error: 'a command is needed' };
  const split = splitArgs(draft.args);
  if ('error' in split) return { error: `arguments: ${split.error}` };
  const env = secretValues(draft.env);
  if (!env.ok) return env;
  return {
    request: {
      kind: 'stdio',
      command: draft.command.trim(),
      args: split.args,
      env: env.values,
      ...(draft.cwd.trim() === '' ? {} : { cwd: draft.cwd.trim() }),
      era: draft.era,
    },
  };
}

function timeoutValues(draft: TargetDraft): { values: UrlTimeouts } | { error: string } {
  const values: UrlTimeouts = {};
  for (const [which, text] of [
    ['connect', draft.connectTimeout],
    ['request', draft.requestTimeout],
  ] as const) {
    if (text.trim() === '') continue;
    const seconds = Number(text);
    const problem = timeoutProblem(which, seconds);
    if (problem !== undefined) return { error: problem };
    values[which] = seconds;
  }
  return { values };
}

function secretValues(
  rows: SecretRow[],
): { ok: true; values: Record<string, string | null> } | { ok: false; error: string } {
  const values: Record<string, string | null> = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '') continue;
    if (Object.hasOwn(values, name)) return { ok: false, error: `"${name}" is given twice` };
    values[name] = row.kept && row.value === '' ? null : row.value;
  }
  return { ok: true, values };
}

/**
 * The draft as an `mcpServers` entry to paste into another client. Secret values (and the
 * secret parts of the URL) are replaced unless asked for; those the page never saw are marked
 * as such.
 */
export function exportDraft(draft: TargetDraft, name: string, includeSecrets: boolean): string {
  const mask = (rows: SecretRow[]): SecretRow[] =>
    rows.map((row) => ({
      ...row,
      kept: false,
      value:
        row.kept && row.value === ''
          ? '<set where mcp-inspect was started>'
          : includeSecrets
            ? row.value
            : '********',
    }));
  const result = requestFromDraft({
    ...draft,
    url: includeSecrets ? draft.url : maskUrl(draft.url),
    env: mask(draft.env),
    headers: mask(draft.headers),
  });
  if ('error' in result) return `// ${result.error}`;
  return JSON.stringify(toServerConfig(name, result.request), null, 2);
}
