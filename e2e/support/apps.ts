import { expect, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { fixtureStdio } from './servers.js';
import { inspector, type ToolArgs } from './test.js';

/** `cliArgs` for the fixture server of apps written with the ext-apps App SDK (e2e/fixtures/appsServer.mjs). */
export const APPS_SERVER = fixtureStdio('appsServer.mjs');

/**
 * A test with an app: it loads two frames, its SDK and a handshake on top of the call, more than
 * the default 30 s on a busy 2-core machine.
 */
export const APP_TEST_TIMEOUT = 60_000;

/** An MCP App view as a person finds it: its region, controls, log and the app inside. */
export function appView(page: Page, scope: Locator | Page = page) {
  const view = scope.getByRole('region', { name: /^App ui:\/\// }).first();
  const outer = view.locator('iframe.app-frame');
  return {
    view,
    status: view.getByRole('status', { name: 'App status' }),
    problem: view.getByRole('alert', { name: 'App problem' }),
    log: view.getByRole('complementary', { name: 'App log' }),
    /** The sandbox frame (the spec's sandbox proxy). */
    outer,
    /** The app's own document, inside the sandbox frame. */
    app: outer.contentFrame().frameLocator('iframe') as FrameLocator,
    control: (name: 'Theme' | 'Display' | 'Locale' | 'Size') =>
      view.getByRole('group', { name: 'Host context' }).getByLabel(name),
    /** The app's frame, to run code in it as the app would. */
    async appFrame(): Promise<Frame> {
      const handle = await outer.elementHandle();
      const sandbox = await handle?.contentFrame();
      if (!sandbox) throw new Error('no sandbox frame');
      await expect.poll(() => sandbox.childFrames().length).toBe(1);
      return sandbox.childFrames()[0] as Frame;
    },
  };
}

/**
 * Opens the inspector at its link and runs a tool that has an app: returns the page's inspector
 * and the app of that first call.
 */
export async function openCallApp(page: Page, url: string, tool: string, args: ToolArgs = {}) {
  const ui = inspector(page);
  await page.goto(url);
  await ui.runTool(tool, args);
  return { ui, app: appView(page, ui.call(1)) };
}
