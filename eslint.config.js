// One lint config for the whole workspace. Boundaries follow architecture.md: core knows no HTTP, database or
// React; server and web meet only through core; a web feature or server module never imports another's files.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'packages/server/drizzle/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Package boundaries with ESLint's own rule (eslint-plugin-import-x needs native resolver binaries the registry
  // mirror does not carry, which broke `npm ci`). Each package lists what it may never import.
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@ebt/server', '@ebt/server/*', '**/server/src/**'], message: 'web talks to the server over HTTP only' }] },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@ebt/web', '@ebt/web/*', '**/web/src/**'], message: 'the server serves the built web app only' }] },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Core must stay free of runtime dependencies other than zod.
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-*', 'fastify', 'drizzle-orm*', 'pg', '@electric-sql/*'],
              message: 'core stays free of runtime dependencies other than zod',
            },
            { group: ['@ebt/server', '@ebt/server/*', '@ebt/web', '@ebt/web/*', '**/server/src/**', '**/web/src/**'], message: 'core knows no server or web code' },
          ],
        },
      ],
    },
  },
);
