import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { expect, inspector, test } from './support/test.js';
import { trafficPane } from './support/traffic.js';
import { fixtureStdio } from './support/servers.js';
import { CLI_PATH } from './support/cli.js';

// The traffic pane against the bundled demo server: every frame, paired, filtered, exported.

// These read the legacy handshake (initialize); the modern era's is in eras.spec.ts.
test.describe('in the legacy era', () => {
  test.use({ cliArgs: ['--era', 'legacy'] });

  test('a tool call shows as a request and its response, paired, with the latency', async ({ page, cli }) => {
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await traffic.enlarge();
    await ui.runTool('echo', { message: 'hello traffic' });
    await expect(ui.result).toContainText('hello traffic');

    // The handshake and the call, both ways, with kinds, methods and ids.
    await expect(traffic.row('request', 'initialize')).toBeVisible();
    await expect(traffic.row('notification', 'notifications/initialized')).toBeVisible();
    const request = traffic.row('request', 'tools/call');
    const response = traffic.row('response', 'tools/call');
    await expect(request).toHaveCount(1);
    await expect(request).toContainText('to server');
    await expect(response).toContainText('from server');
    // The latency is measured at the bridge and shown on both rows of the pair.
    await expect(response).toContainText(/\d+(\.\d+)? (ms|s)$/);
    const latency = (await response.getByRole('gridcell').last().textContent()) ?? '';
    await expect(request.getByRole('gridcell').last()).toHaveText(latency);

    await request.click();
    await expect(request).toHaveAttribute('aria-selected', 'true');
    await expect(traffic.detail.getByRole('heading', { level: 3 })).toContainText('request tools/call');
    await expect(traffic.detail.getByRole('tree', { name: 'Selected frame' })).toContainText('hello traffic');
    await expect(traffic.paired('response')).toContainText(`Paired response`);
    await expect(traffic.paired('response').getByRole('tree', { name: 'Paired response' })).toContainText(
      'hello traffic',
    );

    // The raw JSON in a read-only editor.
    await traffic.detail.getByRole('tab', { name: 'Raw' }).first().click();
    await expect(traffic.detail.getByRole('code').first()).toContainText('"method": "tools/call"');

    await traffic.paired('response').getByRole('button', { name: 'Go to response' }).click();
    await expect(response).toHaveAttribute('aria-selected', 'true');
    await expect(traffic.paired('request')).toBeVisible();

    await page.getByRole('button', { name: 'Summary' }).click();
    const summary = page.getByRole('region', { name: 'Traffic summary' });
    await expect(summary.getByRole('table', { name: 'Latency by method' })).toContainText('tools/call');
  });

  test('filters by direction, kind, methods, errors and stderr, and searches payloads', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await traffic.enlarge();
    await ui.runTool('echo', { message: 'Needle-42 in the payload' });
    await expect(ui.result).toContainText('Needle-42');
    await ui.runTool('fail', { reason: 'on purpose' });
    await expect(ui.result).toContainText('Tool error');

    // The demo server's stderr line is in the timeline, styled as an event.
    await expect(traffic.row('stderr', 'mcp-inspect demo server ready')).toBeVisible();

    await traffic.kind('Requests').click();
    await expect.poll(() => traffic.column('Kind')).toEqual(['request', 'request', 'request', 'request']);
    await traffic.kind('Requests').click();

    await traffic.direction(/From server/).click();
    await expect.poll(async () => new Set(await traffic.column('Dir'))).toEqual(new Set(['←from server']));
    await traffic.direction(/From server/).click();

    // Several methods at once.
    await traffic.filters.getByText(/^Methods( \(\d+\))?$/).click();
    await traffic.filters.getByRole('checkbox', { name: 'tools/list', exact: true }).check();
    await traffic.filters.getByRole('checkbox', { name: 'initialize', exact: true }).check();
    await expect
      .poll(async () => new Set(await traffic.column('Method / event')))
      .toEqual(new Set(['tools/list', 'initialize']));
    await traffic.filters.getByRole('checkbox', { name: 'tools/list', exact: true }).uncheck();
    await traffic.filters.getByRole('checkbox', { name: 'initialize', exact: true }).uncheck();
    await traffic.filters.getByText(/^Methods( \(\d+\))?$/).click();

    // A tool result with isError is an error, and so is its request.
    await traffic.filters.getByRole('checkbox', { name: 'Errors only' }).check();
    await expect(traffic.rows).toHaveCount(2);
    await expect(traffic.row('response', 'tools/call')).toHaveCount(1);
    await traffic.filters.getByRole('checkbox', { name: 'Errors only' }).uncheck();

    // Case-insensitive, in the payloads: the request and the response that carry the text.
    await traffic.search.fill('needle-42');
    await expect(traffic.rows).toHaveCount(2);
    await expect(traffic.count).toHaveText(/^2 of \d+ records$/);
    await expect.poll(() => traffic.column('Kind')).toEqual(['request', 'response']);
    await traffic.search.fill('');

    await expect(traffic.row('stderr')).toHaveCount(1);
    await traffic.filters.getByRole('checkbox', { name: 'Hide stderr' }).check();
    await expect(traffic.row('stderr')).toHaveCount(0);
  });
});

