import { expect, inspector, serverForTests, test } from './support/test.js';
import { startDemoHttp } from './support/servers.js';
import { trafficPane } from './support/traffic.js';
import type { Locator, Page } from '@playwright/test';

// The traffic's Timeline (issue 27 point 2) against the bundled demo server: calls as bars on one
// time axis, a multi round-trip call as one bar, selection both ways with the list, zoom and pan.

/** The seconds a span label such as "0.00 s – 1.20 s" gives. */
function parseSpan(text: string | null): { start: number; end: number } {
  const match = /(-?[\d.]+) s – (-?[\d.]+) s/.exec(text ?? '');
  if (!match) throw new Error(`not a span: ${text}`);
  return { start: Number(match[1]), end: Number(match[2]) };
}

function timeline(page: Page) {
  const panel = page.getByRole('region', { name: 'Timeline' });
  return {
    panel,
    canvas: panel.getByRole('img', { name: /Session timeline/ }),
    span: panel.getByLabel('Visible span'),
    tooltip: panel.getByRole('tooltip'),
    selected: panel.locator('#timeline-selected'),
  };
}

/** Moves the pointer over the canvas, lane by lane, until the tooltip names what is wanted. */
async function findBar(page: Page, canvas: Locator, tooltip: Locator, wanted: RegExp) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  // Under the ruler (22 px) and the ticks (18 px): one lane every 22 px.
  for (let lane = 0; lane < 6; lane += 1) {
    const y = 22 + 18 + 11 + lane * 22;
    for (let step = 1; step < 60; step += 1) {
      const x = (box.width * step) / 60;
      await page.mouse.move(box.x + x, box.y + y);
      // Read at once: the tooltip comes and goes as the pointer moves.
      const text = await tooltip.evaluateAll((found) => found[0]?.textContent ?? '');
      if (text && wanted.test(text)) return { x: box.x + x, y: box.y + y, text };
    }
  }
  throw new Error(`no bar matching ${wanted}`);
}

