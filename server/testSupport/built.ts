import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where globalSetup.ts built this run's CLI and demo server. */
    unitBuildDir: string;
  }
}

/**
 * An entry's JavaScript, as globalSetup.ts built it for this run: `built('server/cli.ts')`, or
 * `built('server/demo/demoServer.ts')` (the only two: the rest is bundled into them).
 */
export function built(source: string): string {
  return join(inject('unitBuildDir'), source.replace(/\.ts$/, '.js'));
}
