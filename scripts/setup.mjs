// Makes a fresh machine ready: dependencies installed, and a Chromium for the browser tests.
// Used by `npm test` (and `npm run inspect --no-browser`), so a newcomer needs no other step.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_ENV_VAR, findChromium } from './chromium.mjs';

const root = new URL('..', import.meta.url);
const wantBrowser = !process.argv.includes('--no-browser');

if (!existsSync(new URL('node_modules/.package-lock.json', root))) {
  console.log('setup: installing dependencies (npm ci)…');
  execSync('npm ci', { cwd: root, stdio: 'inherit' });
}

if (wantBrowser && findChromium() === undefined) {
  if (process.env[CHROMIUM_ENV_VAR]) {
    fail(`${CHROMIUM_ENV_VAR} is set to ${process.env[CHROMIUM_ENV_VAR]}, but there is no file there.`);
  }
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("setup: no Chromium found; installing Debian's chromium package (apt-get)…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    if (findChromium() === undefined) fail('apt-get finished but /usr/bin/chromium is still missing.');
  } else {
    fail(
      'The browser tests need Chromium and none was found.\n' +
        '  Debian/Ubuntu: sudo apt-get install chromium\n' +
        '  macOS:         brew install --cask chromium\n' +
        `  Or point ${CHROMIUM_ENV_VAR} at a Chromium or Chrome executable.`,
    );
  }
}

function fail(message) {
  console.error(`setup: ${message}`);
  process.exit(1);
}
