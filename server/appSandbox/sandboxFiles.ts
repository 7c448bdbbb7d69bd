import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** One file the sandbox listener may serve, read once at start. */
export interface SandboxFile {
  body: Buffer;
  type: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The built sandbox page and its script, by URL path. Read into memory at start: the listener
 * then serves exactly these files and nothing else, whatever appears on disk later, and a path
 * from a request never reaches the file system.
 */
export function loadSandboxFiles(dir: string): Map<string, SandboxFile> {
  const files = new Map<string, SandboxFile>();
  if (!existsSync(dir)) return files;
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const type = TYPES[extname(name)];
      if (type) files.set(`/${relative(dir, path).split(sep).join('/')}`, { body: readFileSync(path), type });
    }
  };
  walk(dir);
  return files;
}
