import type { Page } from '@playwright/test';

/**
 * A first, unmeasured run of the open tool that answers its confirmation (a tool without
 * hints counts as destructive) with "don't ask again", so the measured runs that follow time
 * the call alone. Resolves once that run's result is on the page.
 */
export async function runOnceConfirming(page: Page): Promise<void> {
  const results = page.getByRole('region', { name: 'Result', exact: true });
  const before = await results.count();
  await page.getByRole('button', { name: 'Run tool' }).click();
  const dialog = page.getByRole('dialog', { name: /^Run .+\?$/ });
  await dialog.or(results.nth(before)).first().waitFor();
  if (await dialog.isVisible()) {
    await dialog.getByRole('checkbox', { name: "Don't ask again for this tool" }).check();
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  }
  await results.nth(before).waitFor({ timeout: 120_000 });
}

/** Opens a tool by name through the list's filter (the list is virtualized). */
export async function openTool(page: Page, name: string): Promise<void> {
  await page.getByLabel('Filter tools').fill(name);
  await page
    .getByRole('listbox', { name: 'Tools' })
    .getByRole('option', { name: new RegExp(`(^|\\s)${name}($|\\s)`) })
    .first()
    .click();
  await page.getByRole('region', { name: `Tool ${name}`, exact: true }).waitFor();
}
