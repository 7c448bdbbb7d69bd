/**
 * What a host (or the model provider behind it) does with a server's tools, as published: how many
 * it takes, which tool names it accepts, which schema keywords its function declarations carry.
 * Only facts with a source: each limit names the page it comes from, and every finding made from
 * it carries that page. A host not listed here has no published limit we could source.
 */
export interface SourcedLimit<T> {
  value: T;
  /** Where the limit is published (or, where the host publishes nothing, where it was reported and confirmed). */
  source: string;
  /** The words a finding says about it. */
  said: string;
}

export interface HostProfile {
  id: string;
  title: string;
  /** Tools the host sends to the model in one request, at most. */
  toolLimit?: SourcedLimit<number>;
  /** Tool names the model provider accepts. */
  toolName?: SourcedLimit<{ pattern: RegExp; maxLength: number }>;
  /** The schema keywords the provider's function parameters take; any other is dropped or refused. */
  schemaKeywords?: SourcedLimit<readonly string[]>;
  /** How the host tells apart tools of the same name from two servers. */
  collisions: SourcedLimit<'prefixed' | 'unresolved'>;
}

const OPENAI_NAMES = {
  value: { pattern: /^[a-zA-Z0-9_-]{1,64}$/, maxLength: 64 },
  source: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
  said: 'OpenAI takes function names of a-z, A-Z, 0-9, "_" and "-", at most 64 characters',
};

const UNRESOLVED = {
  value: 'unresolved' as const,
  source: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names',
  said: 'no prefixing is published for this host: tool names are unique within one server only, so two servers can send the model the same name',
};

export const HOST_PROFILES: readonly HostProfile[] = [
  {
    id: 'openai',
    title: 'OpenAI function calling',
    toolLimit: {
      value: 128,
      source: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
      said: 'OpenAI takes at most 128 functions in one request',
    },
    toolName: OPENAI_NAMES,
    collisions: UNRESOLVED,
  },
  {
    id: 'gemini',
    title: 'Gemini function declarations',
    toolName: {
      value: { pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/, maxLength: 64 },
      source:
        'https://googleapis.github.io/java-genai/javadoc/google-genai/com.google.genai.types/-function-declaration/-builder/name.html',
      said: 'Gemini takes function names that start with a letter or "_" and hold a-z, A-Z, 0-9, "_", ".", ":" and "-", at most 64 characters',
    },
    schemaKeywords: {
      value: [
        'type',
        'format',
        'title',
        'description',
        'nullable',
        'enum',
        'items',
        'minItems',
        'maxItems',
        'properties',
        'required',
        'minProperties',
        'maxProperties',
        'minLength',
        'maxLength',
        'pattern',
        'example',
        'anyOf',
        'propertyOrdering',
        'default',
        'minimum',
        'maximum',
      ],
      source:
        'https://docs.cloud.google.com/nodejs/docs/reference/generativelanguage/latest/generativelanguage/protos.google.ai.generativelanguage.v1beta.ischema',
      said: "Gemini's function `parameters` are a select subset of an OpenAPI 3.0 schema; a client that converts an MCP schema to it drops or is refused the other keywords (`parametersJsonSchema` takes JSON Schema, where a client uses it)",
    },
    collisions: UNRESOLVED,
  },
  {
    id: 'cursor',
    title: 'Cursor',
    toolLimit: {
      value: 40,
      source: 'https://github.com/modelcontextprotocol/.github/discussions/360',
      said: 'Cursor sends at most 40 MCP tools to its agent (reported by its users and answered as a Cursor limit; Cursor\'s docs said it sends "the first 40 tools")',
    },
    toolName: OPENAI_NAMES,
    collisions: UNRESOLVED,
  },
  {
    id: 'vscode',
    title: 'VS Code (GitHub Copilot chat)',
    toolLimit: {
      value: 128,
      source: 'https://github.com/microsoft/vscode-copilot-release/issues/11653',
      said: 'Copilot chat in VS Code refuses a request with more than 128 tools ("Cannot have more than 128 tools per request"; newer versions group tools past a threshold into virtual tools)',
    },
    toolName: OPENAI_NAMES,
    collisions: UNRESOLVED,
  },
  {
    id: 'claude-code',
    title: 'Claude Code',
    collisions: {
      value: 'prefixed',
      source: 'https://docs.claude.com/en/api/agent-sdk/custom-tools',
      said: 'Claude Code names each MCP tool mcp__<server>__<tool>, so the same tool name from two servers stays apart',
    },
  },
];

export function hostProfile(id: string): HostProfile | undefined {
  return HOST_PROFILES.find((profile) => profile.id === id);
}

export const HOST_IDS: readonly string[] = HOST_PROFILES.map((profile) => profile.id);
