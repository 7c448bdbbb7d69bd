// The page's view of the person's lint config: the route over a real HTTP listener, reading the
// folder's mcp-inspect.lint.json afresh each time, with problems named by line and column.
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it, onTestFinished } from 'vitest';
import { API_LINT_CONFIG_PATH } from '../../shared/http.js';
import type { LintConfigState } from '../../shared/lint/index.js';
import { lintConfigRouter } from './lintConfigRoute.js';
import { scratchDir } from '../testSupport/scratchDir.js';

async function served(cwd: string): Promise<() => Promise<LintConfigState>> {
  const app = express();
  app.use(lintConfigRouter(cwd));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return async () =>
    (await (await fetch(`http://127.0.0.1:${port}${API_LINT_CONFIG_PATH}`)).json()) as LintConfigState;
}

describe('GET /api/lint-config', () => {
  it('no file: the default severities, said as such', async () => {
    const dir = scratchDir('lint-config');
    const read = await served(dir);
    expect(await read()).toEqual({
      path: join(dir, 'mcp-inspect.lint.json'),
      exists: false,
      config: { rules: {} },
      problems: [],
    });
  });

  it('reads the file afresh on each request, and names what is wrong with its line and column', async () => {
    const dir = scratchDir('lint-config');
    const file = join(dir, 'mcp-inspect.lint.json');
    const read = await served(dir);
    writeFileSync(file, JSON.stringify({ rules: { 'unbounded-input': 'off', 'tool-name-format': 'error' } }));
    expect(await read()).toMatchObject({
      exists: true,
      config: { rules: { 'unbounded-input': 'off', 'tool-name-format': 'error' } },
      problems: [],
    });
    writeFileSync(file, '{\n  "rules": {\n    "no-such-rule": "off",\n  }\n}\n');
    const broken = await read();
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `),
    );
  });
});
