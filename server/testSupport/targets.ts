import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { TargetSpec } from '../targets/targetSpec.js';
import type { TargetTuning } from '../targets/target.js';
import { built } from './built.js';

/**
 * The waits on a target in tests: a server that ignores SIGTERM gets SIGKILL after 250 ms (2.5 s
 * in the product). A URL target's connect timeout stays the product's; the one test of it
 * shortens it itself.
 */
export const TEST_TUNING = { killGraceMs: 250 } as const satisfies TargetTuning;

/** The demo server, from this run's JavaScript (see globalSetup.ts). */
export function demoTarget(): TargetSpec {
  return {
    kind: 'stdio',
    command: process.execPath,
    args: [built('server/demo/demoServer.ts')],
    env: {},
    demo: true,
    era: 'auto',
  };
}

/** A stdio target running a small inline Node script. */
export function scriptTarget(script: string, env: Record<string, string> = {}): TargetSpec {
  return { kind: 'stdio', command: process.execPath, args: ['-e', script], env, demo: false, era: 'auto' };
}

/** A fixture server of the e2e suite (e2e/fixtures/), which the unit tests drive too. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../../e2e/fixtures/${name}`, import.meta.url));
}

/** A stdio target running an e2e fixture server with Node. */
export function fixtureTarget(name: string): TargetSpec {
  return {
    kind: 'stdio',
    command: process.execPath,
    args: [fixturePath(name)],
    env: {},
    demo: false,
    era: 'auto',
  };
}

/** The entry point of @modelcontextprotocol/server-everything, a server nobody here wrote. */
export const EVERYTHING_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);
