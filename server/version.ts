import { readFileSync } from 'node:fs';

/**
 * The package's version. The file sits one level deeper when compiled (dist/server) than in
 * the source tree (server/), so both places are tried.
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
