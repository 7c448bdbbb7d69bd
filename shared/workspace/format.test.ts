import { describe, expect, it } from 'vitest';
import {
  addServer,
  emptyWorkspace,
  moveServer,
  parseWorkspace,
  removeServer,
  renameServer,
  workspaceText,
  type Workspace,
} from './format.js';

const two: Workspace = {
  formatVersion: 1,
  servers: [
    { name: 'demo', command: 'node', args: ['demo.js'], env: { API_KEY: '${env:API_KEY}' } },
    {
      name: 'docs',
      url: 'https://docs.example.com/mcp',
      headers: { Authorization: 'Bearer ${env:DOCS_TOKEN}' },
    },
  ],
};

describe('workspace format', () => {
  it('writes the same bytes for the same workspace: the name first, other keys sorted, the order kept', () => {
    const text = workspaceText(two);
    expect(text).toBe(workspaceText(JSON.parse(text) as Workspace));
    expect(text.endsWith('}\n')).toBe(true);
    const first = text.indexOf('"name": "demo"');
    expect(first).toBeLessThan(text.indexOf('"args"'));
    expect(first).toBeLessThan(text.indexOf('"name": "docs"'));
    expect(parseWorkspace(text)).toEqual({ workspace: two });
  });

  it('names a syntax error by line and column', () => {
    const parsed = parseWorkspace(
      '{\n  "formatVersion": 1,\n  "servers": [\n    { "name": "a" "command": "x" }\n  ]\n}\n',
    );
    expect(parsed).toMatchObject({ line: 4, column: 19 });
    expect('error' in parsed && parsed.error).toMatch(/^line 4, column 19: expected "," or "}"/);
  });

  it('tells two entries of one name apart, by index, and where the second is', () => {
    const parsed = parseWorkspace(
      JSON.stringify({
        formatVersion: 1,
        servers: [
          { name: 'a', command: 'x' },
          { name: 'a', url: 'http://h/mcp' },
        ],
      }),
    );
    expect(parsed).toMatchObject({
      error: 'servers[1].name: "a" is the name of servers[0] too; rename one (mcp-inspect workspace rename)',
      path: ['servers', 1, 'name'],
    });
  });

  it('refuses what is not a server: unknown fields, both command and url, a URL with env, a bad name', () => {
    const bad = (server: unknown) => parseWorkspace(JSON.stringify({ formatVersion: 1, servers: [server] }));
    expect(bad({ name: 'a', command: 'x', comand: 'y' })).toMatchObject({ path: ['servers', 0, 'comand'] });
    expect(bad({ name: 'a', command: 'x', url: 'http://h' })).toMatchObject({
      error: expect.stringContaining('either'),
    });
    expect(bad({ name: 'a', url: 'http://h', env: {} })).toMatchObject({
      error: expect.stringContaining('for a command'),
    });
    expect(bad({ name: 'a b', command: 'x' })).toMatchObject({
      error: expect.stringContaining('not a server name'),
    });
    expect(bad({ name: 'a', command: 'x', args: ['ok', 3] })).toMatchObject({
      path: ['servers', 0, 'args', 1],
    });
    expect(parseWorkspace('{"formatVersion": 2, "servers": []}')).toMatchObject({
      error: expect.stringContaining('written by a newer mcp-inspect?'),
    });
  });

  it('adds, removes, renames and reorders', () => {
    let workspace = emptyWorkspace();
    for (const name of ['a', 'b', 'c']) {
      const added = addServer(workspace, { name, command: name });
      if ('error' in added) throw new Error(added.error);
      workspace = added.workspace;
    }
    expect(addServer(workspace, { name: 'a', command: 'x' })).toEqual({
      error: 'the workspace has a server named "a" already (--replace to replace it)',
    });
    const replaced = addServer(workspace, { name: 'a', command: 'new' }, true);
    expect('workspace' in replaced && replaced.workspace.servers.map((s) => s.command)).toEqual([
      'new',
      'b',
      'c',
    ]);
    const moved = moveServer(workspace, 'c', 1);
    expect('workspace' in moved && moved.workspace.servers.map((s) => s.name)).toEqual(['c', 'a', 'b']);
    expect(moveServer(workspace, 'c', 4)).toEqual({ error: 'the position is a number from 1 to 3' });
    const renamed = renameServer(workspace, 'b', 'beta');
    expect('workspace' in renamed && renamed.workspace.servers.map((s) => s.name)).toEqual([
      'a',
      'beta',
      'c',
    ]);
    expect(renameServer(workspace, 'b', 'c')).toEqual({
      error: 'the workspace has a server named "c" already',
    });
    const removed = removeServer(workspace, 'a');
    expect('workspace' in removed && removed.workspace.servers.map((s) => s.name)).toEqual(['b', 'c']);
    expect(removeServer(workspace, 'zz')).toEqual({
      error: 'no server named "zz" in the workspace; it has: a, b, c',
    });
  });
});
