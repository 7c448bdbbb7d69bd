import { describe, expect, it } from 'vitest';
import { matchRule, parseInjectRule, type InjectRule } from './injectRules.js';

function rule(text: string): InjectRule {
  const parsed = parseInjectRule(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

describe('--inject rules', () => {
  it('reads each action, with → or ->', () => {
    expect(rule('tools/call name=X → error -32603')).toMatchObject({
      method: 'tools/call',
      name: 'X',
      action: { kind: 'error', code: -32603, message: 'injected by mcp-inspect proxy' },
    });
    expect(rule('tools/call -> error -32000 "server on fire"').action).toEqual({
      kind: 'error',
      code: -32000,
      message: 'server on fire',
    });
    expect(rule('tools/list -> delay=500ms').action).toEqual({ kind: 'delay', ms: 500 });
    expect(rule('tools/list -> delay 2s').action).toEqual({ kind: 'delay', ms: 2000 });
    expect(rule('notifications/progress from=server -> drop')).toMatchObject({
      from: 'server',
      action: { kind: 'drop' },
    });
    expect(rule('tools/call name=big -> truncate 100').action).toEqual({ kind: 'truncate', bytes: 100 });
    expect(rule('* -> truncate').action).toEqual({ kind: 'truncate', bytes: undefined });
  });

  it('says what is wrong with a rule it cannot read', () => {
    expect(parseInjectRule('tools/call error')).toEqual({ error: expect.stringContaining('no "->"') });
    expect(parseInjectRule('tools/call -> explode')).toEqual({
      error: expect.stringContaining('is not an action'),
    });
    expect(parseInjectRule('tools/call -> delay soon')).toEqual({
      error: expect.stringContaining('duration'),
    });
    expect(parseInjectRule('tools/call -> delay 11m')).toEqual({
      error: expect.stringContaining('duration'),
    });
    expect(parseInjectRule('tools/call color=red -> drop')).toEqual({
      error: expect.stringContaining('color=red'),
    });
    expect(parseInjectRule(' -> drop')).toEqual({ error: expect.stringContaining('name a method') });
  });

  it('matches by method, name (or uri) and sender', () => {
    const rules = [
      rule('tools/call name=echo from=host -> drop'),
      rule('resources/read name=demo://a -> drop'),
      rule('* from=server -> delay 1ms'),
    ];
    expect(matchRule(rules, { method: 'tools/call', params: { name: 'echo' } }, 'host')).toBe(rules[0]);
    expect(matchRule(rules, { method: 'tools/call', params: { name: 'add' } }, 'host')).toBeUndefined();
    expect(matchRule(rules, { method: 'resources/read', params: { uri: 'demo://a' } }, 'host')).toBe(
      rules[1],
    );
    expect(matchRule(rules, { method: 'sampling/createMessage' }, 'server')).toBe(rules[2]);
    // A response has no method: rules never match one.
    expect(matchRule(rules, { id: 1 } as { method?: unknown }, 'server')).toBeUndefined();
  });
});
