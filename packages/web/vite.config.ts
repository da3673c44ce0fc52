import { createRequire } from 'node:module';
import { apiPrefix } from '../core/src/contract/index.js';
import { ENDPOINTS } from '../core/src/endpoints/index.js';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contractDocs } from './build/contract-docs';
import { inlineFavicon } from './build/inline-favicon';
import { mantineComponentStyles } from './build/mantine-component-styles';
import { precompress } from './build/precompress';
import { kitOf } from './build/screen-chunks';
import { screenHtml, startupHtml } from './build/screen-html';

// In development Vite serves the app on :5173 and hands every API path to the server on :3000, so the browser
// sees one origin, as it does in production where the server serves the built app itself.
// The prefixes come from the endpoint contracts, so a new area's calls are proxied from its first endpoint.
const API_PREFIXES = [...new Set(ENDPOINTS.map((endpoint) => apiPrefix(endpoint.path)))];
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

// react-router's package exports name only its development build (dev warnings on); the production build it ships
// beside it is the same code with them off. The build takes that one; `npm run dev` keeps the warnings.
const reactRouterDist = path.dirname(path.dirname(createRequire(import.meta.url).resolve('react-router')));
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'production/dom-export.mjs') },
];

// The startup chunk: the app (app/start.tsx, which main.tsx imports), the router and providers with the modules they
// import, and also the small helpers every Mantine component and several areas share (styles API, breakpoints,
// contexts, hooks) and core's constants. Left to the split, these came as files of 1-2 KB, each one more request
// before a lazy screen could run. The i18n setup too: every page waits for it before its first render (decision
// 0060), so as a chunk of its own it was one more round trip after the entry (decision 0077).
const STARTUP =
  /src[\\/]app[\\/](start|router|providers)\.tsx$|node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/]core|hooks)[\\/]|packages[\\/]core[\\/]src[\\/]constants[\\/]|src[\\/]lib[\\/]i18n[\\/]setup\.ts$/;

/** The app behind the entry: main.tsx starts the page's reads, then imports it (decision 0105). */
const APP = 'src/app/start.tsx';
/** index.html preloads the app's chunks and links their styles, as it would for a static import. */
const startupPreloads = startupHtml(APP);

/** The entry's own modules (main.tsx): see the `boot` group. */
const BOOT =
  /src[\\/]lib[\\/](early-fetch|session)\.ts$|packages[\\/]core[\\/]src[\\/]early-reads[\\/]|vite[\\/]preload-helper/;

/** The auth area's schemas and contracts, which the signed-in user is parsed with (see the `kit` group). */
const AUTH_CONTRACTS = /packages[\\/]core[\\/]src[\\/]auth[\\/]/;

/** The signed-in shell: AreaLayout with the navigation model it shares with the header and side menus. */
const SHELL = /src[\\/]app[\\/](layouts[\\/]AreaLayout|navigation[\\/]nav-items)\.tsx?$/;
/** The recipient home, the page a recipient signs in to: its own chunk, and its share of the kit (decision 0077). */
const RECIPIENT_HOME = /src[\\/]features[\\/]home[\\/]RecipientHomePage\.tsx$/;
const recipientHomeKit = kitOf(['src/features/home/RecipientHomePage.tsx']);
/**
 * recipient-home.html: index.html with preloads of what the recipient home loads lazily (its page and kit, the shell,
 * the auth schemas the user is parsed with, and zod), which the server sends for /recipient and /recipient/home
 * (decision 0081).
 */
const recipientHomeHtml = screenHtml('recipient-home.html', [
  'src/features/home/RecipientHomePage.tsx',
  'src/app/layouts/AreaLayout.tsx',
  'packages/core/src/auth/schemas.ts',
]);

/**
 * The recipient portal as an installable app (issue 21 item 10, decision 0051): a manifest whose start is /recipient,
 * and a service worker that precaches the built code (no data: hashed scripts, styles, icons) and keeps the last page
 * of a /recipient navigation (network first), so the recipient home opens without a network and shows the balances it
 * last read. It never caches an API answer, and staff pages are never served from it. index.html is not precached:
 * the server writes its settings into it, so the one kept is the server's.
 */
const pwa = VitePWA({
  injectRegister: false,
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'MarketLink',
    short_name: 'MarketLink',
    description: 'Your food-assistance benefits: balances, transactions and markets',
    start_url: '/recipient',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0f766e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,svg,png,woff2}'],
    globIgnores: ['**/map/**', '**/samples/**'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/recipient(\/|$)/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'recipient-pages',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 20 },
          // Every /recipient page is the same index.html: one entry answers them all offline.
          plugins: [{ cacheKeyWillBeUsed: async () => '/recipient' }],
        },
      },
    ],
  },
});

export default defineConfig(({ command }) => ({
  plugins: [
    contractDocs(),
    react(),
    mantineComponentStyles(),
    precompress(),
    inlineFavicon(),
    startupPreloads,
    recipientHomeHtml,
    pwa,
  ],
  resolve: {
    // @mantine/dates sits at the workspace root and could pull a second copy of @mantine/core (and with it a
    // second theme context); one copy of each keeps MantineProvider's theme visible to every component.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
    alias: command === 'build' ? REACT_ROUTER_PRODUCTION : [],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and styles each source file loads, read by bench/bundle-size.ts.
    manifest: true,
    // Each area is loaded with React.lazy, so the split follows the areas. React and the router, which every page
    // needs, get a chunk of their own that the browser keeps cached across releases of the app's own code. Mantine
    // is left to the split: one chunk of every Mantine component any screen uses would make the sign-in page load
    // the date pickers and tables of the staff screens.
    rolldownOptions: {
      // core holds constants, rules and schemas: importing one of its modules does nothing but define them. Said so,
      // an area barrel (`@ebt/core/errors`) brings only the modules whose exports are used, and the startup code
      // does not carry zod because a barrel's schema file sits beside the function it needs.
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]core[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // What the entry runs before the app has loaded (main.tsx): the page's first reads with the session's
            // token, and the loader of dynamic imports. Left to the startup group, which takes its modules'
            // dependencies, the entry would import the startup chunk and run only once all of it had arrived.
            { name: 'boot', test: BOOT, priority: 3 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // zod, which the forms and the signed-in user's parsing need but the sign-in page does not: a chunk of
            // its own, or the split would put it in whichever group first shares it (the shell), and the public
            // forms would load the signed-in shell to get it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'startup', test: STARTUP, priority: 1 },
            // The kit the recipient home uses (components, lib, core, with the Mantine components they need), then
            // the signed-in shell, then the home's feature code: three files where the split made 40 of 1-3 KB,
            // each a request Lighthouse's slow 4G counts (decision 0077). The kit comes before the shell so that a
            // module both use lands in the kit, and a public form that uses a kit component never loads the shell.
            // The auth schemas join it: every page that loads them (the portals' user, the sign-in form once it is
            // used) loads the kit too, and as a file of their own (1.7 KB) they were one more request beside the
            // recipient home's first paint (decision 0105).
            { name: (id, ctx) => (recipientHomeKit(id, ctx) || AUTH_CONTRACTS.test(id) ? 'kit' : null), priority: 1 },
            { name: 'shell', test: SHELL, priority: 1 },
            { name: 'recipient-home', test: RECIPIENT_HOME, priority: 0 },
          ],
        },
      },
    },
  },
}));
