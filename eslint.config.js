import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

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
  // The layers (design.md, "One core, two shells"): the page and the bridge may import shared/
  // (the core with it); shared/ imports only itself, the SDK, zod and @cfworker/json-schema (the one JSON Schema
  // engine, pure JavaScript that compiles no code), so it runs in both and the core never reaches into a
  // shell or a feature.
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
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+client(/|$)',
              message: 'The bridge must not import the page (client/); what both need goes in shared/.',
            },
          ],
        },
      ],
    },
  },
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
