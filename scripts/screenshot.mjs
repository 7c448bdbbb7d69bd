// Takes the README's screenshot (docs/screenshot.png): the built CLI on the bundled demo server,
// a tool called in headless Chromium, the page as a person sees it then. Run after `npm run build`:
// `node scripts/screenshot.mjs [out.png]`. Everything it starts listens on 127.0.0.1, on a free port.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const out = process.argv[2] ?? fileURLToPath(new URL('../docs/screenshot.png', import.meta.url));
const token = randomBytes(24).toString('hex');
const cli = spawn(
  process.execPath,
  [fileURLToPath(new URL('../dist/server/cli.js', import.meta.url)), '--no-open', '--port', '0'],
  { env: { ...process.env, MCP_INSPECT_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] },
);
let output = '';
cli.stdout.on('data', (chunk) => (output += chunk));
cli.stderr.on('data', (chunk) => (output += chunk));

try {
  const origin = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no link in 30 s:\n${output}`)), 30_000);
    const look = () => {
      const found = /Open the inspector: (http:\/\/[^/]+)\//.exec(output)?.[1];
      if (!found) return;
      clearTimeout(timer);
      resolve(found);
    };
    cli.stdout.on('data', look);
    cli.stderr.on('data', look);
  });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, deviceScaleFactor: 1 });
    await page.goto(`${origin}/#token=${token}`);
    await page
      .getByRole('listbox', { name: 'Tools' })
      .getByRole('option', { name: /get_weather/ })
      .first()
      .click();
    await page
      .getByRole('group', { name: 'Arguments form' })
      .getByRole('textbox', { name: 'city' })
      .fill('Lisbon');
    await page.getByRole('button', { name: 'Run tool' }).click();
    await page
      .getByRole('region', { name: /^Call \d+$/ })
      .first()
      .getByRole('region', { name: 'Result', exact: true })
      .waitFor({ timeout: 20_000 });
    // Let the traffic pane and the lazily loaded panels settle, then show the arguments form at the
    // top of the tool's panel, with the call's result under it.
    await page.waitForTimeout(1_500);
    await page
      .getByRole('group', { name: 'Arguments form' })
      .evaluate((form) => form.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: out });
    console.log(`screenshot: ${out}`);
  } finally {
    await browser.close();
  }
} finally {
  cli.kill('SIGINT');
}
