import { blocks, download } from './support/results.js';
import { expect, inspector, test } from './support/test.js';
import { EVERYTHING_STDIO } from './support/servers.js';

// The result views against a server nobody here wrote: the reference "everything" server.
test.use({
  cliArgs: EVERYTHING_STDIO,
});

test('get-tiny-image: text, image, text in order', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('get-tiny-image');

  await expect(result.getByRole('article')).toHaveCount(3);
  await expect(blocks(result, 'Text').first()).toContainText("Here's the image you requested:");
  const img = blocks(result, 'Image').getByRole('img');
  await expect(img).toHaveJSProperty('complete', true);
  expect(await img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expect(blocks(result, 'Image')).toContainText(/image\/png · [\d.]+ (B|KB) · \d+ × \d+ px/);
});

test('get-resource-links: each link reads its resource inline', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('get-resource-links', { count: 2 });

  const links = blocks(result, 'Resource link');
  await expect(links).toHaveCount(2);
  const second = links.nth(1);
  await expect(second).toContainText('demo://resource/dynamic/text/2');
  await second.getByRole('button', { name: 'Read resource' }).click();
  await expect(second.getByRole('region', { name: 'Resource demo://resource/dynamic/text/2' })).toContainText(
    'Resource 2',
  );
  // A blob whose mimeType says text is shown as text.
  const first = links.nth(0);
  await first.getByRole('button', { name: 'Read resource' }).click();
  await expect(first.getByRole('region', { name: 'Resource demo://resource/dynamic/blob/1' })).toContainText(
    'Resource 1',
  );
});

test('get-resource-reference: an embedded text resource', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('get-resource-reference', {
    resourceType: 'Text',
    resourceId: 1,
  });
  const embedded = blocks(result, 'Embedded resource');
  await expect(embedded).toContainText('demo://resource/dynamic/text/1');
  await expect(embedded).toContainText('text/plain');
  await expect(embedded.locator('pre')).toContainText('Resource 1: This is a plaintext resource');
});

test('get-annotated-message: annotations on text and image blocks', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('get-annotated-message', {
    messageType: 'error',
    includeImage: true,
  });
  await expect(
    blocks(result, 'Text').getByRole('list', { name: 'Annotations' }).getByRole('listitem'),
  ).toHaveText(['audience: user, assistant', 'priority: 1']);
  await expect(
    blocks(result, 'Image').getByRole('list', { name: 'Annotations' }).getByRole('listitem'),
  ).toHaveText(['audience: user', 'priority: 0.5']);
});

test('get-structured-content: passes its outputSchema', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('get-structured-content', { location: 'Chicago' });
  await expect(result.getByRole('status', { name: 'Output schema check' })).toHaveText(
    "✓ Matches the tool's outputSchema",
  );
  await expect(result.getByRole('tree', { name: 'structuredContent' })).toContainText('conditions:');
});

test('gzip-file-as-resource: an embedded gzip blob downloads', async ({ page, cli }) => {
  await page.goto(cli.url);
  const result = await inspector(page).runTool('gzip-file-as-resource', {
    name: 'hello.txt.gz',
    data: 'data:text/plain;base64,aGVsbG8gd29ybGQ=',
    outputType: 'resource',
  });
  const embedded = blocks(result, 'Embedded resource');
  await expect(embedded).toContainText('application/gzip');
  const file = await download(page, embedded.getByRole('button', { name: 'Download' }));
  expect(file.name).toBe('hello.txt.gz');
  expect(file.bytes).toBeGreaterThan(20);
});
