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
  const runButton = page.getByRole('button', { name: 'Run tool' });
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
    runButton,
    result: page.getByRole('region', { name: 'Result', exact: true }),
    async pickTool(title: string, name: string): Promise<void> {
      await toolOption(title, name).click();
      await expect(toolPanel(name)).toBeVisible();
    },
    /** Types the arguments and runs the open tool with its button. */
    async run(argsText: string): Promise<void> {
      await args.fill(argsText);
      await runButton.click();
    },
  };
}
