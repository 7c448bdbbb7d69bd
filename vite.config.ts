import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// Builds client/ into dist/client, which the bridge serves and the npm package ships.
export default defineConfig({
  root: 'client',
  base: './',
  plugins: [react()],
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
  },
  worker: { format: 'es' },
});
