import { describe, expect, it } from 'vitest';
import { chainReference, nameProblem, renameItem, resultPaths } from './editing.js';
import type { Collection } from './format.js';
import { resolveReferences } from './references.js';

const collection: Collection = {
  formatVersion: 1,
  items: [
    { name: 'create', kind: 'tool', tool: 'add', arguments: { text: 'x' }, expect: [] },
    {
      name: 'read',
      kind: 'tool',
      tool: 'get',
      arguments: { id: '${item:create.structuredContent.id}', note: '${item:created.x} ${item:create[0]}' },
      expect: [],
    },
    { name: 'resource', kind: 'resource', uri: 'notes://${item:create.structuredContent.id}', expect: [] },
  ],
};

describe('editing a collection', () => {
  it('renames an item and the references to it below, and nothing else', () => {
    const renamed = renameItem(collection, 'create', 'make note');
    expect(renamed.items.map((item) => item.name)).toEqual(['make note', 'read', 'resource']);
    expect(renamed.items[1]).toMatchObject({
      arguments: {
        id: '${item:make note.structuredContent.id}',
        note: '${item:created.x} ${item:make note[0]}',
      },
    });
    expect(renamed.items[2]).toMatchObject({ uri: 'notes://${item:make note.structuredContent.id}' });
    expect(renamed.items[0]).toMatchObject({ arguments: { text: 'x' } });
  });

  it('says why a name cannot be used', () => {
    expect(nameProblem(collection, 'read', 'read')).toBeUndefined();
    expect(nameProblem(collection, 'read', 'fresh')).toBeUndefined();
    expect(nameProblem(collection, 'read', 'create')).toBe('another item is named "create"');
    expect(nameProblem(collection, 'read', '  ')).toBe('an item needs a name');
    expect(nameProblem(collection, 'read', 'a}b')).toMatch(/cannot hold "}"/);
  });

  it('offers the leaves of a result, structuredContent first, and writes a reference the runners read', () => {
    const result = {
      content: [{ type: 'text', text: 'made' }],
      structuredContent: { id: 7, 'odd key': true },
      _meta: { trace: 'x' },
    };
    expect(resultPaths(result)).toEqual([
      { path: '$.structuredContent.id', preview: '7' },
      { path: '$.structuredContent["odd key"]', preview: 'true' },
      { path: '$.content[0].type', preview: '"text"' },
      { path: '$.content[0].text', preview: '"made"' },
    ]);
    for (const { path } of resultPaths(result)) {
      const reference = chainReference('create', path);
      const resolved = resolveReferences(reference, {
        env: () => undefined,
        results: new Map([['create', result]]),
        earlier: ['create'],
      });
      expect(resolved).not.toHaveProperty('error');
    }
    expect(chainReference('create', '$.structuredContent.id')).toBe('${item:create.structuredContent.id}');
    expect(chainReference('create', '$.content[0].text')).toBe('${item:create.content[0].text}');
  });
});
