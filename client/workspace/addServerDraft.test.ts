import { describe, expect, it } from 'vitest';
import { EMPTY_ADD_DRAFT, newServerFromDraft } from './addServerDraft';

describe("the workspace page's Add a server form", () => {
  it('gives a stdio server its arguments split as a shell would, blank rows skipped', () => {
    expect(
      newServerFromDraft({
        ...EMPTY_ADD_DRAFT,
        name: ' memory ',
        command: 'npx',
        args: "-y @modelcontextprotocol/server-memory 'with space'",
        env: [
          { name: 'MEMORY_FILE_PATH', value: '/tmp/m.jsonl', kept: false },
          { name: '', value: '', kept: false },
        ],
        era: 'legacy',
      }),
    ).toEqual({
      kind: 'stdio',
      name: 'memory',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory', 'with space'],
      env: { MEMORY_FILE_PATH: '/tmp/m.jsonl' },
      era: 'legacy',
    });
  });

  it('gives a URL server its headers and transport; auto is the default, not written', () => {
    expect(
      newServerFromDraft({
        ...EMPTY_ADD_DRAFT,
        name: 'docs',
        kind: 'url',
        url: 'https://mcp.example.com/mcp',
        headers: [{ name: 'Authorization', value: 'Bearer x', kept: false }],
      }),
    ).toEqual({
      kind: 'url',
      name: 'docs',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer x' },
    });
  });

  it('names the first mistake', () => {
    expect(newServerFromDraft(EMPTY_ADD_DRAFT)).toEqual({ error: 'give the server a name' });
    expect(newServerFromDraft({ ...EMPTY_ADD_DRAFT, name: 'a', command: 'node', args: '"open' })).toEqual({
      error: 'Arguments: unclosed " quote',
    });
    expect(
      newServerFromDraft({
        ...EMPTY_ADD_DRAFT,
        name: 'a',
        command: 'node',
        env: [
          { name: 'A', value: '1', kept: false },
          { name: 'A', value: '2', kept: false },
        ],
      }),
    ).toEqual({ error: 'the variable A is given twice' });
  });
});
