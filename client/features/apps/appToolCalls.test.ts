import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { appToolCalls } from './appToolCalls';

const tool = (name: string, meta?: Record<string, unknown>): Tool =>
  ({
    name,
    inputSchema: { type: 'object' },
    annotations: { readOnlyHint: true },
    ...(meta ? { _meta: meta } : {}),
  }) as Tool;

describe("an app's tools/call", () => {
  const calls = appToolCalls({
    deps: {
      serverName: 's',
      tools: () => [
        tool('shared'),
        tool('for_apps', { ui: { visibility: ['app'] } }),
        tool('secret', { ui: { visibility: ['model'] } }),
      ],
    },
    ask: () => undefined,
    settle: () => undefined,
  });

  it('may call listed tools visible to apps', () => {
    expect(calls.check({ name: 'shared' }).name).toBe('shared');
    expect(calls.check({ name: 'for_apps' }).name).toBe('for_apps');
  });

  it('is refused for a tool the server does not list, or keeps from apps', () => {
    expect(() => calls.check({ name: 'nope' })).toThrow(/not in the server's tools\/list/);
    expect(() => calls.check({ name: 'secret' })).toThrow(/not visible to apps/);
  });

  it('goes without asking when the tool is read-only', async () => {
    await expect(calls.confirm(tool('shared'), { name: 'shared' })).resolves.toBeUndefined();
  });
});
