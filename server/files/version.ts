import { readFileSync } from 'node:fs';

/**
 * The package's version. The bundle (dist/server/cli.js) sits one level nearer the package
 * root than this source file (server/cli/), so both places are tried.
 */
export function readVersion(): string {
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'mcp-inspect' && pkg.version) return pkg.version;
    } catch {
      // Try the next place.
    }
  }
  return '0.0.0';
}
