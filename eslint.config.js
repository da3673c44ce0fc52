// One lint config for the whole workspace. Boundaries follow architecture.md: core knows no HTTP, database or
// React; server and web meet only through core; a web feature or server module never imports another's files.
import path from 'node:path';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'packages/server/drizzle/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      // Code that breaks the rules on purpose; lint/boundaries.test.ts lints it to prove each rule fails.
      'lint/fixtures/**',
    ],
  },
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
  {
    // CommonJS, as eslint-module-utils loads an import resolver with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Package boundaries with ESLint's own rule (eslint-plugin-import-x needs native resolver binaries the registry
  // mirror does not carry, which broke `npm ci`). Each package lists what it may never import.
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ebt/server', '@ebt/server/*', '**/server/src/**'],
              message: 'web talks to the server over HTTP only',
            },
          ],
          // One form style: every form validates with the contract's schema through lib/form-check.ts.
          paths: [
            {
              name: '@mantine/form',
              importNames: ['schemaResolver'],
              message: 'a form validates with formCheck (lib/form-check.ts), the one resolver',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@ebt/web', '@ebt/web/*', '**/web/src/**'], message: 'the server serves the built web app only' },
          ],
        },
      ],
    },
  },
  {
    // An API path is written once, in its endpoint contract in @ebt/core: the web app calls through the contract
    // (lib/endpoint-client.ts), so no path string may appear here (tests may name paths to fake answers).
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(api|[a-z]+(-[a-z]+)*-api)(\\/|$)/]',
          message: 'an API path belongs in its endpoint contract in @ebt/core; call it through lib/endpoint-client',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/(api|[a-z]+(-[a-z]+)*-api)(\\/|$)/]',
          message: 'an API path belongs in its endpoint contract in @ebt/core; call it through lib/endpoint-client',
        },
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
            {
              group: ['@ebt/server', '@ebt/server/*', '@ebt/web', '@ebt/web/*', '**/server/src/**', '**/web/src/**'],
              message: 'core knows no server or web code',
            },
          ],
        },
      ],
    },
  },
  // Feature and module boundaries (style.md "One area, one word"): a web feature uses the kit (components/, lib/)
  // and core, and another feature only through its index.ts; a server module uses platform/, db/ and core, and another module only
  // through that module's declared public entry, its index.ts. Imports inside one feature or module are free. On the
  // server, db/ and platform/ sit below the modules and import none; testing/ and the demo seed (seed/) sit above them
  // and, like a module, use one only through its index.ts (docs/module-layout.md "Between areas").
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [path.resolve(import.meta.dirname, 'lint/ts-resolver.cjs')]: {} },
      'boundaries/elements': [
        { type: 'core', pattern: 'packages/core/src' },
        { type: 'web-feature', pattern: 'packages/web/src/features/*', capture: ['area'] },
        { type: 'web-kit', pattern: 'packages/web/src/{components,lib,app}', capture: ['part'] },
        { type: 'server-module', pattern: 'packages/server/src/modules/*', capture: ['area'] },
        { type: 'server-base', pattern: 'packages/server/src/{platform,db,testing}', capture: ['part'] },
        { type: 'server-seed', pattern: 'packages/server/src/seed' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-feature' } } },
              message:
                'a web feature imports only components/, lib/, app/ and @ebt/core; another feature only through its index.ts',
            },
            {
              // A feature's index.ts is what it offers others (the recipient picker, the add form): declared, small,
              // and the only door in, as a server module's index.ts is (decision 0019).
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-feature' }, file: { path: '**/features/*/index.ts' } } },
            },
            {
              from: { element: { type: 'server-module' } },
              disallow: { to: { element: { types: { anyOf: ['server-module', 'server-seed'] } } } },
              message:
                'a server module imports only platform/, db/ and @ebt/core; another module only through its index.ts',
            },
            {
              from: { element: { type: 'server-module' } },
              allow: { to: { element: { type: 'server-module' }, file: { path: '**/modules/*/index.ts' } } },
            },
            {
              // The web kit's layers: a feature styles itself through the kit's components, never the app's theme;
              // lib/ (calls, hooks, formats) sits below components/ and imports none.
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-kit', captured: { part: 'app' } } } },
              message:
                'a web feature does not import app/ (the theme, the shell): what it needs is in components/ or lib/',
            },
            {
              from: { element: { type: 'web-kit', captured: { part: 'lib' } } },
              disallow: { to: { element: { type: 'web-kit', captured: { part: 'components' } } } },
              message: 'lib/ sits below components/: a hook that shows something belongs in components/',
            },
            {
              // Layers: db/ and platform/ below the modules; the test fixtures (testing/) and the demo seed above
              // them, using a module as modules do, through its index.ts.
              from: { element: { type: 'server-base', captured: { part: '{db,platform}' } } },
              disallow: { to: { element: { types: { anyOf: ['server-module', 'server-seed'] } } } },
              message:
                'db/ and platform/ sit below the modules: they import no module and not the seed (the caller passes in what they need)',
            },
            {
              // Their tests may load the demo data set (db/schema.test.ts checks it).
              from: {
                element: { type: 'server-base', captured: { part: '{db,platform}' } },
                file: { path: '**/*.test.ts' },
              },
              allow: { to: { element: { type: 'server-seed' } } },
            },
            {
              from: { element: [{ type: 'server-base', captured: { part: 'testing' } }, { type: 'server-seed' }] },
              disallow: { to: { element: { type: 'server-module' } } },
              message: 'testing/ and seed/ use a server module only through its index.ts, as modules do',
            },
            {
              from: { element: [{ type: 'server-base', captured: { part: 'testing' } }, { type: 'server-seed' }] },
              allow: { to: { element: { type: 'server-module' }, file: { path: '**/modules/*/index.ts' } } },
            },
          ],
        },
      ],
    },
  },
);
