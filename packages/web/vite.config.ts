import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development Vite serves the app on :5173 and hands every API path to the server on :3000, so the browser
// sees one origin, as it does in production where the server serves the built app itself.
const API_PREFIXES = [
  '/api',
  '/user-api',
  '/account-api',
  '/benefit-api',
  '/transaction-api',
  '/merchant-api',
  '/admin-api',
  '/healthz',
];
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // @mantine/dates sits at the workspace root and could pull a second copy of @mantine/core (and with it a
    // second theme context); one copy of each keeps MantineProvider's theme visible to every component.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Each area is loaded with React.lazy, so the split follows the areas; only the libraries every page needs
    // get chunks of their own, which the browser keeps cached across releases of the app's own code.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
          ],
        },
      },
    },
  },
});
