import { describe, expect, it } from 'vitest';
import { sameStdioTarget } from '../session/quickTarget.js';
import { quickVerbTarget } from './quickVerbTarget.js';
import { parseVerbArgs } from './verbOptions.js';

const DEMO = '/demo.js';
const full = (args: string[]) => {
  const parsed = parseVerbArgs(args, DEMO);
  if ('help' in parsed) throw new Error('help');
  return parsed.target;
};

describe("the quick reading of a verb's command line", () => {
  it('finds the same server as the full parser for the usual lines', () => {
    for (const args of [
      ['tools'],
      ['info', '--era', 'legacy'],
      ['call', 'echo', '--arg', 'message=-e', '--json', '--', 'node', 'server.js', '-e', 'X=1'],
      ['call', 'echo', '--args={"a":1}', '--era=modern', '-q', '--', 'npx', '-y', 'pkg'],
      ['read', 'demo://x', '--save-media', 'out', '--timeout', '5', '--', 'node', 's.js'],
      ['prompt', 'greet', '--elicit', 'decline', '--root', '/tmp', '--', '--odd-command'],
    ]) {
      const quick = quickVerbTarget(args, DEMO);
      expect(quick).toEqual(full(args));
      expect(sameStdioTarget(quick!, full(args))).toBe(true);
    }
  });

  it('leaves to the full parser any option that could change the server, or that it does not know', () => {
    for (const args of [
      ['tools', '-e', 'A=1', '--', 'node', 's.js'],
      ['tools', '--cwd', '/srv', '--', 'node', 's.js'],
      ['tools', '--url', 'http://127.0.0.1:1/mcp'],
      ['tools', '--config', 'mcp.json'],
      ['tools', '--help'],
      ['tools', '--era', 'sideways'],
      ['tools', '--no-such-option'],
      ['tools', '--'],
    ]) {
      expect(quickVerbTarget(args, DEMO)).toBeUndefined();
    }
  });
});
