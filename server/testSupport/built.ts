import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where globalSetup.ts put this run's JavaScript of server/ and shared/. */
    unitBuildDir: string;
  }
}

/** A source file's JavaScript, as globalSetup.ts transpiled it for this run: `built('server/cli.ts')`. */
export function built(source: string): string {
  return join(inject('unitBuildDir'), source.replace(/\.ts$/, '.js'));
}
