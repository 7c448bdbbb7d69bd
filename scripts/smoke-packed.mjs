// Smoke test of the package as npm users get it: the tarball installed into an empty folder
// (below a dotted one, as npx installs under ~/.npm/_npx), its bin started with no arguments (the
// bundled demo server), the page and API answering, the demo server connected, a tool picked and
// run in Chromium (which loads the lazy chunks), and Ctrl-C ending everything. Used by .ci/run.
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const [bin] = process.argv.slice(2);
if (!bin) throw new Error('usage: node scripts/smoke-packed.mjs <path to installed mcp-inspect bin>');

const token = 'smoke-token-0123456789abcdefghijklmn';
const cli = spawn(bin, ['--no-open', '--port', '0'], { env: { ...process.env, MCP_INSPECT_TOKEN: token } });
let output = '';
cli.stdout.on('data', (chunk) => (output += chunk));
cli.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => cli.once('exit', (code) => resolve(code)));

try {
  const origin = await waitFor(() => /Open the inspector: (http:\/\/[^/]+)\//.exec(output)?.[1], 'the link');
  const page = await fetch(`${origin}/`);
  const html = await page.text();
  check(page.status === 200 && html.includes('<div id="root">'), 'GET / serves the page');
  check(!html.includes(token), 'the served page does not contain the token');
  const script = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
  check(
    script !== undefined && (await fetch(`${origin}/${script}`)).status === 200,
    'the page script is served',
  );
  check((await fetch(`${origin}/api/session`)).status === 401, 'the API refuses a request without the token');
  const state = await waitFor(async () => {
    const session = await (
      await fetch(`${origin}/api/session`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    return session.state?.state === 'connected' && session.target?.demo === true ? session.state : undefined;
  }, 'the demo server connected');
  console.log(`smoke: demo server running as pid ${state.pid}`);
  await runToolInBrowser(origin);
  check(
    !/ForbiddenError|SendStream|could not serve/.test(output),
    'the terminal reports no file it could not serve',
  );
  cli.kill('SIGINT');
  check((await exited) === 0, 'Ctrl-C exits cleanly');
  let alive = true;
  try {
    process.kill(state.pid, 0);
  } catch {
    alive = false;
  }
  check(!alive, 'the demo server ended with the bridge');
  console.log('smoke: the packed package works');
} catch (error) {
  cli.kill('SIGKILL');
  console.error(`smoke: ${error.message}\n--- output ---\n${output}`);
  process.exit(1);
}

/** Picks the demo's echo tool and runs it, as a new user's first click does. */
async function runToolInBrowser(origin) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const failed = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${new URL(res.url()).pathname}`);
    });
    page.on('pageerror', (error) => failed.push(`page error: ${error.message}`));
    await page.goto(`${origin}/#token=${token}`);
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('echo');
    await page
      .getByRole('listbox', { name: 'Tools' })
      .getByRole('option', { name: 'Echo echo', exact: true })
      .click();
    await page
      .getByRole('group', { name: 'Arguments form' })
      .getByRole('textbox', { name: 'message' })
      .fill('from the tarball');
    await page.getByRole('button', { name: 'Run tool' }).click();
    const result = page
      .getByRole('region', { name: /^Call \d+$/ })
      .first()
      .getByRole('region', { name: 'Result', exact: true });
    await result.getByText('from the tarball').waitFor({ timeout: 20_000 });
    check(true, 'a tool picked and run in Chromium shows its result');
    check(
      failed.length === 0,
      `every request of the page succeeded${failed.length ? ` (${failed.join(', ')})` : ''}`,
    );
  } finally {
    await browser.close();
  }
}

function check(ok, what) {
  if (!ok) throw new Error(`failed: ${what}`);
  console.log(`smoke: ok: ${what}`);
}

async function waitFor(probe, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
