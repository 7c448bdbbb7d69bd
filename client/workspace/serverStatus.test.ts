import { describe, expect, it } from 'vitest';
import type { TargetState } from '../../shared/wire';
import type { InspectorSnapshot, McpConnection } from '../bridge/sessionSnapshot';
import type { WorkspaceServerView } from '../../shared/workspace/pageWire';
import { serverStatus } from './serverStatus';

const view = (more: Partial<WorkspaceServerView> = {}): WorkspaceServerView => ({
  id: '0',
  name: 'demo',
  label: 'node demo.js',
  kind: 'stdio',
  state: null,
  ...more,
});
const state = (name: TargetState['state'], more: Partial<TargetState> = {}): TargetState =>
  ({ type: 'state', seq: 1, t: 0, generation: 1, state: name, ...more }) as TargetState;
const snapshot = (targetState: TargetState, mcp?: Partial<McpConnection>): InspectorSnapshot =>
  ({
    auth: 'ok',
    socket: { kind: 'open' },
    targetState,
    ...(mcp ? { mcp: { generation: 1, status: 'ready', ...mcp } } : {}),
  }) as InspectorSnapshot;

describe("a server's state in the workspace's list", () => {
  it("is connected once its page's client is ready, starting until then", () => {
    expect(serverStatus(view(), snapshot(state('connected')), false).kind).toBe('starting');
    expect(serverStatus(view(), snapshot(state('connected'), { status: 'initializing' }), false).kind).toBe(
      'starting',
    );
    expect(serverStatus(view(), snapshot(state('connected'), { status: 'ready' }), false)).toEqual({
      kind: 'connected',
      label: 'connected',
    });
  });

  it('says why it is not: the exit code and its last stderr line, the failure, the client error', () => {
    const exited = state('exited', { code: 3, stderrTail: ['starting', 'boom: no config'] });
    expect(serverStatus(view(), snapshot(exited), false)).toEqual({
      kind: 'exited',
      label: 'exited',
      detail: 'exit code 3: boom: no config',
    });
    expect(serverStatus(view(), snapshot(state('failed', { reason: 'ECONNREFUSED' })), false).detail).toBe(
      'ECONNREFUSED',
    );
    expect(
      serverStatus(
        view(),
        snapshot(state('connected'), { status: 'failed', error: 'initialize timed out' }),
        false,
      ),
    ).toMatchObject({ kind: 'error', detail: 'initialize timed out' });
    expect(serverStatus(view(), snapshot(state('stopped')), false).kind).toBe('disconnected');
  });

  it("reads the bridge's list before the page has loaded, and an entry that cannot start as such", () => {
    expect(serverStatus(view({ state: state('exited', { code: 1 }) }), undefined, false).kind).toBe('exited');
    expect(serverStatus(view({ problem: 'asks for MY_KEY' }), undefined, false)).toMatchObject({
      kind: 'cannot-start',
      detail: 'asks for MY_KEY',
    });
    expect(serverStatus(view(), snapshot(state('failed')), true).kind).toBe('needs-sign-in');
  });
});
