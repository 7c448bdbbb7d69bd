import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBridgeStart } from '../../scripts/bridge-start.mjs';
import { built } from '../testSupport/built.js';

// The bridge's start (scripts/bridge-start-budget.mjs), checked on the CLI this run has built,
// and on small builds made here to show that it catches what it is for.

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A server folder as esbuild writes it: file name → its text. */
async function fakeBuild(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-inspect-bridge-start-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

const BUDGET = { maxBytes: 10_000, absent: { 'the lint engine': 'function lintSurface(' } };

/** cli.js, its two start chunks, and what the bridge imports: statically or when asked. */
function buildWith(bridgeImports: string, extra: Record<string, string>): Record<string, string> {
  return {
    'cli.js': 'import{a}from"./chunk-SHARED.js";const b=()=>import("./bridgeServer-X1.js");',
    'bridgeListener-L1.js': 'import"./chunk-SHARED.js";export{}',
    'bridgeServer-X1.js': `${bridgeImports}export function startBridge(){}`,
    'chunk-SHARED.js': 'export const a=1;',
    ...extra,
  };
}

describe("the bridge's start budget", () => {
  it("holds on this run's build, without the features that load when asked", () => {
    const serverDir = dirname(built('server/cli/cli.ts'));
    const { files, totalBytes, limitBytes, problems } = checkBridgeStart(serverDir);
    expect(problems).toEqual([]);
    expect(files.map((file) => file.file)).toContain('cli.js');
    expect(files.some((file) => file.file.startsWith('bridgeServer-'))).toBe(true);
    expect(totalBytes).toBeLessThanOrEqual(limitBytes);
  });

  it('fails a build whose bridge imports something large statically, and names it', async () => {
    const big = `export const table=${JSON.stringify('x'.repeat(20_000))};`;
    const dir = await fakeBuild(buildWith('import{table}from"./chunk-BIG.js";', { 'chunk-BIG.js': big }));
    const { files, problems } = checkBridgeStart(dir, BUDGET);
    expect(files.map((file) => file.file)).toContain('chunk-BIG.js');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/over its budget of 9\.8 KB/);
  });

  it('passes the same code loaded when asked, and follows imports through chunks', async () => {
    const big = `export const table=${JSON.stringify('x'.repeat(20_000))};`;
    const lazy = await fakeBuild(buildWith('const t=()=>import("./chunk-BIG.js");', { 'chunk-BIG.js': big }));
    expect(checkBridgeStart(lazy, BUDGET).problems).toEqual([]);
    const chained = await fakeBuild(
      buildWith('import"./chunk-MID.js";', {
        'chunk-MID.js': 'import{table as t}from"./chunk-BIG.js";export{t}',
        'chunk-BIG.js': big,
      }),
    );
    expect(checkBridgeStart(chained, BUDGET).files.map((file) => file.file)).toContain('chunk-BIG.js');
  });

  it('names a feature that must not be on the start, even small', async () => {
    const lint = 'export function lintSurface(s){return[]}';
    const onStart = await fakeBuild(
      buildWith('import{lintSurface}from"./chunk-LINT.js";', { 'chunk-LINT.js': lint }),
    );
    expect(checkBridgeStart(onStart, BUDGET).problems).toEqual([
      'loaded before the bridge attaches: the lint engine, in chunk-LINT.js (load it when it is asked for)',
    ]);
    const whenAsked = await fakeBuild(
      buildWith('const l=()=>import("./chunk-LINT.js");', { 'chunk-LINT.js': lint }),
    );
    expect(checkBridgeStart(whenAsked, BUDGET).problems).toEqual([]);
  });

  it('says what to run when there is no build', async () => {
    const empty = await fakeBuild({});
    expect(() => checkBridgeStart(empty, BUDGET)).toThrow(/run `npm run build`/);
  });
});
