import { describe, expect, it } from 'vitest';
import { filterEntries, indexEntries, type Searchable } from './filterEntries';

interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
}
const resources: Resource[] = [
  { uri: 'file:///notes/today.md', name: 'today', description: 'What happened today' },
  { uri: 'file:///today/plan.md', name: 'plan', title: 'Today' },
  { uri: 'db://rows/42', name: 'row', description: 'A row of the notes table' },
];
const search = (resource: Resource): Searchable => ({
  key: resource.uri,
  title: resource.title ?? resource.name,
  names: [resource.name, resource.title, resource.uri],
  text: [resource.description],
});
const keys = (query: string): string[] =>
  filterEntries(indexEntries(resources, search), query).map((entry) => entry.key);

describe('filterEntries', () => {
  it('keeps the server order without a query, and each entry its key and title', () => {
    expect(keys('  ')).toEqual(resources.map((resource) => resource.uri));
    expect(indexEntries(resources, search).map((entry) => entry.title)).toEqual(['today', 'Today', 'row']);
  });
  it('ranks an exact name first, then a prefix, then a part of a name (a URI), then the text', () => {
    expect(keys('today')).toEqual(['file:///notes/today.md', 'file:///today/plan.md']);
    expect(keys('notes')).toEqual(['file:///notes/today.md', 'db://rows/42']);
    expect(keys('DB://')).toEqual(['db://rows/42']);
  });
  it('needs every word, in any field', () => {
    expect(keys('row notes')).toEqual(['db://rows/42']);
    expect(keys('row nothing')).toEqual([]);
  });
});
