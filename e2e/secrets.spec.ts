import { fixturePath } from './support/cli.js';
import { expect, inspector, test } from './support/test.js';
import { freePort } from './support/servers.js';

// Secrets stay with the server they were given for: a kept value is not carried to another
// command or origin (the page asks for it again), and a URL's secrets are never shown.

test.describe('a kept environment value', () => {
  test.use({ cliArgs: ['-e', 'SECRET_KEY=s3cret-value', '--', 'node', fixturePath('crashOnCall.mjs')] });

  test('is asked for again when the command changes, and never reaches the page', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(ui.connectionState).toHaveText('connected');
    await page.getByRole('tab', { name: 'Connection' }).click();
    const settings = page.getByRole('region', { name: 'Connection settings' });
    const value = settings.getByLabel('Environment variables: value of SECRET_KEY');
    await expect(value).toHaveAttribute('placeholder', 'kept by mcp-inspect (type to replace)');

    // The attack of the issue: another command, keeping the value.
    await settings.getByLabel('Command', { exact: true }).fill('sh');
    await settings.getByLabel('Arguments').fill(`-c 'echo "leak:$SECRET_KEY" >&2'`);
    await expect(value).toHaveAttribute(
      'placeholder',
      /^enter again: kept only for `node .*crashOnCall\.mjs`$/,
    );
    await settings.getByRole('button', { name: 'Connect' }).click();
    await expect(settings.getByRole('alert')).toContainText(
      'enter "SECRET_KEY" again: mcp-inspect keeps that value only for `node',
    );
    expect(cli.output()).not.toContain('now inspecting sh');

    // Typed again, it goes to the new command, which the terminal names.
    await value.fill('typed-value');
    await settings.getByRole('button', { name: 'Connect' }).click();
    await expect(ui.traffic).toContainText('leak:typed-value');
    expect(cli.output()).toContain(
      `now inspecting sh -c echo "leak:$SECRET_KEY" >&2 (asked for by the page)`,
    );
    expect(await page.content()).not.toContain('s3cret-value');
  });
});

test.describe('a URL with credentials and a key', () => {
  const port = freePort();
  test.use({ cliArgs: [] });

  test('is shown masked everywhere, and its secrets stay with its origin', async ({ page, cli }) => {
    // The demo first, then the URL from the page, as a person pasting a hosted server's address.
    const ui = inspector(page);
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Connection' }).click();
    const settings = page.getByRole('region', { name: 'Connection settings' });
    await settings.getByRole('radio', { name: /URL/ }).check();
    const secretUrl = `http://me:pw@127.0.0.1:${await port}/mcp?api_key=abc123&region=eu`;
    const masked = `http://****@127.0.0.1:${await port}/mcp?api_key=****&region=eu`;
    await settings.getByLabel('URL', { exact: true }).fill(secretUrl);
    await expect(page.getByLabel('Exported server entry')).toContainText(`"url": "${masked}"`);
    await settings.getByRole('button', { name: 'Connect' }).click();

    // Nothing listens there: the failure is shown at start, with the URL masked.
    await expect(ui.serverProblem).toContainText(`connection refused: nothing is listening at ${masked}`);
    await expect(page.getByRole('banner')).toContainText(masked);
    expect(cli.output()).toContain(`now inspecting ${masked}`);

    // The form now starts from the masked URL; another host cannot have what it hides.
    await settings.getByRole('button', { name: 'Reset to current target' }).click();
    await expect(settings.getByLabel('URL', { exact: true })).toHaveValue(masked);
    await settings.getByLabel('URL', { exact: true }).fill(masked.replace('127.0.0.1', 'localhost'));
    await settings.getByRole('button', { name: 'Connect' }).click();
    await expect(settings.getByRole('alert')).toContainText('enter the masked parts of the URL again');

    const text = (await page.content()) + cli.output();
    expect(text).not.toContain('abc123');
    expect(text).not.toContain('me:pw');
  });
});
