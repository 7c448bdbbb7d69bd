import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

/**
 * The server's floors, lowest first (docs/architecture.md): a folder of server/ imports only the
 * folders before it in this list (and shared/), never one after it, so each floor can be read,
 * tested and changed with only what lies below it in mind. Tests (*.test.ts) may reach up: they
 * drive a floor from above (a bridge, the built CLI), through testSupport/, the top floor.
 */
const SERVER_FLOORS = [
  'files',
  'loopback',
  'targets',
  'oauth',
  'relay',
  'models',
  'session',
  'demo',
  'proxy',
  'captures',
  'hostConfigs',
  'workspace',
  'appSandbox',
  'http',
  'verbs',
  'cli',
  'testSupport',
];

/** The bridge must not import the page, at any depth (what both need goes in shared/). */
const NOT_THE_PAGE = {
  regex: '^(\\.\\./)+client(/|$)',
  message: 'The bridge must not import the page (client/); what both need goes in shared/.',
};

/**
 * One block per floor and per depth of a file under it (server/<floor>/x.ts, server/<floor>/a/x.ts),
 * so that `../` is counted exactly up to server/ and a subfolder that shares a floor's name is not
 * taken for it. Static imports and re-exports (no-restricted-imports) and import() (no-restricted-syntax).
 */
function serverFloors() {
  const blocks = [
    {
      files: ['server/*.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [NOT_THE_PAGE] }] },
    },
  ];
  SERVER_FLOORS.forEach((floor, at) => {
    const above = SERVER_FLOORS.slice(at + 1);
    for (const depth of [1, 2, 3]) {
      const files = [`server/${floor}/${'*/'.repeat(depth - 1)}*.ts`];
      if (above.length === 0) {
        blocks.push({ files, rules: { 'no-restricted-imports': ['error', { patterns: [NOT_THE_PAGE] }] } });
        continue;
      }
      const upward = `^${'\\.\\./'.repeat(depth)}(${above.join('|')})(/|$)`;
      const message = `server/${floor}/ is below ${above.map((f) => `${f}/`).join(', ')} (docs/architecture.md): it must not import them; move what both need down to the floor it belongs to.`;
      blocks.push({
        files,
        ignores: ['server/**/*.test.ts'],
        rules: {
          'no-restricted-imports': ['error', { patterns: [NOT_THE_PAGE, { regex: upward, message }] }],
          'no-restricted-syntax': [
            'error',
            {
              // esquery's regex takes no `/`, not even escaped: \x2F is one.
              selector: `ImportExpression[source.value=/${upward.replaceAll('/', '\\x2F')}/]`,
              message,
            },
          ],
        },
      });
      // Tests keep the page rule.
      blocks.push({
        files: files.map((f) => f.replace(/\*\.ts$/, '*.test.ts')),
        rules: { 'no-restricted-imports': ['error', { patterns: [NOT_THE_PAGE] }] },
      });
    }
  });
  return blocks;
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...pluginQuery.configs['flat/recommended'],
  // The layers (docs/architecture.md, "The three layers"): the page and the bridge may import
  // shared/ (the core with it); shared/ imports only itself, the SDK, zod and @cfworker/json-schema
  // (the one JSON Schema engine, pure JavaScript that compiles no code), so it runs in both and the
  // core never reaches into a shell or a feature.
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|@modelcontextprotocol/|zod$|zod/|@cfworker/json-schema$|vitest$)',
              message:
                'shared/ imports only shared/, the MCP SDK (@modelcontextprotocol/*), zod and @cfworker/json-schema.',
            },
            {
              regex: '^(\\.\\./)+(client|server|e2e|bench|scripts)(/|$)',
              message: 'shared/ (and its core) must not import the page, the bridge or a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    // The page's tests run in Node, some against the real bridge in-process: they may.
    ignores: ['client/**/*.test.ts', 'client/**/testSupport/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server(/|$)',
              message: 'The page must not import the bridge (server/); what both need goes in shared/.',
            },
          ],
        },
      ],
    },
  },
  // The page's floors: bridge (its link to the bridge) → session (the page session's context,
  // queries and state that every feature reads) → features. Components and hooks are shared
  // pieces. Nothing below the features imports one, so a feature stands on the session alone.
  {
    files: [
      'client/bridge/**/*.{ts,tsx}',
      'client/session/**/*.{ts,tsx}',
      'client/components/**/*.{ts,tsx}',
      'client/hooks/**/*.{ts,tsx}',
    ],
    // Replaces the page's rule above for these files (a later no-restricted-imports wins), so it
    // repeats its pattern; tests may reach the real bridge, as there.
    ignores: ['client/**/*.test.ts', 'client/**/testSupport/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features(/|$)',
              message:
                'client/bridge, session, components and hooks sit below the features: they must not import one.',
            },
            {
              regex: '^(\\.\\./)+server(/|$)',
              message: 'The page must not import the bridge (server/); what both need goes in shared/.',
            },
          ],
        },
      ],
    },
  },
  ...serverFloors(),
  {
    files: [
      'server/**/*.ts',
      'e2e/**/*.{ts,mjs}',
      'bench/**/*.{ts,mjs}',
      'scripts/**/*.mjs',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
);
