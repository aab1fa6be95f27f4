import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/** Import zones (STYLE.md §12): what each layer may not reach. */
const noImport = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      '.tmp',
      'node_modules',
      'server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': noImport(
        ['**/server/**', '../server/*', 'fastify', 'drizzle-orm', 'pg', '@electric-sql/*'],
        'The browser code never imports the server; share types through contract/.',
      ),
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(
        [
          'react',
          'react-*',
          '@mui/*',
          '@emotion/*',
          '**/api/**',
          '../api/*',
          'ofetch',
          '@tanstack/*',
          '**/server/**',
        ],
        'Machines are pure: no React, MUI, router or src/api; effects are provided as actors.',
      ),
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(
        [
          '**/machines/**',
          '../machines/*',
          '**/app/**',
          '../app/*',
          '**/server/**',
          '../server/*',
          'fastify',
          'drizzle-orm',
          'pg',
          '@electric-sql/*',
        ],
        'src/api is plain calls and their cache keys: no machines, no app wiring, no server; share types through contract/.',
      ),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(
        ['**/src/**', '../src/*', 'react', 'react-*', '@mui/*'],
        'The server never imports the browser code; share types through contract/.',
      ),
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(
        ['**/src/**', '**/server/**', 'drizzle-orm', 'drizzle-orm/*', 'react', 'react-*'],
        'The contract is shared by both sides and imports neither Drizzle nor React.',
      ),
    },
  },
  {
    // Every source file stays readable (STYLE.md §12): split services and views where a
    // responsibility ends. Tests, migrations and the seed data are exempt.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    // access-table.rows.ts is data: one row per route of the API. A statechart stays whole in
    // its <flow>.machine.ts whatever its length (issue #35 item 5), as pagopa/io-app keeps them.
    ignores: ['server/db/seed/**', 'contract/access-table.rows.ts', 'src/machines/*.machine.ts'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
);
