import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../testSupport/scratchDir.js';
import { pageServers } from './pageServers.js';

const NO_TRUST = { trustFile: false, allowEnv: [] };

describe('the servers of the workspace page (mcp-inspect --all)', () => {
  it('refuses a file that does not parse, naming line and column, and a missing or empty one', () => {
    const folder = scratchDir('page-servers');
    const broken = join(folder, 'broken.json');
    writeFileSync(
      broken,
      '{\n  "formatVersion": 1,\n  "servers": [\n    { "name": "a" "command": "x" }\n  ]\n}\n',
    );
    expect(pageServers(broken, NO_TRUST, {}, '/demo.js')).toEqual({
      error: expect.stringMatching(/broken\.json: line 4, column \d+/),
    });
    expect(pageServers(join(folder, 'none.json'), NO_TRUST, {}, '/demo.js')).toEqual({
      error: expect.stringContaining('no workspace file'),
    });
    const empty = join(folder, 'empty.json');
    writeFileSync(empty, '{ "formatVersion": 1, "servers": [] }');
    expect(pageServers(empty, NO_TRUST, {}, '/demo.js')).toEqual({
      error: expect.stringContaining('lists no server'),
    });
  });

  it('keeps an entry that cannot run in its place, with the reason; the others run', () => {
    const folder = scratchDir('page-servers');
    const file = join(folder, 'mcp-inspect.workspace.json');
    writeFileSync(
      file,
      JSON.stringify({
        formatVersion: 1,
        servers: [
          { name: 'plain', command: 'node', args: ['a.js'] },
          { name: 'keyed', command: 'node', args: ['b.js'], env: { API_KEY: '${env:MY_KEY}' } },
          { name: 'remote', url: 'https://mcp.example.com/mcp' },
        ],
      }),
    );
    const untrusted = pageServers(file, NO_TRUST, { MY_KEY: 'secret' }, '/demo.js');
    if ('error' in untrusted) throw new Error(untrusted.error);
    expect(untrusted.servers.map((server) => [server.name, server.target?.kind ?? server.problem])).toEqual([
      ['plain', 'stdio'],
      ['keyed', expect.stringContaining('MY_KEY')],
      ['remote', 'url'],
    ]);
    // A stdio server runs in the workspace file's folder.
    expect(untrusted.servers[0]?.target).toMatchObject({ command: 'node', args: ['a.js'], cwd: folder });
    const allowed = pageServers(
      file,
      { trustFile: false, allowEnv: ['MY_KEY'] },
      { MY_KEY: 'secret' },
      '/demo.js',
    );
    if ('error' in allowed) throw new Error(allowed.error);
    expect(allowed.servers[1]?.target).toMatchObject({ env: { API_KEY: 'secret' } });
  });
});