test('replays a request under a new id and pairs the new response', async ({ page, cli }) => {
  const ui = inspector(page);
  const traffic = trafficPane(page);
  await page.goto(cli.url);
  await traffic.enlarge();
  await ui.runTool('echo', { message: 'say it twice' });
  await expect(ui.result).toContainText('say it twice');

  await traffic.row('request', 'tools/call').click();
  await traffic.detail.getByRole('button', { name: 'Replay request' }).click();
  await expect(traffic.detail.getByRole('status')).toHaveText('Sent again as id "replay-1"');

  const replayed = traffic.row('response', '"replay-1"');
  await expect(replayed).toContainText(/\d (ms|s)$/);
  await replayed.click();
  await expect(traffic.paired('request')).toContainText('say it twice');
  // The page's own MCP client never saw the replay's answer, and still works.
  await ui.runTool('echo', { message: 'still fine' });
  await expect(ui.result).toContainText('still fine');
});

test('exports the session as JSON Lines and imports it to look at offline', async ({
  page,
  cli,
}, testInfo) => {
  const ui = inspector(page);
  const traffic = trafficPane(page);
  await page.goto(cli.url);
  await traffic.enlarge();
  await ui.runTool('echo', { message: 'kept in the file' });
  await expect(ui.result).toContainText('kept in the file');
  await expect(traffic.row('response', 'tools/call')).toBeVisible();
  const liveCount = (await traffic.count.textContent()) ?? '';

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mcp-inspect-traffic-.*\.jsonl$/);
  const file = testInfo.outputPath('traffic.jsonl');
  await download.saveAs(file);
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const records = lines.slice(1).map((line) => JSON.parse(line) as { type: string; seq: number; t: number });
  expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ type: 'mcp-inspect-traffic', version: 1 });
  expect(`${records.length} records`).toBe(liveCount);
  expect(records.every((record) => typeof record.seq === 'number' && typeof record.t === 'number')).toBe(
    true,
  );
  expect(records.some((record) => JSON.stringify(record).includes('kept in the file'))).toBe(true);

  // Clear, then import: the file is shown offline, read-only, with every record.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(traffic.count).toHaveText(/^\d+ records$/);
  await page.getByLabel('Import traffic (JSON Lines)').setInputFiles(file);
  await expect(page.getByRole('status').filter({ hasText: 'offline, read-only' })).toContainText(
    'traffic.jsonl',
  );
  await expect(traffic.count).toHaveText(liveCount);
  await traffic.search.fill('kept in the file');
  await expect(traffic.rows).toHaveCount(2);
  await traffic.row('request', 'tools/call').click();
  await expect(traffic.paired('response')).toContainText('kept in the file');
  await expect(traffic.detail.getByRole('button', { name: 'Replay request' })).toBeDisabled();

  await page.getByRole('button', { name: 'Back to the live session' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'offline, read-only' })).toHaveCount(0);
});

