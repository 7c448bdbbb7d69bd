import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { appMayCall, isAppOnly, toolApp } from '../../session/toolApp';

const tool = (meta?: Record<string, unknown>): Tool =>
  ({ name: 't', inputSchema: { type: 'object' }, ...(meta ? { _meta: meta } : {}) }) as Tool;

describe("a tool's app", () => {
  it('is read from _meta.ui.resourceUri or the deprecated flat key', () => {
    expect(toolApp(tool())).toBeUndefined();
    expect(toolApp(tool({ ui: { resourceUri: 'ui://a/b.html' } }))).toEqual({ uri: 'ui://a/b.html' });
    expect(toolApp(tool({ 'ui/resourceUri': 'ui://a/c.html' }))).toEqual({ uri: 'ui://a/c.html' });
    expect(toolApp(tool({ ui: { resourceUri: 'https://evil.example/app.html' } }))).toMatchObject({
      problem: expect.stringContaining('does not allow'),
    });
  });

  it('follows visibility: both by default, app-only and model-only', () => {
    expect(appMayCall(tool())).toBe(true);
    expect(isAppOnly(tool())).toBe(false);
    expect(isAppOnly(tool({ ui: { visibility: ['app'] } }))).toBe(true);
    expect(appMayCall(tool({ ui: { visibility: ['model'] } }))).toBe(false);
  });
});
