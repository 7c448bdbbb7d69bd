import { describe, expect, it } from 'vitest';
import type { Surface } from '../core/surface.js';
import { diffSurfaces } from './diffSurfaces.js';
import { alignSurfaces } from './sideBySide.js';

const before: Surface = {
  era: 'legacy',
  protocolVersion: '2025-11-25',
  serverInfo: { name: 's', version: '1' },
  capabilities: { tools: {}, logging: {} },
  tools: [
    { name: 'echo', inputSchema: { type: 'object', properties: { m: { type: 'string' } } } },
    { name: 'gone', inputSchema: { type: 'object' } },
    { name: 'same', inputSchema: { type: 'object' } },
  ],
  resources: [],
  resourceTemplates: [],
  prompts: [],
};
const after: Surface = {
  ...before,
  capabilities: { tools: {} },
  tools: [
    {
      name: 'echo',
      inputSchema: {
        type: 'object',
        properties: { m: { type: 'string' }, n: { type: 'string' } },
        required: ['n'],
      },
    },
    { name: 'new', inputSchema: { type: 'object' } },
    { name: 'same', inputSchema: { type: 'object' } },
  ],
};

describe('side by side', () => {
  it('aligns items by name, each change on the row it is in, with its path from the item', () => {
    const sections = alignSurfaces(before, after, diffSurfaces(before, after));
    const tools = sections.find((section) => section.title === 'Tools');
    expect(tools?.rows.map((row) => [row.key, row.status, row.breaking])).toEqual([
      ['echo', 'changed', true],
      ['gone', 'removed', true],
      ['new', 'added', false],
      ['same', 'same', false],
    ]);
    expect(tools?.rows[0]?.changes.map((change) => change.field)).toEqual(['inputSchema.properties.n']);
    expect(tools?.rows[1]).toMatchObject({ before: { name: 'gone' } });
    expect(tools?.rows[1]).not.toHaveProperty('after');
    const capabilities = sections.find((section) => section.title === 'Capabilities');
    expect(capabilities?.rows.map((row) => [row.key, row.status])).toEqual([
      ['logging', 'removed'],
      ['tools', 'same'],
    ]);
  });
});
