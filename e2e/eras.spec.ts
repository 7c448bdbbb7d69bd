import { expect, inspector, serverForTests, test } from './support/test.js';
import { trafficPane } from './support/traffic.js';
import { EVERYTHING_STDIO, fixtureStdio, startDemoHttp, startHttpFixture } from './support/servers.js';

// Both protocol eras (issue 8): the bundled demo (SDK v2, dual-era) under each --era, a
// modern-only fixture written with SDK v2 over stdio and Streamable HTTP, and server-everything
// (SDK v1, legacy) that nobody here wrote.

test.describe('the demo server under auto', () => {
  test('negotiates the modern era, and a call asks for input on its own card, round after round', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(page.getByLabel('Protocol era')).toHaveText('modern · 2026-07-28');
    // The terminal says the same in one line.
    await expect
      .poll(() => cli.output())
      .toContain('● modern era: protocol 2026-07-28 with mcp-inspect demo server');
    await ui.runTool('book_table', { restaurant: 'Chez MCP' });
    const call = ui.calls.first();
    const input = call.getByRole('region', { name: /^Input for call \d+$/ });
    await expect(input).toContainText('input required, round 1');
    const form = input.getByRole('article', { name: 'Elicitation request' });
    await form.getByLabel(/^name/i).fill('Ada');
    await form.getByLabel(/^seats/i).fill('2');
    await form.getByRole('button', { name: 'Accept' }).click();
    const sampling = call.getByRole('article', { name: 'Sampling request' });
    await sampling.getByLabel('Reply text').fill('Welcome, Ada!');
    await sampling.getByRole('button', { name: 'Send reply' }).click();
    await expect(ui.result).toContainText('Booked a table for 2 at Chez MCP under the name Ada');
    await expect(call).toContainText('3 rounds');
    // The traffic groups the rounds: each retry is marked with its round.
    const traffic = trafficPane(page);
    await expect(traffic.row('tools/call', 'round 3')).toHaveCount(1);
  });
});

test.describe('the demo server under auto: what rides in _meta', () => {
  test('the log level is sent with each request: no level, no logs; the detail names it and the cache hints', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await ui.tab('Logs');
    const panel = page.getByRole('region', { name: 'Server logs' });
    const count = panel.getByRole('status', { name: 'Log count' });
    const level = panel.getByLabel('Log level per request (_meta)');
    await expect(level).toHaveValue('');

    await ui.runTool('log_message', { level: 'error', text: 'nobody asked' });
    await expect(ui.result).toContainText('logged');
    await ui.tab('Logs');
    await expect(count).toHaveText('0 messages');

    await level.selectOption('warning');
    await ui.runTool('log_message', { level: 'info', text: 'below the level' });
    await expect(ui.result).toContainText('logged');
    await ui.runTool('log_message', { level: 'error', text: 'above the level' });
    await expect(ui.result).toContainText('logged');
    await ui.tab('Logs');
    await expect(count).toHaveText('1 message');
    await expect(panel.getByRole('grid', { name: 'Log messages' })).toContainText('above the level');

    // The frame detail pulls the protocol's _meta keys and cache hints out of the JSON.
    await traffic.search.fill('above the level');
    await expect(traffic.count).toHaveText(/^2 of \d+ records$/);
    await traffic.row('request', 'tools/call').click();
    await expect(traffic.detail.getByLabel('Protocol details')).toContainText('log levelwarning');
    await traffic.search.fill('');
    await traffic.row('response', 'tools/list').first().click();
    await expect(traffic.detail.getByLabel('Protocol details')).toContainText('cache30000 ms, public');
  });
});

test.describe('the demo server under --era legacy', () => {
  test.use({ cliArgs: ['--era', 'legacy'] });
  test('speaks initialize and never probes', async ({ page, cli }) => {
    await page.goto(cli.url);
    await expect(page.getByLabel('Protocol era')).toHaveText(/^legacy · 2025-/);
    await expect(trafficPane(page).row('initialize')).not.toHaveCount(0);
    await expect(trafficPane(page).row('server/discover')).toHaveCount(0);
    // No cache hints in the legacy era: a list is kept until the server says it changed.
    await expect(page.getByText('21 tools', { exact: true })).toBeVisible();
    await expect(page.locator('.list-freshness')).toHaveCount(0);
    // What 2026-07-28 deprecates is not marked so for a legacy server.
    await page.getByRole('tab', { name: 'Connection', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Roots' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Roots' })).not.toContainText('deprecated');
  });
});