test('a headless run written with --traffic opens in the page', async ({ page, cli }, testInfo) => {
  const file = testInfo.outputPath('headless.jsonl');
  // The headless verb, as a script runs it (it fails the test by rejecting if it exits non-zero).
  const run = await promisify(execFile)(process.execPath, [
    CLI_PATH,
    'call',
    'echo',
    '--arg',
    'message=from the terminal',
    '--traffic',
    file,
    '-q',
  ]);
  expect(run.stdout).toBe('from the terminal\n');

  const traffic = trafficPane(page);
  await page.goto(cli.url);
  await traffic.enlarge();
  await page.getByLabel('Import traffic (JSON Lines)').setInputFiles(file);
  await expect(page.getByRole('status').filter({ hasText: 'offline, read-only' })).toContainText(
    'headless.jsonl',
  );
  await traffic.search.fill('from the terminal');
  await traffic.row('request', 'tools/call').click();
  await expect(traffic.paired('response')).toContainText('from the terminal');
});

test.describe('with the traffic fixture server', () => {
  test.use({ cliArgs: fixtureStdio('traffic.mjs') });

  test('a stderr line, and a frame over 1 MB shortened with the whole one click away', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await traffic.enlarge();

    await ui.runTool('say_on_stderr', { line: 'a line for the traffic pane' });
    await expect(traffic.row('stderr', 'a line for the traffic pane')).toBeVisible();

    await ui.runTool('big_result', { megabytes: 2 });
    const big = traffic.row('response', /2\.0 MB/);
    await expect(big).toBeVisible();
    await big.click();
    await expect(traffic.detail.getByRole('note')).toContainText('This frame is 2.0 MB: shown shortened.');
    await traffic.detail.getByRole('button', { name: 'Show the whole frame' }).click();
    await expect(traffic.detail.getByRole('tree', { name: 'Selected frame' })).toContainText('BIG-START');

    // After a reload the history holds only the frame's envelope; the whole one is fetched from
    // the bridge when asked for.
    await page.reload();
    await traffic.enlarge();
    await traffic.row('response', /2\.0 MB/).click();
    await expect(traffic.detail.getByRole('note')).toContainText('keeps only the envelope');
    await traffic.detail.getByRole('button', { name: 'Load the whole frame' }).click();
    await expect(traffic.detail.getByRole('note')).toContainText('This frame is 2.0 MB: shown shortened.');
    await traffic.detail.getByRole('button', { name: 'Show the whole frame' }).click();
    await expect(traffic.detail.getByRole('tree', { name: 'Selected frame' })).toContainText('BIG-START');
  });
});

test.describe('with a server that floods', () => {
  test.use({ cliArgs: fixtureStdio('traffic.mjs') });

  test('follow keeps the newest row in view and pauses when the person scrolls up', async ({ page, cli }) => {
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await expect(traffic.follow).toHaveAttribute('aria-pressed', 'true');
    await ui.runTool('flood', { count: 3000 });
    await expect(ui.result).toContainText('flooded 3000 notifications');
    await expect(traffic.count).toHaveText(/^3,0\d\d records$/);
    // Following: the tool's response, the newest frame, is in view.
    await expect(traffic.row('response', 'tools/call')).toBeVisible();

    await traffic.grid.hover();
    await page.mouse.wheel(0, -2000);
    await expect(traffic.follow).toHaveAttribute('aria-pressed', 'false');
    await expect(traffic.row('response', 'tools/call')).toHaveCount(0);
    // New frames do not pull the view back down while paused.
    await ui.runTool('flood', { count: 10 });
    await expect(ui.result).toContainText('flooded 10 notifications');
    await expect(traffic.row('response', 'tools/call')).toHaveCount(0);

    await traffic.follow.click();
    await expect(traffic.row('response', 'tools/call').last()).toBeVisible();
  });
});

test.describe('with a server that dies in the middle of a call', () => {
  // Legacy, so the errors shown are the crash's alone (auto would add its refused discover probe).
  test.use({ cliArgs: ['--era', 'legacy', ...fixtureStdio('crashOnCall.mjs')] });

  test('shows the error response mcp-inspect wrote and the exit, flagged as errors', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await traffic.enlarge();
    await ui.runTool('crash');

    const error = traffic.row('error response', 'tools/call');
    await expect(error).toContainText('by mcp-inspect');
    await expect(error.getByLabel('error')).toBeVisible();
    await expect(traffic.row('stderr', 'about to crash')).toBeVisible();
    await expect(traffic.row('server', 'exited with code 7').getByLabel('error')).toBeVisible();
    await traffic.filters.getByRole('checkbox', { name: 'Errors only' }).check();
    await expect.poll(() => traffic.column('Kind')).toEqual(['request', 'error response', 'server']);
  });
});
