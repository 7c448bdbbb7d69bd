import { basename } from 'node:path';
import { isSecretArgumentName } from '../../shared/collections/secretNames.js';
import { isSecretParamName } from '../../shared/urlSecrets.js';
import { freeName, nameProblem, type WorkspaceServer } from '../../shared/workspace/format.js';
import { readHostConfig, type HostConfig, type HostServer } from '../hostConfigs/hostConfigReader.js';
import { resolveConfigPath } from '../hostConfigs/hostLocations.js';
import { readBoundedText } from '../files/boundedRead.js';

/** One server of a host's config as the workspace would take it, and what was changed on the way. */
export interface ImportedServer {
  /** The entry's id in the host's file (`name`, or `name@<project>` in ~/.claude.json). */
  from: string;
  server: WorkspaceServer;
  /** Said in the preview: a secret made a reference, a name changed, a host variable turned into ours. */
  notes: string[];
}

/** The environment variable a reference names: upper case, letters, digits and `_`. */
export function envName(...parts: string[]): string {
  return parts
    .join('_')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(?=\d)/, '_');
}

/** Prefixes of tokens that services hand out, whatever the variable holding them is called. */
const TOKEN_PREFIXES = /^(sk-|sk_|ghp_|gho_|ghu_|ghs_|github_pat_|glpat-|xox[abprs]-|AKIA|AIza|ya29\.|eyJ)/;

/** A value that reads as a secret by its look: a known token prefix, or a long unbroken random-looking word. */
function looksSecret(value: string): boolean {
  if (TOKEN_PREFIXES.test(value)) return true;
  return (
    value.length >= 24 && /^[A-Za-z0-9_\-+=.]+$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value)
  );
}

/**
 * A host's own placeholder in our form: `${VAR}` and `${VAR:-default}` (Claude Code) and
 * `${env:VAR}` (VS Code) become `${env:VAR}`; VS Code's `${input:id}` (a value it prompts for)
 * becomes `${env:ID}`. Everything else is left as it is.
 */
function hostPlaceholders(value: string, notes: Set<string>): string {
  return value.replace(/\$\{([^}]*)\}/g, (whole, body: string) => {
    const input = /^input:(.+)$/.exec(body);
    if (input) {
      const name = envName(input[1] ?? '');
      notes.add(`\${input:${input[1]}} (a value the host prompts for) is \${env:${name}}`);
      return `\${env:${name}}`;
    }
    const env = /^(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/.exec(body);
    if (!env) return whole;
    if (env[2] !== undefined)
      notes.add(`\${${body}}: the default after ":-" is dropped; set ${env[1]} for it`);
    return `\${env:${env[1]}}`;
  });
}

const AUTH_SCHEME = /^(Bearer|Basic|Token|Bot)\s+(.+)$/i;

