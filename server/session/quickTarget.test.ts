import { describe, expect, it } from 'vitest';
import { parseCli } from '../cli/cliOptions.js';
import { quickStdioTarget, sameStdioTarget } from './quickTarget.js';

const DEMO = '/demo.js';
const full = (args: string[]) => parseCli(['node', 'mcp-inspect', ...args], '1.2.3', DEMO).target;

describe('the quick reading of the command line', () => {
  it('finds the same server as the full parser for the usual lines', () => {
    for (const args of [
      [],
      ['node', 'build/index.js'],
      ['node', 'srv.js', '--port', '1', '-e', 'X=1'],
      ['--no-open', '--port', '0', '--', 'node', 'server.js'],
      ['--port=7000', 'npx', '-y', '@modelcontextprotocol/server-everything', 'stdio'],
      ['--no-open'],
      ['--', '--odd-command'],
    ]) {
      const quick = quickStdioTarget(args, DEMO);
      expect(quick).toEqual(full(args));
      expect(sameStdioTarget(quick!, full(args))).toBe(true);
    }
  });

  it('leaves to the full parser any option that could change the server', () => {
    for (const args of [
      ['-e', 'A=1', 'node', 's.js'],
      ['--cwd', '/srv', 'node', 's.js'],
      ['--url', 'http://127.0.0.1:1/mcp'],
      ['http://127.0.0.1:1/mcp'],
      ['--no-open', 'https://example.com/mcp'],
      ['--config', 'mcp.json'],
      ['--era', 'legacy', 'node', 's.js'],
      ['--help'],
      ['-v'],
    ]) {
      expect(quickStdioTarget(args, DEMO)).toBeUndefined();
    }
  });

  it('is not taken for a server the full parser reads differently', () => {
    const quick = quickStdioTarget(['node', 's.js'], DEMO)!;
    expect(sameStdioTarget(quick, full(['-e', 'A=1', 'node', 's.js']))).toBe(false);
    expect(sameStdioTarget(quick, full(['node', 's.js', 'more']))).toBe(false);
    expect(sameStdioTarget(quick, full(['--url', 'http://127.0.0.1:1/mcp']))).toBe(false);
  });
});
