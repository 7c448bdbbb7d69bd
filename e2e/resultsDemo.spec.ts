import { expect, inspector, test } from './support/test.js';
import { blocks, download } from './support/results.js';

// Each content type the bundled demo server returns, as a person would check it.

test('JSON text is a collapsible tree, and its text one click away', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('get_json');

  const text = blocks(result, 'Text');
  const tree = text.getByRole('tree', { name: 'JSON text' });
  await expect(tree.getByRole('treeitem').filter({ hasText: /^project: "mcp-inspect"$/ })).toBeVisible();
  const nested = tree.getByRole('treeitem').filter({ hasText: /^.nested: \{2\}/ });
  await expect(nested).toHaveAttribute('aria-expanded', 'true');
  await nested.getByRole('button').first().click();
  await expect(nested).toHaveAttribute('aria-expanded', 'false');
  await expect(tree).not.toContainText('depth: 2');

  await text.getByRole('button', { name: 'Show as text' }).click();
  await expect(text.locator('pre')).toContainText('"project": "mcp-inspect"');
  await expect(text).toContainText('JSON');
});

test('text can be copied and downloaded', async ({ page, cli, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(cli.url);
  const result = await inspector(page).runTool('echo', { message: 'copy me' });
  const text = blocks(result, 'Text');

  await text.getByRole('button', { name: 'Copy' }).click();
  await expect(text.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('copy me');

  expect(await download(page, text.getByRole('button', { name: 'Download' }))).toEqual({
    name: 'text.txt',
    bytes: 'copy me'.length,
  });
});

test('an image shows with its size in bytes and pixels, zooms and downloads', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('render_image', { size: 128 });

  const image = blocks(result, 'Image');
  const img = image.getByRole('img', { name: 'image (image/png)' });
  await expect(img).toHaveJSProperty('naturalWidth', 128);
  await expect(image).toContainText(/image\/png · \d+\.\d KB · 128 × 128 px/);

  await image.getByRole('button', { name: 'Zoom in' }).click();
  await expect(image.getByLabel('Zoom level')).toHaveText('200%');
  await expect(img).toHaveJSProperty('width', 256);
  await image.getByRole('button', { name: 'Fit' }).click();
  await expect(image.getByLabel('Zoom level')).toHaveText('Fit');

  const file = await download(page, image.getByRole('button', { name: 'Download' }));
  expect(file.name).toBe('image.png');
  expect(file.bytes).toBeGreaterThan(1000);
  // The text block that came with it is shown too, in order.
  await expect(blocks(result, 'Text')).toContainText('PNG, 128x128');
});

test('audio gets a player with its mimeType, length and a download', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('play_tone', { durationMs: 500 });

  const audio = blocks(result, 'Audio');
  const player = audio.locator('audio[controls]');
  await expect(player).toHaveAttribute('src', /^blob:/);
  await expect(player).toHaveAttribute('aria-label', 'Audio player (audio/wav)');
  // The browser read the clip's header: it can play it.
  await expect(audio).toContainText('audio/wav · 7.9 KB · 0.50 s');
  const file = await download(page, audio.getByRole('button', { name: 'Download' }));
  expect(file).toEqual({ name: 'audio.wav', bytes: 44 + 8000 });
});

test('a resource link shows what it points to and reads it inline on one click', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('link_resource');

  const link = blocks(result, 'Resource link');
  await expect(link.getByRole('term')).toHaveText(['Name', 'URI', 'MIME type', 'Description']);
  await expect(link.getByRole('definition')).toHaveText([
    'readme',
    'demo://docs/readme',
    'text/markdown',
    'What the mcp-inspect demo server offers, in markdown.',
  ]);
  await link.getByRole('button', { name: 'Read resource' }).click();
  const contents = link.getByRole('region', { name: 'Resource demo://docs/readme' });
  await expect(contents).toContainText('text/markdown');
  await expect(contents.locator('pre')).toContainText('# mcp-inspect demo server');
  await expect(link.getByRole('button', { name: 'Read again' })).toBeEnabled();
});

test('an embedded text resource shows its text with its mimeType', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('embed_text_resource');

  const embedded = blocks(result, 'Embedded resource');
  await expect(embedded).toContainText('demo://docs/readme');
  await expect(embedded).toContainText('text/markdown');
  await expect(embedded.locator('pre')).toContainText('A small MCP server bundled with mcp-inspect');
});

test('an embedded image blob is previewed', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('embed_blob_resource');

  const embedded = blocks(result, 'Embedded resource');
  await expect(embedded).toContainText('demo://images/swatch.png');
  await expect(embedded.getByRole('img')).toHaveJSProperty('naturalWidth', 16);
  await expect(embedded).toContainText('image/png · 557 B · 16 × 16 px');
  const file = await download(page, embedded.getByRole('button', { name: 'Download' }));
  expect(file).toEqual({ name: 'swatch.png', bytes: 557 });
});

test('structuredContent that matches the outputSchema passes, with raw JSON and _meta a click away', async ({
  page,
  cli,
}) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('get_weather', { city: 'Oslo' });

  const structured = result.getByRole('region', { name: 'Structured content' });
  await expect(structured.getByRole('status', { name: 'Output schema check' })).toHaveText(
    "✓ Matches the tool's outputSchema",
  );
  await expect(structured.getByRole('tree', { name: 'structuredContent' })).toContainText('city: "Oslo"');
  await expect(result.getByRole('heading', { level: 3 })).toContainText(
    /Result.*1 block \+ structuredContent.*\d+ ms/,
  );

  await result.getByRole('tab', { name: 'Raw JSON' }).click();
  const raw = result.getByRole('tabpanel');
  await expect(raw.getByRole('textbox', { name: 'Raw result JSON' })).toBeAttached();
  await expect(raw).toContainText('"structuredContent"');
  await expect(raw).toContainText('"city": "Oslo"');

  await result.getByRole('tab', { name: '_meta' }).click();
  // A 2026-07-28 result names its server in _meta; the demo speaks that era under auto.
  await expect(result.getByRole('tabpanel')).toContainText('io.modelcontextprotocol/serverInfo');
  await expect(result.getByRole('tabpanel')).toContainText('mcp-inspect-demo');
});

test('a tool error is shown as the tool failing, not as a protocol error', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('fail', { reason: 'asked by e2e' });

  await expect(result.getByRole('heading')).toContainText('Tool error');
  await expect(result.getByRole('heading')).not.toContainText('JSON-RPC');
  await expect(result).toContainText('The tool ran and reported a failure (isError: true)');
  await expect(blocks(result, 'Text')).toContainText('Tool failed on purpose: asked by e2e');
});
