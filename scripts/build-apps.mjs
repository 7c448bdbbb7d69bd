// Builds the two pages of MCP Apps support that are not the inspector's page, each on its own so
// neither can share a chunk with it:
//   dist/app-sandbox/  the sandbox page the second listener serves (the only thing it serves)
//   dist/demo-app/     the demo server's app, one script and one style sheet that the demo server
//                      inlines into its ui:// resource (an app is a single HTML document)
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

const root = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const quiet = { configFile: false, logLevel: 'warn' };

await build({
  ...quiet,
  root: root('client/appSandbox'),
  base: './',
  build: {
    outDir: root('dist/app-sandbox'),
    emptyOutDir: true,
    rolldownOptions: { input: root('client/appSandbox/sandbox.html') },
  },
});

await build({
  ...quiet,
  build: {
    outDir: root('dist/demo-app'),
    emptyOutDir: true,
    // One classic script: the resource inlines it, and an inline module could not import chunks.
    lib: {
      entry: root('client/demoApp/weatherApp.ts'),
      formats: ['iife'],
      name: 'weatherApp',
      fileName: () => 'weather-app.js',
      cssFileName: 'weather-app',
    },
    minify: true,
  },
});
