import { stat } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, inspector } from './test.js';

/** A tool as the list shows it: its name, and its title when it has one. */
export interface ToolRef {
  name: string;
  title?: string;
}

/**
 * Runs a tool with these arguments the way a person does on today's page (pick it, type
 * JSON, click Run) and returns the Result region. The one place the result specs know how a
 * tool is run: when the argument form replaces the JSON box, only this changes.
 */
export async function runTool(
  page: Page,
  tool: ToolRef,
  args: Record<string, unknown> = {},
): Promise<Locator> {
  const ui = inspector(page);
  await ui.runTool(tool.name, JSON.stringify(args));
  await expect(ui.result).toBeVisible();
  return ui.result;
}

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
