import { readFileSync, writeFileSync } from 'node:fs';
import { fixtureStdio } from './support/servers.js';
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

test('Check era parity: the demo server agrees with itself in both eras', async ({ page, cli }) => {
  await page.goto(cli.url);
  await page.getByRole('tab', { name: 'Server', exact: true }).click();
  await page.getByRole('button', { name: 'Check era parity' }).click();
  await expect(page.getByRole('status', { name: 'Era parity' })).toHaveText(
    'The eras agree (2025-11-25 and 2026-07-28)',
    { timeout: 30_000 },
  );
});

test.describe('a server whose eras drifted apart', () => {
  test.use({ cliArgs: fixtureStdio('eraSplit.mjs') });
  test('Check era parity names each difference with its legacy and modern values', async ({ page, cli }) => {
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Server', exact: true }).click();
    await page.getByRole('button', { name: 'Check era parity' }).click();
    await expect(page.getByRole('status', { name: 'Era parity' })).toHaveText(
      'The eras differ: 2 differences',
      {
        timeout: 30_000,
      },
    );
    const table = page.getByRole('table', { name: 'Era differences' });
    await expect(
      table.getByRole('row', { name: 'tool "legacy_only" is in the legacy era only' }),
    ).toContainText('$.tools["legacy_only"]');
    const lang = table.getByRole('row', {
      name: 'tool "echo": required argument "lang" is in the modern era only',
    });
    await expect(lang.locator('td.value.after')).toHaveText(/"type": "string"/);
  });
});