test.describe('the demo server under --era modern', () => {
  test.use({ cliArgs: ['--era', 'modern'] });
  test("each list says how long the server's cache hint keeps it fresh, and is fetched again after", async ({
    page,
    cli,
  }) => {
    await page.goto(cli.url);
    // Every tab stays mounted (hidden): each list's line is looked for in its own panel.
    const panel = (name: string) => page.getByRole('tabpanel', { name });
    await expect(panel('Tools').getByText('fresh for 30 s · public')).toBeVisible();
    await page.getByRole('tab', { name: 'Prompts', exact: true }).click();
    await expect(panel('Prompts').getByText('fresh for 30 s · public')).toBeVisible();
    // The demo's notes come and go: its resource list is fresh for 5 s, and private.
    await page.getByRole('tab', { name: 'Resources', exact: true }).click();
    await expect(panel('Resources').getByText('fresh for 5.0 s · private')).toBeVisible();
    await expect(panel('Resources').getByText('fresh for 30 s · public')).toBeVisible();
    const traffic = trafficPane(page);
    await expect(traffic.row('resources/list')).toHaveCount(2);
    // Back to the tab after the 5 s: the list is stale, so it is fetched again; the templates
    // (30 s) are not.
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await page.waitForTimeout(5_500);
    await page.getByRole('tab', { name: 'Resources', exact: true }).click();
    await expect(traffic.row('resources/list')).toHaveCount(4);
    await expect(traffic.row('resources/templates/list')).toHaveCount(2);
  });

  test('shows what the server says about itself from server/discover', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(page.getByLabel('Protocol era')).toHaveText('modern · 2026-07-28');
    await page.getByRole('tab', { name: 'Server', exact: true }).click();
    await expect(ui.server).toContainText('Supported versions');
    await expect(ui.server).toContainText('2026-07-28');
    await expect(ui.server).toContainText('server/discover result');
    await expect(trafficPane(page).row('initialize')).toHaveCount(0);
    // Roots are deprecated by 2026-07-28: still there, marked so.
    await page.getByRole('tab', { name: 'Connection', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Roots' }).getByText('deprecated')).toHaveAttribute(
      'title',
      /Roots is deprecated as of MCP 2026-07-28/,
    );
  });

  test('list changes come through subscriptions/listen, for the change types opted into', async ({
    page,
    cli,
  }) => {
    // Three streams opened, four calls and two list refreshes: ~28 s on a busy 2-core machine.
    test.slow();
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await ui.tab('Server');
    const subscriptions = page.getByRole('region', { name: 'Subscriptions' });
    await expect(subscriptions).toContainText('subscriptions/listen: open');
    const toolChanges = subscriptions.getByRole('checkbox', { name: 'tools list changes' });
    await expect(toolChanges).toBeChecked();

    // Opted out: the stream is opened again without tools, and a new tool goes unannounced.
    await toolChanges.uncheck();
    await expect(traffic.row('request', 'subscriptions/listen')).toHaveCount(2);
    await ui.runTool('toggle_bonus_tool');
    await expect(ui.result).toContainText('bonus is now listed');
    await expect(traffic.row('notifications/tools/list_changed')).toHaveCount(0);
    const bonus = ui.toolOption('Bonus', 'bonus');
    await ui.filter.fill('bonus');
    await expect(ui.toolOption('Toggle bonus tool', 'toggle_bonus_tool')).toBeVisible();
    await expect(bonus).toHaveCount(0);

    // Opted in again: the next change is announced and the list follows.
    await ui.tab('Server');
    await toolChanges.check();
    await expect(traffic.row('request', 'subscriptions/listen')).toHaveCount(3);
    await ui.runTool('toggle_bonus_tool');
    await expect(ui.result).toContainText('bonus is no longer listed');
    await ui.runTool('toggle_bonus_tool');
    await expect(ui.result).toContainText('bonus is now listed');
    await expect(traffic.row('notifications/tools/list_changed')).not.toHaveCount(0);
    await ui.filter.fill('bonus');
    await expect(bonus).toHaveCount(1);
  });
});

test.describe('a modern-only server over stdio', () => {
  test.use({ cliArgs: fixtureStdio('modernOnly.mjs') });
  test('is inspected in the modern era under auto', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(page.getByLabel('Protocol era')).toHaveText('modern · 2026-07-28');
    await ui.runTool('confirm_action', { action: 'deploy' });
    const input = ui.calls.first().getByRole('region', { name: /^Input for call \d+$/ });
    await input.getByRole('button', { name: 'Decline' }).click();
    await expect(ui.result).toContainText('deploy: decline');
  });
});

test.describe('a modern-only server: prompts/get and resources/read that ask for input', () => {
  test.use({ cliArgs: fixtureStdio('modernOnly.mjs') });
  test('each round is answered where the request was made, then retried', async ({ page, cli }) => {
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Prompts', exact: true }).click();
    await page
      .getByRole('listbox', { name: 'Prompts' })
      .getByRole('option')
      .filter({ hasText: 'mood_greeting' })
      .click();
    await page.getByRole('button', { name: 'Get prompt' }).click();
    const promptInput = page.getByRole('region', { name: 'Input for prompt mood_greeting' });
    await promptInput.getByRole('textbox').first().fill('sunny');
    await promptInput.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('Glad you feel sunny!');

    await page.getByRole('tab', { name: 'Resources', exact: true }).click();
    await page
      .getByRole('listbox', { name: 'Resources' })
      .getByRole('option')
      .filter({ hasText: 'guarded' })
      .click();
    await page.getByRole('button', { name: /^Read/ }).first().click();
    const readInput = page.getByRole('region', { name: 'Input for reading fixture://guarded' });
    await readInput.getByRole('checkbox').first().check();
    await readInput.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText(
      'The guarded note, unlocked.',
    );
  });
});

