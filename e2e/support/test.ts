import { test as base, expect, type Frame, type Locator, type Page } from '@playwright/test';
import { startCli, type RunningCli } from './cli.js';
import type { StartedServer } from './servers.js';

export { expect };

interface CliFixtures {
  /** What follows `mcp-inspect --no-open --port 0`: empty for the bundled demo server. */
  cliArgs: string[];
  /** This test's own mcp-inspect, stopped after the test whatever its outcome. */
  cli: RunningCli;
  /**
   * The same mcp-inspect while it starts. Set up before the page, without waiting: the CLI and
   * its server start while Chromium opens the page (each takes a second or two on a busy machine).
   */
  cliStarting: Promise<RunningCli>;
}

export const test = base.extend<CliFixtures>({
  cliArgs: [[], { option: true }],
  cliStarting: async ({ cliArgs }, use, testInfo) => {
    const starting = startCli(cliArgs);
    // Awaited by `cli`; a failure to start is that fixture's to report.
    starting.catch(() => undefined);
    try {
      await use(starting);
    } finally {
      const cli = await starting.catch(() => undefined);
      await cli?.stop();
      // The terminal is half of what a person sees; keep it with a failed test's report.
      if (cli && testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('mcp-inspect output', { body: cli.output(), contentType: 'text/plain' });
      }
    }
  },
  cli: async ({ cliStarting }, use) => {
    await use(await cliStarting);
  },
  page: async ({ cliStarting, page }, use) => {
    void cliStarting;
    await use(page);
  },
});

/**
 * Starts a server for the tests of the describe block this is called in (once, before the first)
 * and stops it after the last; `url()` is its URL once started.
 */
