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
  // (the core with it); shared/ imports only itself, the SDK and zod (and ajv, pure JavaScript, for
  // the lint rules that check JSON Schemas), so it runs in both and the core never reaches into a
  // shell or a feature.
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|@modelcontextprotocol/|zod$|zod/|ajv$|ajv/|vitest$)',
              message: 'shared/ imports only shared/, the MCP SDK (@modelcontextprotocol/*), zod and ajv.',
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