test.describe('a modern-only server asked for the legacy era', () => {
  test.use({ cliArgs: ['--era', 'legacy', ...fixtureStdio('modernOnly.mjs')] });
  test('says in plain words that it refuses the version, with what it supports', async ({ page, cli }) => {
    await page.goto(cli.url);
    await expect(
      page.getByText(
        /does not speak protocol version .* \(error -32022, UnsupportedProtocolVersion\)\. It supports: 2026-07-28/,
      ),
    ).toBeVisible();
    // The terminal says the refusal too, in plain words, and what to do.
    await expect
      .poll(() => cli.output())
      .toMatch(
        /✖ the server refused the legacy era's initialize \(error -32022.*it speaks 2026-07-28.*--era auto/,
      );
    expect(cli.output()).not.toContain('● legacy era');
  });
});

test.describe('server-everything (legacy) asked for the modern era', () => {
  test.use({ cliArgs: ['--era', 'modern', ...EVERYTHING_STDIO] });
  test('the terminal says the refusal in plain words, and what to do', async ({ page, cli }) => {
    await page.goto(cli.url);
    await expect
      .poll(() => cli.output())
      .toMatch(
        /✖ the server does not speak the modern era .*--era modern.*server\/discover was answered with error -32601/,
      );
    expect(cli.output()).toContain('Start with --era auto');
    expect(cli.output()).not.toMatch(/● (legacy|modern) era/);
  });
});

test.describe('a modern-only server over Streamable HTTP', () => {
  const server = serverForTests(() => startHttpFixture('modernOnlyHttp.mjs'));

  test('shows the HTTP exchanges with the 2026-07-28 routing headers', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.connectToUrl(server.url());
    await expect(page.getByRole('banner')).toContainText(server.url());
    await expect(page.getByRole('banner').getByLabel('Protocol era')).toHaveText('modern · 2026-07-28');
    const traffic = trafficPane(page);
    const exchange = traffic.row('POST /mcp', 'tools/list').first();
    await expect(exchange).toBeVisible();
    await exchange.click();
    await expect(traffic.detail).toContainText('mcp-method');
    await expect(traffic.detail).toContainText('tools/list');
  });
});

test.describe('server-everything (legacy, SDK v1) under auto', () => {
  test.use({ cliArgs: EVERYTHING_STDIO });
  test('falls back to initialize, and says why as info', async ({ page, cli }) => {
    await page.goto(cli.url);
    await expect(page.getByLabel('Protocol era')).toHaveText(/^legacy · /);
    const traffic = trafficPane(page);
    await expect(traffic.row('server/discover').first()).toBeVisible();
    await expect(traffic.row('info', 'Fell back to initialize')).toHaveCount(1);
    // In the terminal the fallback is information, then the era agreed on; nothing reads as a failure.
    await expect.poll(() => cli.output()).toMatch(/● legacy era: protocol 2025-11-25 with \S+/);
    expect(cli.output()).toContain('ℹ server/discover is not served, as with any 2025-era server');
    expect(cli.output()).not.toContain('✖');
  });

  test('lets the person answer an elicitation for longer than the call timeout', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.clock.install();
    await page.goto(cli.url);
    await ui.pickTool('Trigger Elicitation Request Tool', 'trigger-elicitation-request');
    await page.getByLabel('Timeout (s)').fill('1');
    await ui.runButton.click();
    await page.getByRole('tab', { name: /^Requests/ }).click();
    const request = page
      .getByRole('list', { name: 'Server requests' })
      .getByRole('article', { name: 'Elicitation request' });
    await expect(request).toBeVisible();
    // The person takes more than twice the call's timeout to answer (the page's clock is moved on).
    await page.clock.fastForward(2_500);
    await request.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await expect(ui.calls.first().getByRole('status')).toHaveText('done');
    await expect(ui.result).toBeVisible();
  });
});

test.describe('the demo server over Streamable HTTP', () => {
  const server = serverForTests(() => startDemoHttp());

  test('links a log message to the call it was logged for, which came on that call’s stream', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await ui.connectToUrl(server.url());
    await expect(ui.connectionState).toHaveText('connected');
    await ui.tab('Logs');
    await page.getByLabel('Log level per request (_meta)').selectOption('debug');
    await ui.runTool('log_message', { level: 'info', text: 'logged over http' });
    await expect(ui.result).toContainText('logged');

    await traffic.search.fill('logged over http');
    const call = traffic.row('request', 'tools/call');
    const seq = (await call.getByRole('gridcell').first().textContent())?.trim();
    expect(seq).toMatch(/^\d+$/);
    await expect(traffic.row('notification', 'notifications/message')).toContainText(`↳ #${seq}`);
    // The Logs tab says which request, by its JSON-RPC id.
    const id = (await call.getByRole('gridcell').nth(5).textContent())?.trim();
    await ui.tab('Logs');
    await page.getByRole('grid', { name: 'Log messages' }).getByText('logged over http').click();
    await expect(page.getByRole('region', { name: 'Log message' })).toContainText(`logged for request ${id}`);
  });
});
