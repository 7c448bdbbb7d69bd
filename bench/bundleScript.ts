import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles a bench's direct SDK client (its baseline) into one ESM file, as scripts/build-server.mjs
 * bundles the CLI: both then load the same way, so the comparison is of the work, not of module
 * loading. Bundled CommonJS calls require(), hence the banner.
 */
export async function bundleScript(source: string, outfile: string): Promise<void> {
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
  });
}
