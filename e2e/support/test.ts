import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { startCli, type RunningCli } from './cli.js';

export { expect };

interface CliFixtures {
  /** What follows `mcp-inspect --no-open --port 0`: empty for the bundled demo server. */
  cliArgs: string[];
  /** This test's own mcp-inspect, stopped after the test whatever its outcome. */
  cli: RunningCli;
}

export const test = base.extend<CliFixtures>({
  cliArgs: [[], { option: true }],
  cli: async ({ cliArgs }, use, testInfo) => {
    const cli = await startCli(cliArgs);
    try {
      await use(cli);
    } finally {
      await cli.stop();
      // The terminal is half of what a person sees; keep it with a failed test's report.
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('mcp-inspect output', { body: cli.output(), contentType: 'text/plain' });
      }
    }
  },
});

/** The page as a person finds it: by role and accessible name. */
export function inspector(page: Page) {
  const tools = page.getByRole('listbox', { name: 'Tools' });
  const args = page.getByRole('textbox', { name: 'Arguments (JSON)' });
  const form = page.getByRole('group', { name: 'Arguments form' });
  const runButton = page.getByRole('button', { name: 'Run tool' });
  /** Every call made from the open tool, newest first. */
  const calls = page.getByRole('region', { name: /^Call \d+$/ });
  const call = (id: number): Locator => page.getByRole('region', { name: `Call ${id}`, exact: true });
  const toolPanel = (name: string): Locator =>
    page.getByRole('region', { name: `Tool ${name}`, exact: true });
  /** A tool's option shows its display title and, when they differ, its name. */
  const toolOption = (title: string, name: string): Locator =>
    tools.getByRole('option', { name: title === name ? name : `${title} ${name}`, exact: true });

  return {
    connectionState: page.getByRole('status', { name: 'Connection state' }),
    server: page.getByRole('region', { name: 'Server', exact: true }),
    serverProblem: page.getByRole('alert', { name: 'Server problem' }),
    /** The traffic pane's list, where stderr lines and transport errors appear among the frames. */
    traffic: page.getByRole('grid', { name: 'Traffic' }),
    tools,
    toolOption,
    toolPanel,
    args,
    form,
    runButton,
    calls,
    call,
    /** The newest call's result. */
    result: calls.first().getByRole('region', { name: 'Result', exact: true }),
    /** Switches the open tool to raw JSON and types the text into the editor (Monaco). */
    async typeJson(text: string): Promise<void> {
      await page.getByRole('button', { name: 'JSON', exact: true }).click();
      // Monaco is loaded on first use: several MB to parse, slow on a busy machine.
      await expect(args).toBeAttached({ timeout: 20_000 });
      await args.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      // insertText, not typing: Monaco would add closing quotes and brackets to typed keys.
      await page.keyboard.insertText(text);
    },
    async pickTool(title: string, name: string): Promise<void> {
      // The list is virtualized: filter to the tool, as a person would, so it is drawn.
      await page.getByLabel('Filter tools').first().fill(name);
      await toolOption(title, name).click();
      await expect(toolPanel(name)).toBeVisible();
    },
    /** The confirmation a tool that may be destructive asks for. */
    confirmDialog: page.getByRole('dialog', { name: /^Run .+\?$/ }),
    /** Like run, for a tool that asks first (no annotations: destructive by default): says yes. */
    async runConfirmed(argsText: string): Promise<void> {
      await this.run(argsText);
      await page.getByRole('dialog').getByRole('button', { name: 'Run', exact: true }).click();
    },
    /** Types the arguments as JSON and runs the open tool with its button. */
    async run(argsText: string): Promise<void> {
      await this.typeJson(argsText);
      await runButton.click();
    },
    /**
     * Picks a tool by its name (whatever its title), runs it with these arguments and, when
     * the tool asks for confirmation (hints destructive, e.g. none declared), confirms:
     * for specs about what follows a call rather than about the call itself.
     */
    async runTool(name: string, argsText = '{}'): Promise<void> {
      await page.getByRole('tab', { name: 'Tools', exact: true }).click();
      // The list is virtualized: filter to the tool, as a person would, so it is drawn.
      await page
        .getByRole('searchbox', { name: 'Filter tools' })
        .or(page.getByLabel('Filter tools'))
        .first()
        .fill(name);
      await tools
        .getByRole('option', { name: new RegExp(`(^|\\s)${name.replace(/[-]/g, '\\-')}($|\\s)`) })
        .first()
        .click();
      await expect(toolPanel(name)).toBeVisible();
      const before = await calls.count();
      await this.run(argsText);
      const dialog = page.getByRole('dialog', { name: /^Run .+\?$/ });
      await expect(dialog.or(calls.nth(before))).toBeVisible();
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    },
  };
}
