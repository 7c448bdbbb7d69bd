import { fileURLToPath } from 'node:url';
import { expect, inspector, test } from './support/test.js';

// The Lint tab on a server that breaks design rules (the lint fixture of that family, as the
// lint verb's tests use it): findings by severity with rule, path, message, why, fix and
// reference; a count on each tool in the list; one click from a finding to the tool.

const SERVE = fileURLToPath(new URL('../server/testSupport/lintFixtures/serve.ts', import.meta.url));
test.use({ cliArgs: [process.execPath, '--import', 'tsx', SERVE, 'design'] });

test('findings by severity, each explained, one click from a finding to its tool', async ({ page, cli }) => {
  await page.goto(cli.url);
  const ui = inspector(page);
  // The badges: counted once the list has painted.
  await expect(ui.tools.locator('.lint-badge[data-tool="delete_file"]')).toHaveText('4');
  await expect(ui.tools.locator('.lint-badge[data-tool="delete_file"]')).toHaveAttribute(
    'title',
    '4 lint findings (see the Lint tab)',
  );
  await expect(ui.tools.locator('.lint-badge.error[data-tool="weather"]')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tool-badges.png') });

  await page.getByRole('tab', { name: 'Lint' }).click();
  const lint = page.getByRole('region', { name: 'Lint' });
  await expect(lint.getByRole('status')).toHaveText(/^2 errors, \d+ warnings, \d+ hints$/);
  // No mcp-inspect.lint.json where the CLI started: the rules' own severities, and the page says so.
  await expect(lint.getByRole('note', { name: 'Rules' })).toContainText('at their default severities (no ');
  const errors = lint.getByRole('region', { name: 'Errors' });
  const hidden = errors.getByRole('listitem').filter({ hasText: 'hidden-unicode' });
  await expect(hidden).toContainText('tools[5].description');
  await expect(hidden).toContainText(
    '1 invisible character in text the model reads: 1 zero-width character (U+200B)',
  );
  await expect(hidden).toContainText('Zero-width, bidirectional and tag characters hide text');
  await expect(hidden).toContainText('Remove the invisible characters');
  await expect(hidden.getByRole('link')).toHaveAttribute('href', /^https:\/\//);
  const warnings = lint.getByRole('region', { name: 'Warnings' });
  await expect(warnings.getByRole('listitem').filter({ hasText: 'raw-path-or-command' })).toContainText(
    'tools[2].inputSchema.properties.path',
  );
  await expect(lint.getByRole('region', { name: 'Hints' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('lint-tab.png'), fullPage: false });

  await hidden.getByRole('button', { name: 'Show weather' }).click();
  await expect(page.getByRole('tab', { name: 'Tools' })).toHaveAttribute('aria-selected', 'true');
  await expect(ui.toolPanel('weather')).toBeVisible();
  // The list's cursor moved to the tool shown, so the keyboard goes on from there.
  const shown = ui.tools.getByRole('option', { selected: true });
  await expect(shown).toContainText('weather');
  await expect(ui.tools).toHaveAttribute('aria-activedescendant', (await shown.getAttribute('id')) ?? '');
});

test.describe('probes from the page', () => {
  test.use({ cliArgs: [process.execPath, '--import', 'tsx', SERVE, 'clean'] });

  test('Run probes calls the read-only tools only, and a server that answers well stays without findings', async ({
    page,
    cli,
  }) => {
    // Four calls, one with a 1 MiB argument, through the bridge: on a busy machine, past 30 s.
    test.slow();
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Lint' }).click();
    const lint = page.getByRole('region', { name: 'Lint' });
    await expect(lint.getByRole('status')).toHaveText('No findings.');
    const probes = lint.getByRole('note', { name: 'Probes' });
    await expect(probes).toContainText(
      'read-only tools that declare openWorldHint: false only, unless widened',
    );
    await lint.getByRole('button', { name: 'Run probes' }).click();
    // The unknown tool, and for search_notes refused and oversized arguments and a plain call;
    // delete_note may change things, so it is left alone. A busy machine may make an answer slow.
    await expect(probes).toHaveText(
      /^\d+ probes run, their findings below; not called \(not read-only, so they may change things\): delete_note(; slow answers \(in time, not hangs\): .+)?$/,
      {
        timeout: 60_000,
      },
    );
    await expect(lint.getByRole('status')).toHaveText('No findings.');
    await page.screenshot({ path: test.info().outputPath('lint-probes.png') });
  });
});
