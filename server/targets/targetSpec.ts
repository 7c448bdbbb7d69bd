import { keptSecretsRefusal } from '../../shared/secretBinding.js';
import { maskUrl, restoreMaskedUrl } from '../../shared/urlSecrets.js';
import type { EraChoice, TargetInfo, TargetRequest } from '../../shared/wire.js';
import type { UrlTargetSpec } from './httpTarget.js';
import type { StdioTargetSpec } from './stdioTarget.js';

/** What to inspect, with its secrets (env values, header values); stays in the bridge. */
export type TargetSpec = (
  ({ kind: 'stdio'; demo: boolean } & StdioTargetSpec) | ({ kind: 'url' } & UrlTargetSpec)
) & {
  /** The protocol era the page negotiates; the bridge only passes it on. */
  era: EraChoice;
};

/** The target as the page may see it: names of variables and headers, never their values. */
export function describeTarget(spec: TargetSpec): TargetInfo {
  if (spec.kind === 'stdio') {
    return {
      kind: 'stdio',
      command: spec.command,
      args: spec.args,
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
      envKeys: Object.keys(spec.env),
      demo: spec.demo,
      era: spec.era,
    };
  }
  return {
    kind: 'url',
    url: maskUrl(spec.url),
    transport: spec.transport,
    headerNames: Object.keys(spec.headers),
    era: spec.era,
    ...(spec.timeouts && Object.keys(spec.timeouts).length > 0 ? { timeouts: spec.timeouts } : {}),
  };
}

/** A one-line label for the terminal. */
export function targetLabel(spec: TargetSpec): string {
  if (spec.kind === 'url') return maskUrl(spec.url);
  if (spec.demo) return 'the bundled demo server';
  return [spec.command, ...spec.args].join(' ');
}

/**
 * A target the page asked for (already validated against the wire schema). A `null` value
 * keeps what the current target has under that name (a name it lacks is dropped), and a masked
 * part of the URL keeps the current URL's value: only for the same server (origin, or command
 * line). Asked for another, that is an error meant for the person, who enters them again.
 */
export function targetFromRequest(
  request: TargetRequest,
  current: TargetSpec,
): TargetSpec | { error: string } {
  const values = request.kind === 'url' ? request.headers : request.env;
  const kept = Object.keys(values).filter((name) => values[name] === null);
  const refusal = keptSecretsRefusal(request, kept, current);
  if (refusal !== undefined) return { error: refusal };
  if (request.kind === 'url') {
    const restored = restoreMaskedUrl(request.url, current.kind === 'url' ? current.url : '');
    if ('error' in restored) return restored;
    return {
      ...request,
      url: restored.url,
      headers: resolveKept(request.headers, current.kind === 'url' ? current.headers : {}),
      era: request.era ?? 'auto',
    };
  }
  return {
    ...request,
    env: resolveKept(request.env, current.kind === 'stdio' ? current.env : {}),
    demo: false,
    era: request.era ?? 'auto',
  };
}

function resolveKept(
  asked: Record<string, string | null>,
  held: Record<string, string>,
): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(asked)) {
    const kept = value ?? held[name];
    if (kept !== undefined) resolved[name] = kept;
  }
  return resolved;
}
