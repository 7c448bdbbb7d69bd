import { describe, expect, it } from 'vitest';
import { targetFromText } from './compareTargetText';

describe('the other server, as typed', () => {
  it('a URL, with or without --url', () => {
    const target = { kind: 'url', url: 'http://127.0.0.1:3001/mcp', transport: 'auto', headers: {} };
    expect(targetFromText(' http://127.0.0.1:3001/mcp ')).toEqual({ target });
    expect(targetFromText('--url http://127.0.0.1:3001/mcp')).toEqual({ target });
  });

  it('a command line, split as a shell would, a leading -- allowed', () => {
    expect(targetFromText(`node "my server.js" --flag 'a b'`)).toEqual({
      target: { kind: 'stdio', command: 'node', args: ['my server.js', '--flag', 'a b'], env: {} },
    });
    expect(targetFromText('-- node build/index.js')).toEqual({
      target: { kind: 'stdio', command: 'node', args: ['build/index.js'], env: {} },
    });
  });

  it('nothing, an open quote, a broken URL: said', () => {
    expect(targetFromText('  ')).toMatchObject({ error: expect.stringMatching(/^Type a command line/) });
    expect(targetFromText('node "x')).toEqual({ error: 'The command line has an unclosed " quote' });
    expect(targetFromText('http://')).toMatchObject({ error: 'Not a URL: http://' });
  });
});
