// The server's floors (docs/architecture.md) are held by the ESLint layer rule (eslint.config.js):
// an upward import fails `npm run check`, and a folder added to server/ without a place in the
// order fails here.
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** What the lint says of `code` as if it were the file at `path`. */
async function lintAs(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((message) => message.message);
}

/** The folders a file of `folder` may not import, as the lint config says. */
async function foldersAbove(folder: string): Promise<string[] | undefined> {
  const config = (await eslint.calculateConfigForFile(join(ROOT, 'server', folder, 'x.ts'))) as Linter.Config;
  const setting = config.rules?.['no-restricted-imports'];
  const patterns = Array.isArray(setting) ? (setting[1] as { patterns?: { regex?: string }[] }).patterns : [];
  for (const { regex } of patterns ?? []) {
    const above = regex && /^\^(?:\\\.\\\.\/)+\(([^)]+)\)/.exec(regex)?.[1];
    if (above && !above.includes('client')) return above.split('|');
  }
  return undefined;
}

describe('the server floors', () => {
  it('an upward import fails the lint: a static import, a re-export, an import()', async () => {
    const messages = await lintAs(
      'server/targets/upward.ts',
      [
        "import { EXIT } from '../session/exitCodes.js';",
        "export { runVerb } from '../verbs/main.js';",
        "export const later = () => import('../cli/cli.js');",
        'export const exit = EXIT;',
      ].join('\n'),
    );
    expect(messages).toHaveLength(3);
    for (const message of messages)
      expect(message).toMatch(/server\/targets\/ is below .*docs\/architecture\.md/);
  });

  it('the same imports from above pass, and a subfolder does not count ../ past its floor', async () => {
    expect(
      await lintAs(
        'server/verbs/deeper/downward.ts',
        [
          "import { EXIT } from '../../session/exitCodes.js';",
          "import { spawn } from '../../targets/spawnServer.js';",
          // A folder of verbs/ named like a floor: verbs/deeper/ → verbs/cli/, not server/cli/.
          "import { near } from '../cli/near.js';",
          'export const used = [EXIT, spawn, near];',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await lintAs('server/session/deeper/upward.ts', "export * from '../../http/httpApp.js';"),
    ).toHaveLength(1);
  });

  it('tests may reach up: they drive a floor from above', async () => {
    expect(await lintAs('server/targets/up.test.ts', "export * from '../testSupport/bridges.js';")).toEqual(
      [],
    );
  });

  it('every folder of server/ has its place in one order, and nothing is above the top one', async () => {
    const folders = readdirSync(join(ROOT, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const above = new Map<string, string[]>();
    for (const folder of folders) above.set(folder, (await foldersAbove(folder)) ?? []);
    // A chain: the counts of folders above are 0, 1, …, n−1, each names only real folders, and
    // each folder's set holds the set of the folder just above it.
    const byHeight = [...above.entries()].sort(([, a], [, b]) => b.length - a.length);
    expect(byHeight.map(([, list]) => list.length)).toEqual(folders.map((_, at) => folders.length - 1 - at));
    for (const [at, [folder, list]] of byHeight.entries()) {
      for (const name of list) expect(folders, `${folder} is below ${name}`).toContain(name);
      const next = byHeight[at + 1];
      if (next) expect(list).toEqual(expect.arrayContaining([next[0], ...next[1]]));
    }
  });
});
