import type { TargetInfo, TargetState } from '../../shared/wire';

export function targetLabel(target: TargetInfo): string {
  if (target.kind === 'url') return target.url;
  if (target.demo) return 'demo server (bundled)';
  return [target.command, ...target.args].join(' ');
}

export function transportLabel(kind: TargetState['transport']): string {
  switch (kind) {
    case 'stdio':
      return 'stdio';
    case 'sse':
      return 'SSE';
    case 'streamable-http':
      return 'Streamable HTTP';
    default:
      return '';
  }
}

/** One short phrase for the state pill. */
export function stateLabel(state: TargetState | undefined): string {
  if (!state) return 'waiting for the bridge';
  switch (state.state) {
    case 'starting':
      return 'starting';
    case 'connected':
      return 'connected';
    case 'stopped':
      return 'stopped';
    case 'failed':
      return 'failed';
    case 'exited':
      if (state.signal) return `ended by ${state.signal}`;
      return state.code === null || state.code === undefined
        ? 'disconnected'
        : `exited with code ${state.code}`;
  }
}
