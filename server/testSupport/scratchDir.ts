import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A fresh folder in the system's temp dir for the running test, removed when it finishes
 * (passed or failed): tests leave nothing behind outside the repo. Call it inside a test.
 */
export function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mcp-inspect-${name}-`));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
