import { describe, expect, it } from 'vitest';
import { isDestructive, translateTools, translationLines, type ServerTool } from './toolTranslation.js';

const plain: ServerTool = {
  name: 'echo',
  description: 'Echoes',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};

describe('the tools as a provider receives them', () => {
  it('passes a tool that fits as it is, with no change named', () => {
    for (const provider of ['openai', 'anthropic'] as const) {
      const translation = translateTools(provider, [plain]);
      expect(translation.tools).toEqual([
        { serverName: 'echo', name: 'echo', description: 'Echoes', schema: plain.inputSchema, changes: [] },
      ]);
      expect(translation.refused).toEqual([]);
      expect(translationLines(translation)).toEqual([]);
    }
  });

  it('renames a name the providers refuse, naming the change, and keeps names apart', () => {
    const translation = translateTools('anthropic', [
      { ...plain, name: 'search.docs' },
      { ...plain, name: 'search_docs' },
      { ...plain, name: 'x'.repeat(70) },
    ]);
    expect(translation.tools.map((tool) => tool.name)).toEqual([
      'search_docs',
      'search_docs_2',
      'x'.repeat(64),
    ]);
    expect(translation.tools[0]?.changes).toEqual([
      'renamed "search.docs" → "search_docs" (the name has characters other than letters, digits, "_" and "-")',
    ]);
    expect(translation.tools[1]?.changes[0]).toContain('is taken by another tool');
    expect(translation.tools[2]?.changes[0]).toContain('longer than 64 characters');
  });

  it('refuses a tool whose schema is not an object of arguments, with the reason', () => {
    const translation = translateTools('openai', [
      { ...plain, name: 'listy', inputSchema: { type: 'array' } },
      {
        ...plain,
        name: 'either',
        inputSchema: { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] },
      },
      { ...plain, name: '...', inputSchema: { type: 'object' } },
    ]);
    expect(translation.tools).toEqual([]);
    expect(translation.refused).toEqual([
      {
        serverName: 'listy',
        reason: 'its inputSchema\'s top level is "array": the provider takes an object of arguments',
      },
      {
        serverName: 'either',
        reason: 'its inputSchema has "anyOf" at the top level: the provider takes one object shape',
      },
      { serverName: '...', reason: expect.stringContaining('its name has no letter') },
    ]);
    expect(translationLines(translation)).toContain(
      'listy: not given to openai: its inputSchema\'s top level is "array": the provider takes an object of arguments',
    );
  });

  it('keeps a tool only its MCP App may call from the model', () => {
    const translation = translateTools('openai', [{ ...plain, _meta: { ui: { visibility: ['app'] } } }]);
    expect(translation.tools).toEqual([]);
    expect(translation.refused[0]?.reason).toContain('visibility ["app"]');
    expect(
      translateTools('openai', [{ ...plain, _meta: { ui: { visibility: ['model', 'app'] } } }]).tools,
    ).toHaveLength(1);
  });

  it('reads destructiveness as the page does: hints, else their defaults', () => {
    expect(isDestructive(plain)).toBe(true);
    expect(isDestructive({ ...plain, annotations: { readOnlyHint: true } })).toBe(false);
    expect(isDestructive({ ...plain, annotations: { destructiveHint: false } })).toBe(false);
    expect(isDestructive({ ...plain, annotations: { readOnlyHint: true, destructiveHint: true } })).toBe(
      false,
    );
  });

  it('adds a missing top-level type, named', () => {
    const translation = translateTools('anthropic', [
      {
        name: 'bare',
        inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', properties: {} },
      },
    ]);
    expect(translation.tools[0]?.schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {},
    });
    expect(translation.tools[0]?.changes).toEqual([
      '"type": "object" added at the top of the schema',
      'no description: the model chooses it by its name alone',
    ]);
  });

  it("OpenAI's strict mode: objects closed, optional properties required and nullable, refused keywords out", () => {
    const translation = translateTools(
      'openai',
      [
        {
          name: 'book',
          description: 'Books',
          inputSchema: {
            type: 'object',
            properties: {
              city: { type: 'string' },
              nights: { type: 'integer' },
              tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
            },
            required: ['city'],
          },
        },
      ],
      { strict: true },
    );
    expect(translation.strict).toBe(true);
    expect(translation.tools[0]?.schema).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string' },
        nights: { type: ['integer', 'null'] },
        tags: { type: ['array', 'null'], items: { type: 'string' } },
      },
      required: ['city', 'nights', 'tags'],
      additionalProperties: false,
    });
    expect(translation.tools[0]?.changes).toEqual([
      '"/nights" made required and nullable (strict mode requires every property)',
      '"uniqueItems" taken out at /tags (strict mode refuses it)',
      '"/tags" made required and nullable (strict mode requires every property)',
      '"additionalProperties": false set at the top level (strict mode closes every object)',
    ]);
    // Anthropic has no strict rewrite here: the option is OpenAI's.
    expect(translateTools('anthropic', [plain], { strict: true }).strict).toBe(false);
  });
});
