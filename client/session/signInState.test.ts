import { describe, expect, it } from 'vitest';
import type { TargetInfo, TargetState } from '../../shared/wire';
import { signInStateOf } from './signInState';

const url = {
  kind: 'url',
  url: 'http://127.0.0.1:1/mcp',
  transport: 'auto',
  headerNames: [],
} as unknown as TargetInfo;
const stdio = { kind: 'stdio', command: 'node', args: [], envKeys: [] } as unknown as TargetInfo;
const state = (name: TargetState['state']): TargetState =>
  ({ type: 'state', seq: 1, t: 0, generation: 1, state: name }) as TargetState;

describe('a server waiting for a sign-in', () => {
  it('is a URL server that failed to start while the OAuth flow asks for or runs a sign-in', () => {
    expect(signInStateOf(url, state('failed'), 'needed')).toBe('needs-sign-in');
    for (const status of ['running', 'paused', 'waiting-for-browser'] as const) {
      expect(signInStateOf(url, state('failed'), status)).toBe('signing-in');
    }
  });

  it('is not a failure for another reason, a connected server, a stdio server or a failed sign-in', () => {
    expect(signInStateOf(url, state('failed'), 'idle')).toBeUndefined();
    expect(signInStateOf(url, state('failed'), 'failed')).toBeUndefined();
    expect(signInStateOf(url, state('failed'), undefined)).toBeUndefined();
    expect(signInStateOf(url, state('connected'), 'needed')).toBeUndefined();
    expect(signInStateOf(stdio, state('failed'), 'needed')).toBeUndefined();
  });
});