test('a multi round-trip call is one bar; click selects its frame in the list, the list selects the bar; zoom and pan', async ({
  page,
  cli,
}, testInfo) => {
  // Four calls, one of them answered twice by hand, on a busy 2-core machine.
  test.setTimeout(120_000);
  const ui = inspector(page);
  const traffic = trafficPane(page);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(cli.url);
  await expect(page.getByLabel('Protocol era')).toHaveText('modern · 2026-07-28');
  await traffic.enlarge();

  await ui.runTool('echo', { message: 'first' });
  await expect(ui.result).toContainText('first');
  // book_table asks the person twice: three rounds of one call.
  await ui.runTool('book_table', { restaurant: 'Chez MCP' });
  const call = ui.calls.first();
  const form = call.getByRole('article', { name: 'Elicitation request' });
  await form.getByLabel(/^name/i).fill('Ada');
  await form.getByLabel(/^seats/i).fill('2');
  await form.getByRole('button', { name: 'Accept' }).click();
  const sampling = call.getByRole('article', { name: 'Sampling request' });
  await sampling.getByLabel('Reply text').fill('Welcome, Ada!');
  await sampling.getByRole('button', { name: 'Send reply' }).click();
  await expect(ui.result).toContainText('Booked a table for 2');
  await ui.runTool('echo', { message: 'last' });
  await expect(ui.result).toContainText('last');

  await page.getByRole('button', { name: 'Timeline' }).click();
  const view = timeline(page);
  await expect(view.canvas).toBeVisible();
  await expect(view.selected).toHaveText(/Click a bar/);

  // Hovering tells the timings; the three rounds are one bar, with the person's waits on it.
  const bar = await findBar(page, view.canvas, view.tooltip, /tools\/call book_table/);
  expect(bar.text).toMatch(/3 rounds/);
  expect(bar.text).toMatch(/waited for you/);
  expect(bar.text).toMatch(/start \d+\.\d{3} s/);

  // Click it: the traffic list selects that round's request.
  await page.mouse.click(bar.x, bar.y);
  const selectedRow = traffic.grid.locator('[role=row][aria-selected=true]');
  await expect(selectedRow).toHaveCount(1);
  await expect(selectedRow).toContainText('tools/call');
  await expect(selectedRow).toContainText(/round \d/);
  await expect(traffic.detail).toBeVisible();
  const seq = (await selectedRow.getByRole('gridcell').first().textContent())?.trim();
  await expect(view.selected).toHaveAttribute('data-selected-seq', seq ?? '');
  await expect(view.selected).toContainText('tools/call book_table');

  // Select the first echo in the list: the timeline highlights its bar and says which.
  const echo = traffic.row('request', 'tools/call').filter({ hasNotText: 'round' }).first();
  await echo.click();
  await expect(echo).toHaveAttribute('aria-selected', 'true');
  const echoSeq = (await echo.getByRole('gridcell').first().textContent())?.trim();
  await expect(view.selected).toHaveAttribute('data-selected-seq', echoSeq ?? '');
  await expect(view.selected).toContainText('tools/call echo');
  await page.screenshot({ path: testInfo.outputPath('timeline.png') });

  // Zoom with the keyboard: the span narrows; pan moves it; 0 fits the whole session again.
  // The label is painted with the next frame: each read waits for it to change.
  const spanAfter = async (before: string): Promise<{ start: number; end: number }> => {
    await expect(view.span).not.toHaveText(before);
    return parseSpan(await view.span.textContent());
  };
  await view.canvas.focus();
  await page.keyboard.press('0');
  const fittedText = (await view.span.textContent()) ?? '';
  const fitted = parseSpan(fittedText);
  await page.keyboard.press('+');
  await spanAfter(fittedText);
  const once = (await view.span.textContent()) ?? '';
  await page.keyboard.press('+');
  const zoomed = await spanAfter(once);
  const zoomedText = (await view.span.textContent()) ?? '';
  expect(zoomed.end - zoomed.start).toBeLessThan((fitted.end - fitted.start) * 0.5);
  await page.keyboard.press('ArrowRight');
  const panned = await spanAfter(zoomedText);
  expect(panned.start).toBeGreaterThan(zoomed.start);
  // The same width, to the label's rounding.
  expect(Math.abs(panned.end - panned.start - (zoomed.end - zoomed.start))).toBeLessThan(0.2);
  await page.keyboard.press('0');
  await expect(view.span).toHaveText(fittedText);

  // Zoom with the wheel at the pointer.
  const box = await view.canvas.boundingBox();
  await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + 60);
  await page.mouse.wheel(0, -400);
  await expect
    .poll(async () => {
      const span = parseSpan(await view.span.textContent());
      return span.end - span.start;
    })
    .toBeLessThan(fitted.end - fitted.start);
  // Drag pans.
  const beforeText = (await view.span.textContent()) ?? '';
  const before = parseSpan(beforeText);
  await page.mouse.down();
  await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2 - 200, (box?.y ?? 0) + 60, { steps: 5 });
  await page.mouse.up();
  const dragged = await spanAfter(beforeText);
  expect(dragged.start).toBeGreaterThan(before.start);
  await page.screenshot({ path: testInfo.outputPath('timeline-zoomed.png') });
});

