import { stat } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

/** The content blocks of a type in a result, by their accessible names. */
export type BlockName = 'Text' | 'Image' | 'Audio' | 'Resource link' | 'Embedded resource';

export function blocks(result: Locator, name: BlockName): Locator {
  return result.getByRole('article', { name, exact: true });
}

/** Clicks a control that starts a download and returns the file's name and size. */
export async function download(page: Page, trigger: Locator): Promise<{ name: string; bytes: number }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: (await stat(path)).size };
}
