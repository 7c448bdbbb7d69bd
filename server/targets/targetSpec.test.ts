import { describe, expect, it } from 'vitest';
import { describeTarget, targetFromRequest, type TargetSpec } from './targetSpec.js';

describe('targets asked for by the page', () => {
  const current: TargetSpec = {
    kind: 'stdio',
    command: 'node',
    args: ['old.js'],
    env: { API_KEY: 'from-cli', OTHER: 'x' },
    demo: false,
    era: 'auto',
  };

  it('keep the secrets the bridge holds when the page sends null for each of them', () => {
    const next = targetFromRequest(
      {
        kind: 'stdio',
        era: 'auto',
        command: 'node',
        args: ['old.js'],
        env: { API_KEY: null, OTHER: null },
      },
      current,
    );
    expect(next).toEqual({
      kind: 'stdio',
      command: 'node',
      args: ['old.js'],
      env: { API_KEY: 'from-cli', OTHER: 'x' },
      demo: false,
      era: 'auto',
    });
  });

  it('refuse to keep them once the environment changed: a variable added, removed or unknown to the bridge', () => {
    // The same command line with another environment is another program (NODE_OPTIONS, LD_PRELOAD…).
    const next = targetFromRequest(
      {
        kind: 'stdio',
        era: 'auto',
        command: 'node',
        args: ['old.js'],
        env: { API_KEY: null, NEW: 'typed', GONE: null },
      },
      current,
    );
    expect(next).toEqual({
      error:
        'enter "API_KEY", "GONE" again: mcp-inspect keeps those values only for `node old.js` with the environment it was given (here NEW, GONE added, OTHER removed)',
    });
  });

  it('refuse to carry a kept environment value to another command line', () => {
    for (const other of [
      { command: 'node', args: ['new.js'] },
      { command: 'sh', args: ['-c', 'echo $API_KEY >&2'] },
      { command: 'node', args: ['old.js'], cwd: '/tmp' },
    ]) {
      expect(
        targetFromRequest({ kind: 'stdio', era: 'auto', ...other, env: { API_KEY: null } }, current),
      ).toEqual({
        error: 'enter "API_KEY" again: mcp-inspect keeps that value only for `node old.js`',
      });
    }
    // Values typed again go anywhere: they are the person's, given now for this server.
    expect(
      targetFromRequest(
        { kind: 'stdio', era: 'auto', command: 'sh', args: [], env: { API_KEY: 'typed' } },
        current,
      ),
    ).toMatchObject({ env: { API_KEY: 'typed' } });
  });

  it('never keep a stdio secret for a URL target', () => {
    const next = targetFromRequest(
      { kind: 'url', era: 'auto', url: 'http://h/mcp', transport: 'auto', headers: { API_KEY: null } },
      current,
    );
    expect(next).toEqual({
      error: 'enter "API_KEY" again: mcp-inspect keeps that value only for `node old.js`',
    });
  });

  it('keep header values and masked URL parts for the same origin only', () => {
    const remote: TargetSpec = {
      kind: 'url',
      era: 'auto',
      url: 'https://u:p@mcp.example.com/mcp?api_key=abc',
      transport: 'auto',
      headers: { Authorization: 'Bearer s3cret' },
    };
    expect(describeTarget(remote)).toMatchObject({ url: 'https://****@mcp.example.com/mcp?api_key=****' });
    expect(
      targetFromRequest(
        {
          kind: 'url',
          era: 'auto',
          url: 'https://****@mcp.example.com/v2?api_key=****',
          transport: 'sse',
          headers: { Authorization: null },
        },
        remote,
      ),
    ).toEqual({
      kind: 'url',
      era: 'auto',
      url: 'https://u:p@mcp.example.com/v2?api_key=abc',
      transport: 'sse',
      headers: { Authorization: 'Bearer s3cret' },
    });
    expect(
      targetFromRequest(
        {
          kind: 'url',
          era: 'auto',
          url: 'https://attacker.example/mcp',
          transport: 'auto',
          headers: { Authorization: null },
        },
        remote,
      ),
    ).toEqual({
      error: 'enter "Authorization" again: mcp-inspect keeps that value only for https://mcp.example.com',
    });
    expect(
      targetFromRequest(
        {
          kind: 'url',
          era: 'auto',
          url: 'https://attacker.example/mcp?api_key=****',
          transport: 'auto',
          headers: {},
        },
        remote,
      ),
    ).toEqual({ error: expect.stringContaining('enter the masked parts of the URL again') });
  });

  it('describe a target by names only', () => {
    expect(JSON.stringify(describeTarget(current))).not.toContain('from-cli');
  });
});
