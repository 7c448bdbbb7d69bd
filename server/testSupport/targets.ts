import { fileURLToPath } from 'node:url';
import type { TargetSpec } from '../targetSpec.js';

/** The demo server from source, through tsx, so tests need no build. */
export function demoTarget(): TargetSpec {
  return {
    kind: 'stdio',
    command: process.execPath,
    args: ['--import', 'tsx', fileURLToPath(new URL('../demo/demoServer.ts', import.meta.url))],
    env: {},
    demo: true,
    era: 'auto',
  };
}

/** A stdio target running a small inline Node script. */
export function scriptTarget(script: string, env: Record<string, string> = {}): TargetSpec {
  return { kind: 'stdio', command: process.execPath, args: ['-e', script], env, demo: false, era: 'auto' };
}
