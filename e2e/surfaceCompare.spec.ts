import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './support/test.js';

// The Server tab's "Compare with a snapshot…" (issue 25): the demo server's snapshot saved from the
// page, changed as an older release would differ, and compared with the live server, breaking
// changes marked; a file cut off is named with its line.

test('a saved snapshot, changed, compared with the live server: each change beside its old and new values', async ({
  page,
  cli,
}, testInfo) => {
  await page.goto(cli.url);
  await page.getByRole('tab', { name: 'Server', exact: true }).click();
  const compare = page.getByRole('region', { name: 'Compare surfaces' });

  const downloading = page.waitForEvent('download');
  await compare.getByRole('button', { name: 'Save snapshot' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('surface.json');
  const saved = testInfo.outputPath('surface.json');
  await download.saveAs(saved);
  const snapshot = JSON.parse(readFileSync(saved, 'utf8')) as {
    format: string;
    surface: { tools: { name: string; description?: string; inputSchema: unknown }[] };
  };
  expect(snapshot.format).toBe('mcp-inspect-snapshot');

  // Unchanged: no changes.
  await compare.getByLabel('Compare with a snapshot or recording').setInputFiles(saved);
  await expect(compare.getByRole('status', { name: 'Comparison summary' })).toHaveText(
    'surface.json → this server: no changes',
  );

  // An "older release": it had a tool the server no longer has, and echo said something else.
  snapshot.surface.tools.push({ name: 'retired_tool', inputSchema: { type: 'object' } });
  const echo = snapshot.surface.tools.find((tool) => tool.name === 'echo');
  if (echo) echo.description = 'An older description.';
  const older = testInfo.outputPath('older.json');
  writeFileSync(older, JSON.stringify(snapshot, null, 2));
  await compare.getByLabel('Compare with a snapshot or recording').setInputFiles(older);
  await expect(compare.getByRole('status', { name: 'Comparison summary' })).toHaveText(
    'older.json → this server: 1 breaking, 1 compatible',
  );
  const table = compare.getByRole('table', { name: 'Changes' });
  const removed = table.getByRole('row', { name: 'breaking: tool "retired_tool" removed' });
  await expect(removed).toContainText('$.tools["retired_tool"]');
  await expect(removed.locator('td.value.after')).toHaveText('—');
  const reworded = table.getByRole('row', { name: 'compatible: tool "echo": description changed' });
  await expect(reworded.locator('td.value.before')).toHaveText('"An older description."');
  await expect(reworded.locator('td.value.after')).toHaveText(
    '"Returns the message as text, optionally uppercased."',
  );
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('compare.png') });

  // A file cut off: named with its line, nothing compared.
  const cut = testInfo.outputPath('cut.json');
  writeFileSync(cut, readFileSync(saved, 'utf8').slice(0, 300));
  await compare.getByLabel('Compare with a snapshot or recording').setInputFiles(cut);
  await expect(compare.getByRole('alert')).toContainText(
    /^cut\.json: line \d+, column \d+: .*\(the file is cut off\)$/,
  );
});
