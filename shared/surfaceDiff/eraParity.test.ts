import { describe, expect, it } from 'vitest';
import type { Surface } from '../core/surface.js';
import { eraDifferences, eraNeutral } from './eraParity.js';

const base: Surface = {
  era: 'legacy',
  protocolVersion: '2025-11-25',
  serverInfo: { name: 's', version: '1' },
  capabilities: { tools: {}, tasks: { list: {} } } as Surface['capabilities'],
  tools: [
    {
      name: 'long',
      inputSchema: { type: 'object' },
      execution: { taskSupport: 'optional' },
      _meta: { legacy: true },
    } as Surface['tools'][number],
  ],
  resources: [],
  resourceTemplates: [],
  prompts: [],
};

const modern: Surface = {
  ...base,
  era: 'modern',
  protocolVersion: '2026-07-28',
  capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } } as Surface['capabilities'],
  tools: [
    { name: 'long', inputSchema: { type: 'object' }, _meta: { modern: 1 } } as Surface['tools'][number],
  ],
};

describe('era parity', () => {
  it('ignores what the eras are meant to differ in: _meta, era, version, how tasks are declared', () => {
    expect(eraDifferences(base, modern)).toEqual([]);
    expect(eraNeutral(modern).capabilities).toEqual({ tools: {} });
  });

  it('still sees a real difference, in words of the two eras', () => {
    const drifted: Surface = { ...modern, instructions: 'only here', tools: [] };
    expect(eraDifferences(base, drifted).map((change) => [change.path, change.what])).toEqual([
      ['$.tools["long"]', 'tool "long" is in the legacy era only'],
      ['$.instructions', 'instructions changed'],
    ]);
  });
});
