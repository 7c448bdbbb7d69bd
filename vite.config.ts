import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const BOOT_ENTRY = 'boot';

/**
 * Puts the page's small first module (client/boot.ts, an entry of its own) in index.html ahead of
 * the main one, as an async module script: it runs as soon as it arrives, and opens the socket
 * while the browser still fetches and evaluates the rest (main.tsx imports it too; a module runs
 * once). An HTML entry names only one script, so the tag is added here, once the file is named.
 */
function bootFirst(): Plugin {
  return {
    name: 'mcp-inspect:boot-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const boot = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === BOOT_ENTRY,
        );
        if (boot === undefined) throw new Error(`the build has no ${BOOT_ENTRY} entry`);
        const src = `./${boot.fileName}`;
        return {
          // The main entry imports it too, so Vite preloads it as well: the script's fetch is enough.
          html: html
            .split('\n')
            .filter((line) => !(line.includes('rel="modulepreload"') && line.includes(`href="${src}"`)))
            .join('\n'),
          tags: [
            {
              tag: 'script',
              attrs: { type: 'module', async: true, crossorigin: true, src },
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
  };
}

// Builds client/ into dist/client, which the bridge serves and the npm package ships.
export default defineConfig({
  root: 'client',
  base: './',
  plugins: [react(), bootFirst()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    // One JSON Schema engine in the page: the SDK's browser shim gets the page's ajv (see the file).
    alias: [
      {
        find: /^@modelcontextprotocol\/client\/_shims$/,
        replacement: fileURLToPath(new URL('./client/schema/sdkShims.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2048,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./client/index.html', import.meta.url)),
        [BOOT_ENTRY]: fileURLToPath(new URL('./client/boot.ts', import.meta.url)),
      },
    },
  },
  worker: { format: 'es' },
});
