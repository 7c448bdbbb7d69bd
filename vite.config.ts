import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';

type ModuleInfo = Rollup.ModuleInfo;
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const BOOT_ENTRY = 'boot';
const BOOT_PATH = fileURLToPath(new URL('./client/boot.ts', import.meta.url));
const MAIN_PATH = fileURLToPath(new URL('./client/main.tsx', import.meta.url));
/**
 * What main.tsx imports statically, transitively, but not client/boot.ts and its imports (they
 * stay in boot's own small chunk, or boot would wait for the whole first screen). Found once the
 * module graph is built, for the chunking below.
 */
const firstScreenModules = new Set<string>();

/** `from` and what it imports statically, transitively, except what `stop` holds. */
function staticClosure(from: string, info: (id: string) => ModuleInfo | null, stop = new Set<string>()) {
  const found = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id) || stop.has(id)) continue;
    found.add(id);
    pending.push(...(info(id)?.importedIds ?? []));
  }
  return found;
}

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
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const boot = staticClosure(BOOT_PATH, info);
      firstScreenModules.clear();
      for (const id of staticClosure(MAIN_PATH, info, boot)) firstScreenModules.add(id);
      // main.tsx itself stays in index.html's entry chunk, which imports the first screen's.
      firstScreenModules.delete(MAIN_PATH);
      if (boot.size < 2 || firstScreenModules.size < 2)
        throw new Error('the build found no boot or main module');
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, path }) {
        // Only the page of a server opens its socket early; the workspace's page has none.
        if (!path.endsWith('/index.html')) return html;
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
    // One JSON Schema engine in the page: the SDK's browser shim gets the page's (see the file).
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
    // scripts/first-screen.mjs reads what the first screen loads from it (dist/client/.vite/).
    manifest: true,
    // Every browser the page supports preloads modules itself; the polyfill cost the first screen 0.7 KB.
    // A lazy chunk's own imports are not listed for preloading beside it: the list of every lazy
    // chunk's JS files rode on the first screen (~3 KB), while over loopback a chunk's imports
    // load a millisecond later on their own. Its stylesheets still are (nothing else loads them).
    // index.html's are all kept: without them the first-screen chunk (React, the SDK, zod) was
    // asked for only once the entry had arrived and been parsed, a round trip later.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./client/index.html', import.meta.url)),
        // `mcp-inspect --all`: the page that frames several servers' pages (client/workspace/).
        workspace: fileURLToPath(new URL('./client/workspace.html', import.meta.url)),
        [BOOT_ENTRY]: BOOT_PATH,
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything index.html loads up front, as one file: brotli packs React, the SDK,
              // zod and the page's own first-screen code together ~10 KB smaller than as the
              // twenty chunks Rolldown would otherwise cut them into (scripts/first-screen.mjs).
              name: 'first-screen',
              test: (id) => firstScreenModules.has(id),
              // Not boot's modules, though main.tsx imports them: they stay in boot's chunk.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
});
