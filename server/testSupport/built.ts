import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where globalSetup.ts built this run's CLI and demo server. */
    unitBuildDir: string;
  }
}

/**
 * The two entries scripts/build-server.mjs bundles (the rest is bundled into them), by source,
 * and where each lands in the build: the CLI ships as server/cli.js, the package's bin.
 */
const ENTRIES: Record<string, string> = {
  'server/cli/cli.ts': 'server/cli.js',
  // The CLI's source before the server root was grouped by concern; tests written then name it.
  'server/cli.ts': 'server/cli.js',
  'server/demo/demoServer.ts': 'server/demo/demoServer.js',
};

/**
 * An entry's JavaScript, as globalSetup.ts built it for this run: `built('server/cli/cli.ts')`
 * or `built('server/demo/demoServer.ts')`.
 */
export function built(source: string): string {
  const output = ENTRIES[source];
  if (output === undefined)
    throw new Error(`${source} is not an entry of the build (${Object.keys(ENTRIES).join(', ')})`);
  return join(inject('unitBuildDir'), output);
}