export function serverForTests(start: () => Promise<StartedServer & { url: string }>): { url(): string } {
  let server: (StartedServer & { url: string }) | undefined;
  test.beforeAll(async () => {
    server = await start();
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    url() {
      if (!server) throw new Error('the server has not started');
      return server.url;
    },
  };
}

/** A tool's arguments as a spec gives them. */
export type ToolArgs = Record<string, unknown>;

/** Values a form field takes as typed: anything else (objects, arrays, null) goes as JSON. */
const isFieldValue = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The page as a person finds it: by role and accessible name. `frame`: a server's page framed in
 * the workspace's page (`mcp-inspect --all`), found within that frame.
 */
export function inspector(page: Page, frame?: Frame) {
  const scope: Page | Frame = frame ?? page;
  const tools = scope.getByRole('listbox', { name: 'Tools' });
  const args = scope.getByRole('textbox', { name: 'Arguments (JSON)' });
  const form = scope.getByRole('group', { name: 'Arguments form' });
  const editorModes = scope.getByRole('group', { name: 'Arguments editor' });
  const preview = scope.getByRole('region', { name: 'Arguments to send' });
  const runButton = scope.getByRole('button', { name: 'Run tool' });
  /** Every call made from the open tool, newest first. */
  const calls = scope.getByRole('region', { name: /^Call \d+$/ });
  const call = (id: number): Locator => scope.getByRole('region', { name: `Call ${id}`, exact: true });
  const toolPanel = (name: string): Locator =>
    scope.getByRole('region', { name: `Tool ${name}`, exact: true });
  /** A tool's option shows its display title and, when they differ, its name. */
  const toolOption = (title: string, name: string): Locator =>
    tools.getByRole('option', { name: title === name ? name : `${title} ${name}`, exact: true });
  /** The tool filter: the list is virtualized, so a tool is filtered to, as a person would, to be drawn. */
  const filter = scope.getByRole('searchbox', { name: 'Filter tools' });
  const confirmDialog = scope.getByRole('dialog', { name: /^Run .+\?$/ });
  const settings = scope.getByRole('region', { name: 'Connection settings' });

  /** Switches the open tool to raw JSON and types the text into the editor (Monaco). */
  const typeJson = async (text: string): Promise<void> => {
    await editorModes.getByRole('button', { name: 'JSON', exact: true }).click();
    // Monaco is loaded on first use: several MB to parse, slow on a busy machine.
    await expect(args).toBeAttached({ timeout: 20_000 });
    await args.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    // insertText, not typing: Monaco would add closing quotes and brackets to typed keys.
    await page.keyboard.insertText(text);
  };

  /** One field of the arguments form, by its name, set as a person would. */
  const setField = async (name: string, value: string | number | boolean): Promise<void> => {
    const exact = { name, exact: true };
    const field = form
      .getByRole('textbox', exact)
      .or(form.getByRole('spinbutton', exact))
      .or(form.getByRole('checkbox', exact))
      .or(form.getByRole('combobox', exact));
    const kind = await field.evaluate((element) =>
      element instanceof HTMLSelectElement ? 'select' : (element as HTMLInputElement).type,
    );
    if (kind === 'select') await field.selectOption(String(value));
    else if (kind === 'checkbox') {
      // An untouched box is unset (not sent): false is sent only once the box was set.
      await field.check();
      if (value === false) await field.uncheck();
    } else await field.fill(String(value));
  };

  /**
   * Gives the open tool these arguments: in its form when every value is one a field takes (the
   * quick way, and the one people use), else as JSON in the editor. Starts from a reset form, so
   * what a previous call left is not sent along, and checks the form will send exactly these.
   */
  const fillArguments = async (values: ToolArgs): Promise<void> => {
    const formButton = editorModes.getByRole('button', { name: 'Form', exact: true });
    if (!Object.values(values).every(isFieldValue) || !(await formButton.isEnabled())) {
      await typeJson(JSON.stringify(values));
      return;
    }
    await scope.getByRole('button', { name: 'Reset', exact: true }).click();
    if ((await formButton.getAttribute('aria-pressed')) !== 'true') await formButton.click();
    for (const [name, value] of Object.entries(values))
      await setField(name, value as string | number | boolean);
    await expect
      .poll(async () => JSON.parse(/(\{.*\})\s*$/.exec((await preview.textContent()) ?? '')?.[1] ?? 'null'), {
        message: 'the form sends exactly the arguments given',
      })
      .toEqual(values);
  };

  /** Runs the open tool with these arguments; when it asks for confirmation, says yes. */
  const run = async (values: ToolArgs = {}): Promise<void> => {
    await fillArguments(values);
    const before = await calls.count();
    await runButton.click();
    await expect(confirmDialog.or(calls.nth(before))).toBeVisible();
    if (await confirmDialog.isVisible())
      await confirmDialog.getByRole('button', { name: 'Run', exact: true }).click();
  };

  return {
    connectionState: scope.getByRole('status', { name: 'Connection state' }),
    server: scope.getByRole('region', { name: 'Server', exact: true }),
    serverProblem: scope.getByRole('alert', { name: 'Server problem' }),
    /** What the page says when its socket to the bridge is gone. */
    bridgeProblem: scope.getByRole('alert', { name: 'Bridge connection problem' }),
    /** The traffic pane's list, where stderr lines and transport errors appear among the frames. */
    traffic: scope.getByRole('grid', { name: 'Traffic' }),
    tools,
    filter,
    toolOption,
    toolPanel,
    args,
    form,
    preview,
    runButton,
    calls,
    call,
    /** The newest call's result. */
    result: calls.first().getByRole('region', { name: 'Result', exact: true }),
    /** The confirmation a tool that may be destructive asks for. */
    confirmDialog,
    typeJson,
    fillArguments,
    run,
    /** The Connection tab's form: which server to inspect. */
    settings,
    /** From the Connection tab, switches to the server at this URL (with a bearer token, if given). */
    async connectToUrl(url: string, options: { bearer?: string } = {}): Promise<void> {
      await scope.getByRole('tab', { name: 'Connection', exact: true }).click();
      await settings.getByRole('radio', { name: /URL/ }).check();
      await settings.getByLabel('URL', { exact: true }).fill(url);
      if (options.bearer !== undefined) await settings.getByLabel('Bearer token').fill(options.bearer);
      await settings.getByRole('button', { name: 'Connect' }).click();
    },
    /** Opens a tab of the page by its name ("Tools", "Resources", …). */
    async tab(name: string): Promise<void> {
      await scope.getByRole('tab', { name, exact: true }).click();
    },
    /** Opens a tool by its display title and name. */
    async pickTool(title: string, name: string): Promise<void> {
      await filter.fill(name);
      await toolOption(title, name).click();
      await expect(toolPanel(name)).toBeVisible();
    },
    /**
     * Opens a tool by its name (whatever its title), from the Tools tab, and runs it with these
     * arguments, confirming when it asks: for specs about what follows a call rather than about
     * the call itself. Returns the new call's result (there once the call ends).
     */
    async runTool(name: string, values: ToolArgs = {}): Promise<Locator> {
      await scope.getByRole('tab', { name: 'Tools', exact: true }).click();
      await filter.fill(name);
      await tools
        .getByRole('option', { name: new RegExp(`(^|\\s)${name.replace(/[-]/g, '\\-')}($|\\s)`) })
        .first()
        .click();
      await expect(toolPanel(name)).toBeVisible();
      await run(values);
      return calls.first().getByRole('region', { name: 'Result', exact: true });
    },
  };
}
