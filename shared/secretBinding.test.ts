import { describe, expect, it } from 'vitest';
import { keptSecretsRefusal, sameSecretOwner, type SecretOwner } from './secretBinding.js';

describe('secrets bound to their server', () => {
  const server: SecretOwner = { kind: 'stdio', command: 'node', args: ['server.js'] };
  const remote: SecretOwner = { kind: 'url', url: 'https://mcp.example.com/mcp?api_key=abc' };

  it('a command line owns its environment values; another command line does not get them', () => {
    expect(sameSecretOwner({ kind: 'stdio', command: 'node', args: ['server.js'] }, server)).toBe(true);
    expect(sameSecretOwner({ kind: 'stdio', command: 'sh', args: ['-c', 'echo $KEY >&2'] }, server)).toBe(
      false,
    );
    expect(sameSecretOwner({ kind: 'stdio', command: 'node', args: ['-e', 'leak()'] }, server)).toBe(false);
    expect(sameSecretOwner({ ...server, cwd: '/elsewhere' }, server)).toBe(false);
    expect(sameSecretOwner({ kind: 'url', url: 'node' }, server)).toBe(false);
  });

  it('an origin owns its header values, whatever the path', () => {
    expect(sameSecretOwner({ kind: 'url', url: 'https://MCP.example.com/other' }, remote)).toBe(true);
    expect(sameSecretOwner({ kind: 'url', url: 'https://mcp.example.com:8443/mcp' }, remote)).toBe(false);
    expect(sameSecretOwner({ kind: 'url', url: 'http://mcp.example.com/mcp' }, remote)).toBe(false);
  });

  it('asks to enter again what it would have to carry elsewhere, naming where it stays', () => {
    expect(keptSecretsRefusal({ kind: 'url', url: 'https://other.example/mcp' }, [], remote)).toBeUndefined();
    expect(
      keptSecretsRefusal({ kind: 'url', url: 'https://other.example/mcp' }, ['Authorization'], remote),
    ).toBe('enter "Authorization" again: mcp-inspect keeps that value only for https://mcp.example.com');
    expect(keptSecretsRefusal({ kind: 'stdio', command: 'sh', args: ['-c', 'x'] }, ['A', 'B'], server)).toBe(
      'enter "A", "B" again: mcp-inspect keeps those values only for `node server.js`',
    );
    expect(keptSecretsRefusal({ kind: 'url', url: 'https://other.example/?key=****' }, [], remote)).toContain(
      'enter the masked parts of the URL again',
    );
  });

  it('binds environment values to the environment too: a variable added, removed or typed anew is another program', () => {
    const held: SecretOwner = { ...server, env: { API_KEY: 'sk-held', MODE: 'safe' } };
    const keep = { API_KEY: null, MODE: null };
    expect(sameSecretOwner({ ...server, env: keep }, held)).toBe(true);
    expect(keptSecretsRefusal({ ...server, env: keep }, ['API_KEY', 'MODE'], held)).toBeUndefined();
    for (const added of ['NODE_OPTIONS', 'LD_PRELOAD', 'ANY_OTHER'])
      expect(
        keptSecretsRefusal(
          { ...server, env: { ...keep, [added]: '--require ./leak.js' } },
          ['API_KEY', 'MODE'],
          held,
        ),
      ).toBe(
        `enter "API_KEY", "MODE" again: mcp-inspect keeps those values only for \`node server.js\` with the environment it was given (here ${added} added)`,
      );
    expect(keptSecretsRefusal({ ...server, env: { API_KEY: null } }, ['API_KEY'], held)).toContain(
      '(here MODE removed)',
    );
    expect(
      keptSecretsRefusal({ ...server, env: { API_KEY: null, MODE: 'debug' } }, ['API_KEY'], held),
    ).toContain('(here MODE given a new value)');
    // The page knows only the names it was given: the same rule with envKeys.
    expect(
      sameSecretOwner(
        { ...server, env: { ...keep, NODE_OPTIONS: '' } },
        { ...server, envKeys: ['API_KEY', 'MODE'] },
      ),
    ).toBe(false);
    expect(keptSecretsRefusal({ ...server, cwd: '/elsewhere', env: keep }, ['API_KEY'], held)).toBe(
      'enter "API_KEY" again: mcp-inspect keeps that value only for `node server.js`',
    );
  });
});
