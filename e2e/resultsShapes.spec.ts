import { blocks, download } from './support/results.js';
import { expect, inspector, test } from './support/test.js';
import { fixtureStdio } from './support/servers.js';

// Result shapes a well-behaved SDK server would never send, and sizes that could freeze a page:
// the fixture server builds them with the SDK's low-level Server.
test.use({ cliArgs: fixtureStdio('resultShapes.mjs') });

test('structuredContent that breaks the outputSchema lists each failing path', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('bad_structured');

  const structured = result.getByRole('region', { name: 'Structured content' });
  await expect(structured.getByRole('status', { name: 'Output schema check' })).toHaveText(
    "✗ Does not match the tool's outputSchema (3 problems)",
  );
  await expect(structured.getByRole('list', { name: 'Schema violations' }).getByRole('listitem')).toHaveText([
    "(root) must have required property 'label'",
    "(root) must NOT have additional properties: 'extra'",
    '/count must be integer',
  ]);
  await expect(structured.getByRole('tree', { name: 'structuredContent' })).toContainText('count: "three"');
});

test('structuredContent that matches a schema without $schema (2020-12) passes', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('good_structured');
  await expect(result.getByRole('status', { name: 'Output schema check' })).toHaveText(
    "✓ Matches the tool's outputSchema",
  );
});

test('a declared outputSchema with no structuredContent is flagged, unless the tool failed', async ({
  page,
  cli,
}) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('no_structured');
  await expect(result.getByRole('status', { name: 'Output schema check' })).toHaveText(
    '✗ The tool declares an outputSchema but returned no structuredContent',
  );

  const failed = await inspector(page).runTool('failing_with_schema');
  await expect(failed.getByRole('heading', { level: 3 })).toContainText('Tool error');
  await expect(failed.getByRole('status', { name: 'Output schema check' })).toHaveCount(0);
  await expect(blocks(failed, 'Text')).toContainText('could not count');
});

test('annotations show on each block; the result and block _meta are one click away', async ({
  page,
  cli,
}) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('annotated');

  await expect(
    blocks(result, 'Text').getByRole('list', { name: 'Annotations' }).getByRole('listitem'),
  ).toHaveText(['audience: user', 'priority: 0.9', 'last modified: 2025-06-01T12:00:00Z']);
  const image = blocks(result, 'Image');
  await expect(image.getByRole('list', { name: 'Annotations' }).getByRole('listitem')).toHaveText([
    'audience: assistant',
    'priority: 0.2',
  ]);
  await expect(image).toContainText('4 × 3 px');
  await image.getByText('_meta').click();
  await expect(image.getByRole('tree', { name: 'Block _meta' })).toContainText('example.com/source: "noise"');

  await result.getByRole('tab', { name: '_meta' }).click();
  await expect(result.getByRole('tree', { name: 'Result _meta' })).toContainText(
    'example.com/trace: "trace-123"',
  );
});

test('long text is folded until asked for', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('long_text');

  const text = blocks(result, 'Text');
  await expect(text).toContainText('500 lines');
  await expect(text.locator('pre')).toContainText('line 24');
  await expect(text.locator('pre')).not.toContainText('line 25');
  await text.getByRole('button', { name: 'Show more' }).click();
  await expect(text.locator('pre')).toContainText('line 500');
  await text.getByRole('button', { name: 'Fold' }).click();
  await expect(text.locator('pre')).not.toContainText('line 500');
});

test('a binary blob that is neither image nor audio is offered as a download', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('binary_resource');

  const embedded = blocks(result, 'Embedded resource');
  await expect(embedded).toContainText('application/gzip · 20 B · binary, not previewed');
  await expect(embedded.getByRole('img')).toHaveCount(0);
  expect(await download(page, embedded.getByRole('button', { name: 'Download' }))).toEqual({
    name: 'data.gz',
    bytes: 20,
  });
});

test('reading a linked image resource previews its blob inline', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('link_image');
  const link = blocks(result, 'Resource link');
  await link.getByRole('button', { name: 'Read resource' }).click();
  const contents = link.getByRole('region', { name: 'Resource fixture://images/dot.png' });
  await expect(contents.getByRole('img')).toHaveJSProperty('naturalWidth', 4);
  await expect(contents).toContainText('image/png · 107 B · 4 × 3 px');
});

test('a JSON-RPC error shows its code, message and data, apart from a tool error', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('listed_but_unknown');

  await expect(result.getByRole('heading', { level: 3 })).toHaveText(/^JSON-RPC error -32602 Invalid params/);
  await expect(result.getByRole('heading', { level: 3 })).not.toContainText('Tool error');
  await expect(result.getByRole('definition')).toHaveText([
    '-32602 Invalid params',
    'Unknown tool: listed_but_unknown',
    /known: \[10\]/,
  ]);
  await expect(result.getByRole('tree', { name: 'Error data' })).toContainText('"bad_structured"');

  await result.getByRole('tab', { name: 'Raw JSON' }).click();
  await expect(result.getByRole('tabpanel')).toContainText('"code": -32602');
});

test('a 10 MB text shows a part at once and downloads whole', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('big_text');

  const text = blocks(result, 'Text');
  await expect(text).toContainText('10,485,760 characters');
  await expect(text).toContainText(/10,48\d,\d{3} more characters folded\./);
  await text.getByRole('button', { name: 'Show more' }).click();
  await expect(text).toContainText('Showing the first 102,400 of 10,485,760 characters.');
  expect(await download(page, text.getByRole('button', { name: 'Download the whole text' }))).toEqual({
    name: 'text.txt',
    bytes: 10 * 1024 * 1024,
  });

  // The raw JSON opens with the long string elided; its download is whole.
  await result.getByRole('tab', { name: 'Raw JSON' }).click();
  await expect(result.getByRole('tabpanel')).toContainText('1 long string is shortened here');
  const raw = await download(page, result.getByRole('button', { name: 'Download JSON' }));
  expect(raw.bytes).toBeGreaterThan(10 * 1024 * 1024);
});

test('a 5 MB image renders, with its size, and the page stays usable', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('big_image');

  const image = blocks(result, 'Image');
  await expect(image).toContainText(/image\/png · 5\.0 MB · 1526 × 1145 px/);
  await expect(image.getByRole('img')).toHaveJSProperty('naturalWidth', 1526);
  // Fit keeps it inside the pane; actual size scrolls.
  const fitted = await image.getByRole('img').evaluate((img: HTMLImageElement) => img.width);
  expect(fitted).toBeLessThan(1526);
  await image.getByRole('button', { name: 'Actual size' }).click();
  await expect(image.getByRole('img')).toHaveJSProperty('width', 1526);

  await result.getByRole('tab', { name: 'Raw JSON' }).click();
  await expect(result.getByRole('tabpanel')).toContainText('"mimeType": "image/png"');
});
