import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { filterEntries, indexEntries } from '../../components/pickList/filterEntries';
import { toolSearch } from './filterTools';

const tools: Tool[] = [
  { name: 'echo', title: 'Echo', description: 'Sends the message back', inputSchema: { type: 'object' } },
  { name: 'add', annotations: { title: 'Add numbers' }, inputSchema: { type: 'object' } },
  { name: 'delete_note', description: 'Removes a NOTE for good', inputSchema: { type: 'object' } },
];
const names = (query: string): string[] =>
  filterEntries(indexEntries(tools, toolSearch), query).map((entry) => entry.item.name);

describe('the tool filter', () => {
  it('matches name, title, annotations.title and description, ignoring case', () => {
    expect(names('')).toEqual(['echo', 'add', 'delete_note']);
    expect(names('ECHO')).toEqual(['echo']);
    expect(names('numbers')).toEqual(['add']);
    expect(names('note')).toEqual(['delete_note']);
    expect(names('message back')).toEqual(['echo']);
    expect(names('nothing like it')).toEqual([]);
  });
  it('resolves the display title as the spec says', () => {
    expect(indexEntries(tools, toolSearch).map((entry) => entry.title)).toEqual([
      'Echo',
      'Add numbers',
      'delete_note',
    ]);
  });
});

describe('ranking', () => {
  const ranked: Tool[] = [
    { name: 'encode', description: 'Uses base64 as base', inputSchema: { type: 'object' } },
    { name: 'base64', inputSchema: { type: 'object' } },
    { name: 'rebase', inputSchema: { type: 'object' } },
    { name: 'base', inputSchema: { type: 'object' } },
  ];
  it('puts the exact name first, then names starting with the query, then containing it', () => {
    expect(filterEntries(indexEntries(ranked, toolSearch), 'base').map((entry) => entry.item.name)).toEqual([
      'base',
      'base64',
      'rebase',
      'encode',
    ]);
  });
});
