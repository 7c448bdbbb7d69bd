/**
 * What a model actually receives: each provider's view of the server's tools. A provider takes a
 * narrower shape than MCP allows (a name pattern, an object at the top of the schema, and in
 * OpenAI's strict mode a subset of JSON Schema), so the tools are translated, and every change
 * from the server's own definition is named: the page and the CLI show the same list, and an
 * author sees why a model calls `search_docs` what the server lists as `search.docs`.
 */

export type ProviderKind = 'openai' | 'anthropic';

/** A tool as the server lists it: the fields a translation reads. */
export interface ServerTool {
  name: string;
  description?: string | undefined;
  inputSchema: unknown;
  annotations?: { destructiveHint?: boolean | undefined; readOnlyHint?: boolean | undefined } | undefined;
  _meta?: Record<string, unknown> | undefined;
}

/** One tool as the provider gets it. */
export interface TranslatedTool {
  /** The server's name, to call it by. */
  serverName: string;
  /** The name the model sees and calls. */
  name: string;
  description: string;
  schema: Record<string, unknown>;
  /** Every change from the server's definition, in words; none when it went as it is. */
  changes: string[];
}

/** A tool the provider cannot take, with why. */
export interface RefusedTool {
  serverName: string;
  reason: string;
}

export interface ToolTranslation {
  provider: ProviderKind;
  /** OpenAI's strict mode (`strict: true` on each function): a subset of JSON Schema, every property required. */
  strict: boolean;
  tools: TranslatedTool[];
  refused: RefusedTool[];
}

/** Both providers' tool names: letters, digits, `_` and `-`, 1 to 64 of them. */
const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const NAME_MAX = 64;

/**
 * Keywords OpenAI's strict mode refuses (its Structured Outputs subset of JSON Schema); they are
 * taken out, each one named. Outside strict mode the schema goes as the server wrote it.
 */
const STRICT_REFUSED_KEYWORDS = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
] as const;

export interface TranslateOptions {
  /** OpenAI only: translate for strict mode. */
  strict?: boolean;
}

/** Translates the server's tools for one provider; the order of the server's list is kept. */
export function translateTools(
  provider: ProviderKind,
  tools: readonly ServerTool[],
  options: TranslateOptions = {},
): ToolTranslation {
  const strict = provider === 'openai' && options.strict === true;
  const translated: TranslatedTool[] = [];
  const refused: RefusedTool[] = [];
  const taken = new Set<string>();
  for (const tool of tools) {
    if (appOnly(tool)) {
      refused.push({
        serverName: tool.name,
        reason: 'visibility ["app"]: only its MCP App calls it, a model never sees it',
      });
      continue;
    }
    const changes: string[] = [];
    const schema = topLevelSchema(tool.inputSchema, changes);
    if ('refused' in schema) {
      refused.push({ serverName: tool.name, reason: schema.refused });
      continue;
    }
    const name = providerName(tool.name, taken, changes);
    if (name === undefined) {
      refused.push({
        serverName: tool.name,
        reason: 'its name has no letter, digit, "_" or "-" to keep: the provider takes only those',
      });
      continue;
    }
    taken.add(name);
    const cleaned = strict ? strictSchema(schema.value, '', changes) : schema.value;
    const description = tool.description ?? '';
    if (tool.description === undefined || tool.description.trim() === '')
      changes.push('no description: the model chooses it by its name alone');
    translated.push({ serverName: tool.name, name, description, schema: cleaned, changes });
  }
  return { provider, strict, tools: translated, refused };
}

/** The tool the model named, back to the server's tool; undefined for a name it was never given. */
export function serverToolFor(translation: ToolTranslation, modelName: string): TranslatedTool | undefined {
  return translation.tools.find((tool) => tool.name === modelName);
}

/** MCP Apps' `_meta.ui.visibility` without "model": the server hides the tool from models. */
function appOnly(tool: ServerTool): boolean {
  const ui = tool._meta?.ui;
  const visibility =
    ui !== null && typeof ui === 'object' ? (ui as { visibility?: unknown }).visibility : undefined;
  return Array.isArray(visibility) && !visibility.includes('model');
}

/**
 * Whether the page asks before running the tool (the spec's human in the loop): it may destroy
 * something, by its hints or by their defaults (not read-only, destructive unless it says not).
 */
