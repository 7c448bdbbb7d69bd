import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, inspector, test } from './support/test.js';

// The same server nobody here wrote, reached by URL: server-everything in its Streamable HTTP
// and SSE modes, with mcp-inspect choosing the transport by itself.

const EVERYTHING = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startEverything(mode: 'streamableHttp' | 'sse', port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [EVERYTHING, mode], { env: { ...process.env, PORT: String(port) } });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start`)), 15_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (/listening|running/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return child;
}

for (const { mode, path, transport } of [
  { mode: 'streamableHttp', path: '/mcp', transport: 'Streamable HTTP' },
  { mode: 'sse', path: '/sse', transport: 'SSE' },
] as const) {
  test.describe(`server-everything over ${transport}`, () => {
    const port = freePort();
    let server: ChildProcess | undefined;
    test.beforeAll(async () => {
      server = await startEverything(mode, await port);
    });
    test.afterAll(() => {
      server?.kill();
    });
    test.use({ cliArgs: [] });

    test('connects, says which transport, lists and calls tools, reads a resource', async ({ page, cli }) => {
      const ui = inspector(page);
      await page.goto(cli.url);
      await page.getByRole('tab', { name: 'Connection' }).click();
      const settings = page.getByRole('region', { name: 'Connection settings' });
      await settings.getByRole('radio', { name: /URL/ }).check();
      await settings.getByLabel('URL', { exact: true }).fill(`http://127.0.0.1:${await port}${path}`);
      await settings.getByRole('button', { name: 'Connect' }).click();

      await expect(ui.connectionState).toHaveText('connected');
      await expect(page.getByRole('banner')).toContainText(transport);
      // How the transport was chosen is said once, on the connected line, never as an error. The
      // grid is virtualized and follows the newest rows: scroll back to where the run started.
      await ui.traffic.focus();
      await page.keyboard.press('Home');
      const connected = ui.traffic.getByRole('row').filter({ hasText: /run \d+: connected over/ });
      await expect(connected.last()).toContainText(
        mode === 'sse'
          ? /Streamable HTTP answered HTTP 4\d\d; connected over SSE/
          : 'Streamable HTTP answered',
      );
      await expect(ui.traffic.getByRole('row').filter({ hasText: 'transport error' })).toHaveCount(0);
      await page.getByRole('tab', { name: 'Tools' }).click();
      await ui.tools
        .getByRole('option', { name: /\becho\b/ })
        .first()
        .click();
      await ui.run('{"message":"over the wire"}');
      await expect(ui.result).toContainText('over the wire');

      await page.getByRole('tab', { name: 'Resources' }).click();
      await page
        .getByRole('listbox', { name: 'Resources' })
        .getByRole('option', { name: /architecture\.md/ })
        .click();
      await page.getByRole('button', { name: 'Read', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText(
        '# Everything Server',
      );
    });
  });
}
