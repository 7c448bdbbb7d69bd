import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Surface } from '../shared/core/surface.js';
import { fixturePath } from './support/cli.js';
import { expect, test } from './support/test.js';
import { scratchFolder } from './support/scratchFolder.js';

// The Server tab's "Compare with another server…" (issue 25): the demo server compared with a
// live copy of it as an older release would differ (its snapshot, changed, served by
// e2e/fixtures/snapshotServer.mjs): the changes classified, and both surfaces side by side,
// aligned by name, a removed tool red on the left, an added one green on the right, a changed
// field marked in place, "Only changes" hiding the rest. A command that does not start is said.

const CLI = fileURLToPath(new URL('../dist/server/cli.js', import.meta.url));
const folder = scratchFolder('mcp-inspect-e2e-compare-target-');

/** The demo's snapshot as an older release: a tool it has since retired, no `fail` yet, older words for `echo`. */
function olderRelease(): string {
  const snapshot = JSON.parse(execFileSync(process.execPath, [CLI, 'snapshot'], { encoding: 'utf8' })) as {
    surface: Surface;
  };
  const { surface } = snapshot;
  surface.tools = surface.tools.filter((tool) => tool.name !== 'fail');
  surface.tools.push({ name: 'old_tool', description: 'Retired since.', inputSchema: { type: 'object' } });
  const echo = surface.tools.find((tool) => tool.name === 'echo');
  if (echo) echo.description = 'Says the message back.';
  const file = join(folder, 'older.json');
  writeFileSync(file, JSON.stringify(snapshot));
  return file;
}

test('another live server compared with this one: changes classified, both surfaces side by side', async ({
  page,
  cli,
}, testInfo) => {
  // Two servers started and read, and a third that fails to: more than the default on a loaded machine.
  test.slow();
  const other = `${process.execPath} ${fixturePath('snapshotServer.mjs')} ${olderRelease()}`;
  await page.goto(cli.url);
  await page.getByRole('tab', { name: 'Server', exact: true }).click();
  const compare = page.getByRole('region', { name: 'Compare surfaces' });
  await compare.getByRole('button', { name: 'Compare with another server…' }).click();
  await compare.getByLabel('Another server: a command line or a URL').fill(other);
  await compare.getByRole('button', { name: 'Compare', exact: true }).click();

  await expect(compare.getByRole('status', { name: 'Comparison summary' })).toHaveText(
    `${other} → this server: 1 breaking, 4 compatible`,
    { timeout: 30_000 },
  );
  const columns = compare.getByRole('table', { name: 'Side by side' });
  await expect(columns.getByRole('columnheader').first()).toHaveText(other);
  const retired = columns.getByRole('row', { name: 'Tools: old_tool' });
  await expect(retired).toHaveClass(/removed/);
  await expect(retired.locator('td.left')).toContainText('old_toolremovedbreaking');
  await expect(retired.locator('td.right')).toBeEmpty();
  const added = columns.getByRole('row', { name: 'Tools: fail' });
  await expect(added).toHaveClass(/added/);
  await expect(added.locator('td.left')).toBeEmpty();
  await expect(added.locator('td.right')).toContainText('failadded');
  const echo = columns.getByRole('row', { name: 'Tools: echo' });
  await expect(echo).toHaveClass(/changed/);
  await expect(echo.locator('td.left li.field')).toContainText('description"Says the message back."');
  await expect(echo.locator('td.right li.field')).toContainText(
    '"Returns the message as text, optionally uppercased."',
  );
  // Only changes, by default: a tool that is the same on both sides is not shown until asked for.
  await expect(columns.getByRole('row', { name: 'Tools: get_weather' })).toHaveCount(0);
  await columns.screenshot({ path: testInfo.outputPath('side-by-side.png') });
  await compare.getByLabel('Only changes').uncheck();
  await expect(columns.getByRole('row', { name: 'Tools: get_weather' })).toHaveClass(/same/);

  await compare
    .getByLabel('Another server: a command line or a URL')
    .fill('mcp-inspect-no-such-command --flag');
  await compare.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(compare.getByRole('alert')).toContainText('mcp-inspect-no-such-command --flag: ');
  await expect(compare.getByRole('alert')).toContainText(/ENOENT|not found/);
});
