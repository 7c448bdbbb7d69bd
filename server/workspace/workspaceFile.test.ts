import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWorkspaceFile, writeWorkspaceFile, WorkspaceRefusal } from './workspaceFile.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-workspace-file-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the workspace file', () => {
  it('is written whole through a temporary file, and read back the same', () => {
    const path = join(scratch, 'fresh.json');
    const state = readWorkspaceFile(path);
    expect(state).toMatchObject({ exists: false });
    writeWorkspaceFile(state, {
      formatVersion: 1,
      servers: [{ name: 'demo', command: 'node', args: ['d.js'] }],
    });
    expect(readWorkspaceFile(path)).toMatchObject({
      exists: true,
      workspace: { servers: [{ name: 'demo' }] },
    });
    // Nothing left beside it: the temporary folder is gone.
    expect(readdirSync(scratch).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(statSync(path).isFile()).toBe(true);
  });

  it('names a mistake of shape by its line and column, comments and all', () => {
    const path = join(scratch, 'shape.json');
    writeFileSync(
      path,
      '{\n  // mine\n  "formatVersion": 1,\n  "servers": [\n    { "name": "a", "command": "x" },\n    { "name": "a", "url": "http://h/mcp" }\n  ]\n}\n',
    );
    const state = readWorkspaceFile(path);
    expect(state).toMatchObject({ line: 6, column: 7 });
    expect('error' in state && state.error).toBe(
      `${path}: line 6, column 7: servers[1].name: "a" is the name of servers[0] too; rename one (mcp-inspect workspace rename)`,
    );
  });

  it('is never written over when it does not parse: the person keeps their text', () => {
    const path = join(scratch, 'broken.json');
    const text = '{\n  "formatVersion": 1,\n  "servers": [\n    { "name": "a", "command": "x" },,\n  ]\n}\n';
    writeFileSync(path, text);
    const state = readWorkspaceFile(path);
    expect(state).toMatchObject({ line: 4, column: 37 });
    expect(() => writeWorkspaceFile(state, { formatVersion: 1, servers: [] })).toThrow(WorkspaceRefusal);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('is not written over when it changed since it was read', () => {
    const path = join(scratch, 'changed.json');
    writeFileSync(path, '{"formatVersion": 1, "servers": []}\n');
    const state = readWorkspaceFile(path);
    const theirs = '{"formatVersion": 1, "servers": [{"name": "theirs", "command": "x"}]}\n';
    writeFileSync(path, theirs);
    expect(() => writeWorkspaceFile(state, { formatVersion: 1, servers: [] })).toThrow(/changed while/);
    expect(readFileSync(path, 'utf8')).toBe(theirs);
  });
});
