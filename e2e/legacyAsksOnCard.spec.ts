import { expect, inspector, test } from './support/test.js';
import { EVERYTHING_STDIO, fixtureStdio } from './support/servers.js';

// A legacy server's own requests (sampling/createMessage, elicitation/create) made while a tool
// call runs are answered on that call's card, with the same view as the Requests tab and as a
// modern call's input rounds; the Requests tab still lists them.
test.describe('server-everything (legacy era, stdio)', () => {
  test.use({ cliArgs: EVERYTHING_STDIO });

  test('a sampling request a call triggered is answered on its card', async ({ page, cli }, testInfo) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.runTool('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 50 });
    const waiting = ui.call(1).getByRole('region', { name: 'Call 1 waits for you' });
    await expect(waiting).toContainText('the server asked for a model’s answer (sampling)');
    const request = waiting.getByRole('article', { name: 'Sampling request' });
    await expect(request).toContainText('Say hi');
    // Also waiting in the Requests tab: one request, shown in two places.
    await expect(page.getByRole('tab', { name: 'Requests (1 waiting)' })).toBeVisible();
    await request.getByLabel('Reply text').fill('Hi from the card');
    await page.screenshot({ path: testInfo.outputPath('sampling-on-card.png') });
    await request.getByRole('button', { name: 'Send reply' }).click();

    await expect(ui.result).toContainText('Hi from the card');
    await expect(waiting).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Requests', exact: true })).toBeVisible();
  });

  test('an elicitation a call triggered is declined on its card', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.runTool('trigger-elicitation-request');
    const request = ui.call(1).getByRole('article', { name: 'Elicitation request' });
    await expect(request).toContainText('elicitation/create (form)');
    await request.getByRole('button', { name: 'Decline' }).click();
    await expect(ui.result).toContainText(/decline/i);
  });
});

test.describe('a legacy server with a malformed elicitation', () => {
  test.use({ cliArgs: fixtureStdio('serverAsks.mjs') });

  test('is shown on the card with what is wrong, and declined there', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.runTool('ask_malformed');
    const request = ui.call(1).getByRole('article', { name: 'Malformed elicitation request' });
    await expect(request).toContainText('does not follow the MCP schema');
    await request.getByRole('button', { name: 'Decline' }).click();
    await expect(ui.result).toContainText('the person answered: decline');
  });
});