/** A host's entry as a workspace server: every secret a `${env:NAME}` reference, never its value. */
export function importServer(entry: HostServer, taken: ReadonlySet<string>): ImportedServer {
  const notes = new Set<string>();
  const wanted =
    nameProblem(entry.name) === undefined ? entry.name : envName(entry.name).toLowerCase() || 'server';
  const fromProject = entry.project === undefined ? wanted : `${wanted}-${basename(entry.project)}`;
  const name = freeName(taken, taken.has(wanted) && entry.project !== undefined ? fromProject : wanted);
  if (name !== entry.name)
    notes.add(
      `named "${name}" ("${entry.name}"${taken.has(wanted) ? ' is taken' : ' is not a name --server takes'})`,
    );
  const placeholders = (value: string) => hostPlaceholders(value, notes);
  if (entry.kind === 'url') {
    const headers = Object.fromEntries(
      Object.entries(entry.headers).map(([header, raw]) => {
        const value = placeholders(raw);
        if (/^\$\{env:[^}]+\}$/.test(value) || /\$\{env:/.test(value)) return [header, value];
        const variable = envName(name, header);
        const scheme = AUTH_SCHEME.exec(value);
        notes.add(
          `header ${header} is \${env:${variable}}${scheme ? ` (after "${scheme[1]} ")` : ''}: set ${variable} to its value`,
        );
        return [header, scheme ? `${scheme[1]} \${env:${variable}}` : `\${env:${variable}}`];
      }),
    );
    const url = secretQuery(placeholders(entry.url ?? ''), name, notes);
    const transport =
      entry.type === 'sse'
        ? 'sse'
        : entry.type === 'http' || entry.type === 'streamable-http'
          ? 'streamable-http'
          : undefined;
    return {
      from: entry.id,
      server: {
        name,
        url,
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        ...(transport ? { transport } : {}),
      },
      notes: [...notes],
    };
  }
  const env = Object.fromEntries(
    Object.entries(entry.env).map(([key, raw]) => {
      const value = placeholders(raw);
      if (/\$\{env:/.test(value)) return [key, value];
      if (!isSecretArgumentName(key) && !looksSecret(value)) return [key, value];
      const variable = envName(key);
      notes.add(`env ${key} is \${env:${variable}}: set ${variable} to its value`);
      return [key, `\${env:${variable}}`];
    }),
  );
  const args = entry.args.map((raw, at) => {
    const value = placeholders(raw);
    const flag = entry.args[at - 1] ?? '';
    const secretFlag = flag.startsWith('-') && isSecretArgumentName(flag.replace(/^-+/, ''));
    if (/\$\{env:/.test(value) || !(looksSecret(value) || secretFlag)) return value;
    const variable = envName(name, secretFlag ? flag.replace(/^-+/, '') : `arg_${at + 1}`);
    notes.add(`argument ${at + 1} is \${env:${variable}}: set ${variable} to its value`);
    return `\${env:${variable}}`;
  });
  return {
    from: entry.id,
    server: {
      name,
      command: placeholders(entry.command ?? ''),
      ...(args.length > 0 ? { args } : {}),
      ...(Object.keys(env).length > 0 ? { env } : {}),
      ...(entry.cwd === undefined ? {} : { cwd: placeholders(entry.cwd) }),
    },
    notes: [...notes],
  };
}

/** Secret-looking query values (`?token=…`, `api_key=…`) as references. */
function secretQuery(url: string, server: string, notes: Set<string>): string {
  return url.replace(/([?&])([^=&#]+)=([^&#]*)/g, (whole, lead: string, key: string, value: string) => {
    if (value === '' || value.includes('${env:') || !isSecretParamName(decodeURIComponent(key))) return whole;
    const variable = envName(server, key);
    notes.add(`the URL's ${key} is \${env:${variable}}: set ${variable} to its value`);
    return `${lead}${key}=\${env:${variable}}`;
  });
}

/** Every readable server of a host's config, named apart from the workspace's and from each other. */
export function importConfig(
  config: HostConfig,
  existing: readonly string[],
  only?: readonly string[],
): { imported: ImportedServer[]; skipped: string[] } {
  const taken = new Set(existing);
  const imported: ImportedServer[] = [];
  for (const entry of config.servers) {
    if (only && only.length > 0 && !only.includes(entry.id) && !only.includes(entry.name)) continue;
    const one = importServer(entry, taken);
    taken.add(one.server.name);
    imported.push(one);
  }
  return { imported, skipped: config.unreadable.map((item) => `${item.id}: ${item.why}`) };
}

/** What importing from a host's config would add: read, checked and named apart, not yet written. */
export type ImportPlan = { path: string; imported: ImportedServer[]; skipped: string[] } | { error: string };

/**
 * Reads a host's config (`given`: a host's shorthand or a file's path) for import into a workspace
 * that has these names: its servers (or those of `only`) as the workspace would take them. The
 * terminal's `workspace import` and the workspace page's Import from… both plan through here.
 */
export function planImport(
  given: string,
  existing: readonly string[],
  only: readonly string[] = [],
): ImportPlan {
  const path = resolveConfigPath(given);
  const file = readBoundedText(path);
  if ('error' in file) return { error: file.code === 'ENOENT' ? `no such config file: ${path}` : file.error };
  const read = readHostConfig(file.text, path);
  if ('error' in read) return { error: `${path}: ${read.error}` };
  const unknown = only.filter(
    (name) => !read.config.servers.some((server) => server.id === name || server.name === name),
  );
  if (unknown.length > 0)
    return {
      error: `${path} has no server ${unknown.map((name) => `"${name}"`).join(', ')}; it has: ${read.config.servers.map((s) => s.id).join(', ')}`,
    };
  return { path, ...importConfig(read.config, existing, only) };
}