export function isDestructive(tool: ServerTool): boolean {
  return tool.annotations?.readOnlyHint !== true && tool.annotations?.destructiveHint !== false;
}

function topLevelSchema(
  inputSchema: unknown,
  changes: string[],
): { value: Record<string, unknown> } | { refused: string } {
  if (inputSchema === null || typeof inputSchema !== 'object' || Array.isArray(inputSchema))
    return { refused: 'its inputSchema is not a JSON object' };
  const schema = { ...(inputSchema as Record<string, unknown>) };
  if (schema.type === undefined) {
    schema.type = 'object';
    changes.push('"type": "object" added at the top of the schema');
  } else if (schema.type !== 'object') {
    return {
      refused: `its inputSchema's top level is ${JSON.stringify(schema.type)}: the provider takes an object of arguments`,
    };
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (keyword in schema)
      return {
        refused: `its inputSchema has "${keyword}" at the top level: the provider takes one object shape`,
      };
  }
  return { value: schema };
}

/** The name the model sees: the server's when the provider takes it, else one made from it. */
function providerName(serverName: string, taken: Set<string>, changes: string[]): string | undefined {
  if (NAME_PATTERN.test(serverName) && !taken.has(serverName)) return serverName;
  let name = serverName.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (!/[a-zA-Z0-9]/.test(name)) return undefined;
  if (name.length > NAME_MAX) name = name.slice(0, NAME_MAX);
  if (taken.has(name)) {
    for (let n = 2; ; n += 1) {
      const suffix = `_${n}`;
      const candidate = `${name.slice(0, NAME_MAX - suffix.length)}${suffix}`;
      if (!taken.has(candidate)) {
        name = candidate;
        break;
      }
    }
  }
  const why = !NAME_PATTERN.test(serverName)
    ? serverName.length > NAME_MAX
      ? `longer than ${NAME_MAX} characters`
      : 'has characters other than letters, digits, "_" and "-"'
    : 'is taken by another tool';
  changes.push(`renamed "${serverName}" → "${name}" (the name ${why})`);
  return name;
}

/**
 * OpenAI's strict mode: every object closed (`additionalProperties: false`), every property
 * required (an optional one becomes nullable, so the model sends `null` for "not given"), the
 * keywords it refuses taken out. Each change is named with where it is.
 */
function strictSchema(
  schema: Record<string, unknown>,
  at: string,
  changes: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...schema };
  const where = at === '' ? 'the top level' : at;
  for (const keyword of STRICT_REFUSED_KEYWORDS) {
    if (keyword in out) {
      delete out[keyword];
      changes.push(`"${keyword}" taken out at ${where} (strict mode refuses it)`);
    }
  }
  if (out.type === 'object' || out.properties !== undefined) {
    const properties = isRecord(out.properties) ? out.properties : {};
    const required = Array.isArray(out.required) ? (out.required as unknown[]).map(String) : [];
    const next: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(properties)) {
      const inner = isRecord(value) ? strictSchema(value, `${at}/${key}`, changes) : value;
      if (!required.includes(key) && isRecord(inner)) {
        next[key] = nullable(inner);
        changes.push(`"${at}/${key}" made required and nullable (strict mode requires every property)`);
      } else {
        next[key] = inner;
      }
    }
    out.properties = next;
    out.required = Object.keys(next);
    if (out.additionalProperties !== false) {
      out.additionalProperties = false;
      changes.push(`"additionalProperties": false set at ${where} (strict mode closes every object)`);
    }
  }
  if (isRecord(out.items)) out.items = strictSchema(out.items, `${at}/items`, changes);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const list = out[keyword];
    if (Array.isArray(list))
      out[keyword] = list.map((item, i) =>
        isRecord(item) ? strictSchema(item, `${at}/${keyword}/${i}`, changes) : item,
      );
  }
  return out;
}

function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.type))
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The translation in lines, for the terminal (the page shows the same list). */
export function translationLines(translation: ToolTranslation): string[] {
  const lines: string[] = [];
  for (const tool of translation.tools) {
    if (tool.changes.length === 0) continue;
    lines.push(`${tool.serverName} as ${translation.provider} sees it:`);
    for (const change of tool.changes) lines.push(`  ${change}`);
  }
  for (const tool of translation.refused)
    lines.push(`${tool.serverName}: not given to ${translation.provider}: ${tool.reason}`);
  return lines;
}
