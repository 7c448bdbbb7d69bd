// The bridge (dist/server/cli.js) and the demo server (dist/server/demo/demoServer.js), each
// bundled with what it imports, packages included. Loaded as a few files instead of some 600
// modules (express alone is a few dozen CommonJS files), the CLI prints its link after ~0.3 s of
// CPU instead of ~0.47 s (6 alternating runs, bench/startupOnly.ts shows the same on the page's
// side), and every test that starts the CLI pays that less.
//
// The CLI keeps its two-step start (cliOptions, then the bridge, imported only after the server
// was spawned: see server/cli/cli.ts), as chunks beside it. Both entries keep their folders, so the paths
// they resolve from import.meta.url (../client/, ./demo/demoServer.js, the demo app) hold.
// `ws` stays a package: the bridge requires it as CommonJS on purpose (wsBridge.ts).
//
//   node scripts/build-server.mjs [outDir]     (default: dist)
import { build } from 'esbuild';
import { chmod, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * zod's `locales` namespace holds the messages of 48 languages (340 KB of source), kept whole in
 * the bundle because the namespace is exported; nothing here sets another language, and zod
 * itself configures English from its own module. Its index is replaced by English alone.
 */
const englishZodMessagesOnly = {
  name: 'english-zod-messages-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), '../locales/en.js'), namespace: 'zod-english' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * Large JSON files (mime-db's 150 KB table of types, which express needs) bundled as a string
 * given to JSON.parse, not as an object literal: V8 scans a string literal far faster than it
 * parses a literal of thousands of properties, and JSON.parse builds the same object.
 */
const jsonParsedAtRunTime = {
  name: 'json-parsed-at-run-time',
  setup(build) {
    build.onLoad({ filter: /[\\/]mime-db[\\/]db\.json$/ }, async (args) => {
      const text = JSON.stringify(JSON.parse(await readFile(args.path, 'utf8')));
      return { contents: `module.exports = JSON.parse(${JSON.stringify(text)});`, loader: 'js' };
    });
  },
};

/** Builds both entries into `outDir` (dist, or a test run's own folder). */
export async function buildServer(outDir = join(ROOT, 'dist'), { sourcemap = true } = {}) {
  const serverDir = join(outDir, 'server');
  await rm(serverDir, { recursive: true, force: true });
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
    sourcemap: sourcemap ? 'linked' : false,
    legalComments: 'eof',
    // jsonc-parser's `main` is a UMD build whose require('./impl/…') calls esbuild cannot follow
    // (the bundle then fails at run time); its ES module build bundles as any other.
    alias: {
      'jsonc-parser': 'jsonc-parser/lib/esm/main.js',
      // The SDK client's default JSON Schema validator is the project's engine, as in the page
      // (vite.config.ts): its own Node shim would bring ajv onto the CLI's start for nothing.
      '@modelcontextprotocol/client/_shims': join(ROOT, 'shared/schema/nodeSdkShims.ts'),
      // body-parser and raw-body decode bodies with iconv-lite, whose tables were a sixth of the
      // script compiled before the link printed: Node's TextDecoder decodes them as well.
      'iconv-lite': join(ROOT, 'server/http/textDecoding.ts'),
    },
    plugins: [englishZodMessagesOnly, jsonParsedAtRunTime],
    // Smaller text for Node to compile before the link prints; names are kept, so a stack trace
    // still reads (and the source maps beside the files map it back).
    minifyWhitespace: true,
    minifySyntax: true,
    // Bundled CommonJS packages call require() for Node's own modules; ES modules have none.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
  };
  await Promise.all([
    build({
      ...common,
      // server/cli/cli.ts ships as dist/server/cli.js (the bin), beside demo/ and ../client/.
      entryPoints: [{ in: join(ROOT, 'server/cli/cli.ts'), out: 'cli' }],
      outdir: serverDir,
      splitting: true,
      chunkNames: '[name]-[hash]',
    }),
    build({
      ...common,
      entryPoints: [join(ROOT, 'server/demo/demoServer.ts')],
      outdir: join(serverDir, 'demo'),
    }),
  ]);
  // The bin must be executable for `npx mcp-inspect` on POSIX.
  await chmod(join(serverDir, 'cli.js'), 0o755);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer(process.argv[2]);
}
