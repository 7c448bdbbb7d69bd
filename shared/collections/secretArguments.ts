import { isSecretArgumentName } from './secretNames.js';

/** A secret found in a call's arguments, and the environment variable that stands for it in the file. */
export interface SecretArgument {
  /** Where it was, e.g. `apiKey`, `auth.token`, `keys[0]`. */
  path: string;
  /** The variable the runners read it from (`MCPI_SECRET_…`): `${env:NAME}` is written in its place. */
  envName: string;
}

type Schema = Record<string, unknown>;

/**
 * The start of every variable name made from a server's words (an argument's name, a form
 * field's): a server that names its argument `GITHUB_TOKEN` gets `${env:MCPI_SECRET_GITHUB_TOKEN}`,
 * never the person's own `GITHUB_TOKEN`. Not `MCP_INSPECT_`, which mcp-inspect never gives out.
 */
export const SECRET_ENV_PREFIX = 'MCPI_SECRET_';

const PLACEHOLDER = /^\$\{(env|item):[^}]*\}$/;

/**
 * A call's arguments as a collection may keep them: every value that looks secret replaced by
 * `${env:NAME}` (the runners read NAME from the environment: `test` from its own, the page from
 * the bridge's), with the list of what was replaced, to tell the person which variables to set.
 *
 * Secret, as its name says word by word (`isSecretArgumentName`: apiKey, token, password,
 * client_secret, auth…, not author or keyword), or as the tool's inputSchema says (`writeOnly`,
 * `format: "password"`). Everything under a secret-named key counts. Only strings are taken
 * (`maxTokens: 5` is a count, not a secret); a placeholder already there is left as it is.
 */
export function withoutSecrets(
  args: Record<string, unknown>,
  inputSchema: unknown,
): { arguments: Record<string, unknown>; secrets: SecretArgument[] } {
  const secrets: SecretArgument[] = [];
  const names = new Set<string>();
  const envNameFor = (keys: string[]): string => {
    const base =
      keys
        .map(screamingSnake)
        .filter((part) => part !== '')
        .join('_') || 'SECRET';
    let name = `${SECRET_ENV_PREFIX}${base}`;
    for (let n = 2; names.has(name); n += 1) name = `${SECRET_ENV_PREFIX}${base}_${n}`;
    names.add(name);
    return name;
  };
  const visit = (
    value: unknown,
    schema: Schema | undefined,
    keys: string[],
    path: string,
    secret: boolean,
  ): unknown => {
    if (typeof value === 'string') {
      if (value === '' || PLACEHOLDER.test(value) || !(secret || marksSecret(schema))) return value;
      const envName = envNameFor(keys);
      secrets.push({ path, envName });
      return `\${env:${envName}}`;
    }
    if (Array.isArray(value))
      return value.map((item, index) =>
        visit(item, asSchema(schema?.items), keys, `${path}[${index}]`, secret || marksSecret(schema)),
      );
    if (value !== null && typeof value === 'object') {
      const properties = asSchema(schema?.properties);
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([key, item]) => [
          key,
          visit(
            item,
            asSchema(properties?.[key]),
            [...keys, key],
            path === '' ? key : `${path}.${key}`,
            secret || isSecretArgumentName(key),
          ),
        ]),
      );
    }
    return value;
  };
  const cleaned = visit(args, asSchema(inputSchema), [], '', false) as Record<string, unknown>;
  return { arguments: cleaned, secrets };
}

/** The sentence that tells the person what to set, or undefined when nothing was replaced. */
export function describeSecretArguments(secrets: readonly SecretArgument[]): string | undefined {
  if (secrets.length === 0) return undefined;
  const each = secrets.map(({ path, envName }) => `${path} as \${env:${envName}}`).join(', ');
  const vars = secrets.map(({ envName }) => envName).join(', ');
  return `Secret values were not written: ${each}. Set ${vars} in the environment of mcp-inspect (the page's runs) and of \`mcp-inspect test\`.`;
}

function marksSecret(schema: Schema | undefined): boolean {
  return schema?.writeOnly === true || schema?.format === 'password';
}

function asSchema(value: unknown): Schema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;
}

/** `apiKey` → `API_KEY`, `x-auth-token` → `X_AUTH_TOKEN`. */
function screamingSnake(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}
