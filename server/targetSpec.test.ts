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

  it('keep a secret the bridge holds when the page sends null for it, and drop unknown nulls', () => {
    const next = targetFromRequest(
      { kind: 'stdio', command: 'node', args: ['new.js'], env: { API_KEY: null, NEW: 'typed', GONE: null } },
      current,
    );
    expect(next).toEqual({
      kind: 'stdio',
      command: 'node',
      args: ['new.js'],
      env: { API_KEY: 'from-cli', NEW: 'typed' },
      demo: false,
      era: 'auto',
    });
  });

  it('never keep a stdio secret for a URL target', () => {
    const next = targetFromRequest(
      { kind: 'url', url: 'http://h/mcp', transport: 'auto', headers: { API_KEY: null } },
      current,
    );
    expect(next).toEqual({ kind: 'url', url: 'http://h/mcp', transport: 'auto', headers: {}, era: 'auto' });
  });

  it('describe a target by names only', () => {
    expect(JSON.stringify(describeTarget(current))).not.toContain('from-cli');
  });
});
