import { expect, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { inspector } from './test.js';

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

/** Picks a tool by its name through the filter (the list is virtual) and runs it with JSON arguments. */
export async function runAppTool(
  ui: ReturnType<typeof inspector>,
  name: string,
  args: object = {},
): Promise<void> {
  await ui.runTool(name, JSON.stringify(args));
}
