import { describe, expect, it } from 'vitest';
import { referencedItems, resolveReferences } from './references.js';

const sources = {
  env: (name: string) => ({ TOKEN: 's3cret', PORT: '8080' })[name],
  results: new Map<string, unknown>([
    ['create', { structuredContent: { id: 42, tags: ['a'] }, content: [{ type: 'text', text: 'made' }] }],
    ['v1.create', { structuredContent: { id: 'dotted' } }],
  ]),
  earlier: ['create', 'v1.create', 'failed'],
};

describe('placeholders: ${env:NAME} and ${item:name.path}', () => {
  it('a whole-string placeholder keeps the value as it is; inside text, its text', () => {
    expect(
      resolveReferences(
        {
          id: '${item:create.structuredContent.id}',
          same: '${item:create.$.structuredContent.id}',
          tags: '${item:create.structuredContent.tags}',
          label: 'item ${item:create.structuredContent.id} on ${env:PORT}',
          token: '${env:TOKEN}',
          nested: ['${item:create.content[0].text}'],
          dotted: '${item:v1.create.structuredContent.id}',
        },
        sources,
      ),
    ).toEqual({
      value: {
        id: 42,
        same: 42,
        tags: ['a'],
        label: 'item 42 on 8080',
        token: 's3cret',
        nested: ['made'],
        dotted: 'dotted',
      },
    });
  });

  it('says why a placeholder has no value', () => {
    expect(resolveReferences('${env:MISSING}', sources)).toEqual({
      error: '${env:MISSING}: the environment variable MISSING is not set',
    });
    expect(resolveReferences('${item:later.x}', sources)).toEqual({
      error: '${item:later.x}: no earlier item is named "later" (an item can use only the items above it)',
    });
    expect(resolveReferences('${item:failed.x}', sources)).toEqual({
      error: '${item:failed.x}: the item "failed" has no result to take a value from',
    });
    expect(resolveReferences('${item:create.structuredContent.nope}', sources)).toEqual({
      error:
        '${item:create.structuredContent.nope}: in the result of "create", $.structuredContent.nope does not exist',
    });
  });

  it("never gives mcp-inspect's own MCP_INSPECT_* variables, even when they are set", () => {
    const withToken = {
      ...sources,
      env: (name: string) => (name === 'MCP_INSPECT_TOKEN' ? 'the-token' : undefined),
    };
    for (const text of [
      '${env:MCP_INSPECT_TOKEN}',
      'Bearer ${env:MCP_INSPECT_TOKEN}',
      '${env:mcp_inspect_token}',
    ])
      expect(resolveReferences({ header: text }, withToken)).toEqual({
        error: `\${env:${text.includes('mcp_') ? 'mcp_inspect_token' : 'MCP_INSPECT_TOKEN'}}: mcp-inspect never gives out its own MCP_INSPECT_* variables`,
      });
  });

  it('lists the items a value refers to', () => {
    expect(referencedItems({ a: '${item:create.x}', b: ['${item:read[0]} ${env:X}'] })).toEqual([
      'create',
      'read',
    ]);
  });
});