test.describe('in the legacy era', () => {
  test.use({ cliArgs: ['--era', 'legacy'] });

  test("the server's elicitation is a bar of its own, all of it the person's wait; ] walks the calls", async ({
    page,
    cli,
  }) => {
    test.setTimeout(120_000);
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await traffic.enlarge();
    await ui.runTool('book_table', { restaurant: 'Chez MCP' });
    const call = ui.calls.first();
    const form = call.getByRole('article', { name: 'Elicitation request' });
    await form.getByLabel(/^name/i).fill('Ada');
    await form.getByLabel(/^seats/i).fill('2');
    await form.getByRole('button', { name: 'Accept' }).click();
    const sampling = call.getByRole('article', { name: 'Sampling request' });
    await sampling.getByLabel('Reply text').fill('Welcome, Ada!');
    await sampling.getByRole('button', { name: 'Send reply' }).click();
    await expect(ui.result).toContainText('Booked a table for 2');

    await page.getByRole('button', { name: 'Timeline' }).click();
    const view = timeline(page);
    await view.canvas.focus();
    // With the keyboard alone: ] selects the next call by start time, until the server's question.
    for (let i = 0; i < 12; i += 1) {
      if (/elicitation\/create/.test((await view.selected.textContent()) ?? '')) break;
      const before = (await view.selected.textContent()) ?? '';
      await page.keyboard.press(']');
      await expect(view.selected).not.toHaveText(before);
    }
    await expect(view.selected).toContainText('elicitation/create');
    await expect(view.selected).toContainText('asked by the server');
    await expect(view.selected).toContainText('waited for you');
    const selectedRow = traffic.grid.locator('[role=row][aria-selected=true]');
    await expect(selectedRow).toContainText('elicitation/create');
    await expect(selectedRow).toContainText('from server');
    // [ goes back to the call that was running when the server asked.
    await page.keyboard.press('[');
    await expect(view.selected).toContainText('tools/call book_table');
  });
});

test.describe('a Streamable HTTP server', () => {
  const server = serverForTests(() => startDemoHttp());

  test('the HTTP exchange that carried a call is under its bar; clicking it selects the exchange', async ({
    page,
    cli,
  }, testInfo) => {
    test.setTimeout(120_000);
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(cli.url);
    await ui.connectToUrl(server.url());
    await expect(ui.connectionState).toHaveText('connected');
    await ui.runTool('echo', { message: 'over http' });
    await expect(ui.result).toContainText('over http');
    await traffic.enlarge();
    await page.getByRole('button', { name: 'Timeline' }).click();
    const view = timeline(page);

    // Select the call in the list: the timeline outlines its bar and says where it is drawn.
    const request = traffic.row('request', 'tools/call').first();
    await request.click();
    await expect(view.canvas).toHaveAttribute('data-selected-box', /,/);
    const canvasBox = await view.canvas.boundingBox();
    const boxOf = async () => {
      const [x, y, width] = ((await view.canvas.getAttribute('data-selected-box')) ?? '')
        .split(',')
        .map(Number);
      return { x: (canvasBox?.x ?? 0) + (x ?? 0), y: (canvasBox?.y ?? 0) + (y ?? 0), width: width ?? 0 };
    };
    // Zoom in on it with the keyboard, the pointer over it, until the bar is wide.
    await view.canvas.focus();
    for (let i = 0; i < 30 && (await boxOf()).width < 200; i += 1) {
      const bar = await boxOf();
      await page.mouse.move(bar.x + bar.width / 2, bar.y + 8);
      await page.keyboard.press('+');
    }
    const bar = await boxOf();
    expect(bar.width).toBeGreaterThanOrEqual(200);
    // The exchange's strip under the bar: hover tells its request line and status.
    let found = '';
    for (let dx = 1; dx < bar.width && !found; dx += 4) {
      await page.mouse.move(bar.x + dx, bar.y + 18);
      const text = await view.tooltip.evaluateAll((nodes) => nodes[0]?.textContent ?? '');
      if (/POST \/mcp → 200/.test(text)) {
        found = text;
        await page.mouse.click(bar.x + dx, bar.y + 18);
      }
    }
    expect(found).toMatch(/tools\/call/);
    const selectedRow = traffic.grid.locator('[role=row][aria-selected=true]');
    await expect(selectedRow).toContainText('POST /mcp');
    await expect(traffic.detail.getByLabel('Request line')).toContainText('POST /mcp');
    await expect(view.selected).toContainText('POST /mcp → 200');
    await page.screenshot({ path: testInfo.outputPath('timeline-http.png') });
  });
});
