import { readFileSync } from 'node:fs';
import { fixturePath } from './support/cli.js';
import { expect, inspector, serverForTests, test } from './support/test.js';
import { freePort, startHttpFixture } from './support/servers.js';
import { oauthTest, oauthView } from './support/oauthTest.js';
import { trafficPane } from './support/traffic.js';

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
    // The server got it: its echo reaches the page masked, as the terminal masks it.
    await expect(ui.traffic).toContainText('leak:****');
    expect(cli.output()).toContain(
      `now inspecting sh -c echo "leak:$SECRET_KEY" >&2 (asked for by the page)`,
    );
    expect(await page.content()).not.toContain('s3cret-value');
  });

  test('is asked for again when a variable is added to the same command (NODE_OPTIONS): another program', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(ui.connectionState).toHaveText('connected');
    await page.getByRole('tab', { name: 'Connection' }).click();
    const settings = page.getByRole('region', { name: 'Connection settings' });
    const value = settings.getByLabel('Environment variables: value of SECRET_KEY');
    await expect(value).toHaveAttribute('placeholder', 'kept by mcp-inspect (type to replace)');
    // The attack of issue 32: the same command line, with a preload that would print the value.
    await settings.getByRole('button', { name: 'Add variable' }).click();
    await settings.getByLabel('Environment variables: name 2').fill('NODE_OPTIONS');
    await settings.getByLabel('Environment variables: value of NODE_OPTIONS').fill('--require ./leak.js');
    await expect(value).toHaveAttribute(
      'placeholder',
      /^enter again: kept only for `node .*crashOnCall\.mjs` with the environment it was given$/,
    );
    await settings.getByRole('button', { name: 'Connect' }).click();
    await expect(settings.getByRole('alert')).toContainText(
      'with the environment it was given (here NODE_OPTIONS added)',
    );
    expect(cli.output()).not.toContain('now inspecting');
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

test.describe('a URL whose query holds several secrets', () => {
  const server = serverForTests(() => startHttpFixture('hostileHttp.mjs'));
  const values = ['k1-apikey', 'k2-apitoken', 'k3-clientsecret', 'k4-sessionid'];
  const query = `api_key=${values[0]}&api_token=${values[1]}&client_secret=${values[2]}&sessionid=${values[3]}&region=eu`;
  const maskedQuery = 'api_key=****&api_token=****&client_secret=****&sessionid=****&region=eu';

  test('has them all masked in the HTTP exchanges: rows, detail and JSON Lines export', async ({
    page,
    cli,
  }, testInfo) => {
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await ui.connectToUrl(`${server.url()}?${query}`);
    await expect(ui.connectionState).toHaveText('connected');
    await ui.runTool('echo', { message: 'through the secret URL' });
    await expect(ui.result).toContainText('through the secret URL');

    const row = traffic.row(`POST /mcp?${maskedQuery}`, 'tools/call').first();
    await expect(row).toBeVisible();
    await row.click();
    await expect(traffic.detail).toContainText(`/mcp?${maskedQuery}`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const file = testInfo.outputPath('traffic.jsonl');
    await download.saveAs(file);
    const exported = readFileSync(file, 'utf8');
    expect(exported).toContain(`"path":"/mcp?${maskedQuery}"`);

    // The form held the URL as typed; reset to the current target, it holds the masked one.
    await page.getByRole('tab', { name: 'Connection', exact: true }).click();
    await ui.settings.getByRole('button', { name: 'Reset to current target' }).click();
    await expect(ui.settings.getByLabel('URL', { exact: true })).toHaveValue(
      `${server.url()}?${maskedQuery}`,
    );
    const shown = exported + (await page.content()) + cli.output();
    for (const value of values) expect(shown).not.toContain(value);
  });
});

const oauthWithKey = oauthTest.extend({
  cliArgs: async ({ server }, use) => {
    await use(['--url', `${server.mcpUrl}?api_key=oauth-k1&api_token=oauth-k2&region=eu`]);
  },
});

oauthWithKey(
  'a URL with a key behind OAuth has it masked in the OAuth tab',
  async ({ page, inspectorUrl, cli }) => {
    await page.goto(inspectorUrl);
    const { banner, step, open } = oauthView(page);
    await banner.getByRole('button', { name: 'Sign in' }).click();
    const challenge = step(1, 'Challenge');
    await expect(challenge).toHaveAccessibleName(/passed$/);
    await open(challenge);
    // The challenge is a POST to the server's own URL, query and all: shown masked, by the URL
    // field's rule, with a fingerprint.
    await expect(
      challenge.getByRole('region', {
        name: /^POST http:\/\/127\.0\.0\.1:\d+\/mcp\?api_key=%E2%80%A2[^&]*&api_token=%E2%80%A2[^&]*&region=eu$/,
      }),
    ).toHaveCount(1);
    for (const n of [1, 2, 3]) {
      const text = await step(n, '.+').textContent();
      expect(text).not.toContain('oauth-k1');
      expect(text).not.toContain('oauth-k2');
    }
    expect(cli.output()).not.toContain('oauth-k1');
  },
);
