// The demo app's HTML: one document with its script and styles inline, as MCP Apps require (the
// host writes the resource's HTML into a sandboxed frame; nothing is fetched from anywhere). The
// script is the ext-apps App SDK and the app's own code, bundled at build time by
// scripts/build-apps.mjs from client/demoApp/; this file only stitches the pieces together.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** dist/server/demo → dist/demo-app when built; server/demo → dist/demo-app from source (tests). */
const CANDIDATES = ['../../demo-app/', '../../dist/demo-app/'].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
);

let cached: string | undefined;

/** The app's HTML, or a page that says what is missing when the bundle was never built. */
export function weatherAppHtml(): string {
  cached ??= build();
  return cached;
}

function build(): string {
  const dir = CANDIDATES.find((candidate) => existsSync(`${candidate}weather-app.js`));
  if (dir === undefined) {
    return page('<p>The demo app is not built: run <code>npm run build</code>.</p>', '', '');
  }
  const script = readFileSync(`${dir}weather-app.js`, 'utf8');
  const css = existsSync(`${dir}weather-app.css`) ? readFileSync(`${dir}weather-app.css`, 'utf8') : '';
  return page('', css, script);
}

function page(body: string, css: string, script: string): string {
  // `</script` or `</style` inside the code would end the element early; `<\/` means the same in JS.
  const safeScript = script.replace(/<\/(script)/gi, '<\\/$1');
  const safeCss = css.replace(/<\/(style)/gi, '<\\/$1');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Weather dashboard</title>',
    `<style>${safeCss}</style>`,
    '</head>',
    `<body>${body}`,
    safeScript ? `<script>${safeScript}</script>` : '',
    '</body>',
    '</html>',
  ].join('\n');
}
