import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built server, started by Playwright on its own port with a fresh database (testing.md: browser tests).
const PORT = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${PORT}`;

// This file is loaded by the runner and again by every worker; the workers inherit the runner's environment, so
// only the runner makes the data directory (and removes it when it exits, after the server has stopped).
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ebt-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two workers everywhere, CI included (decision 0091): the accessibility walk's file alone is ~11 minutes, so with
  // one worker the browser stage was three quarters of a 45-minute CI run. Sharing the two cores with the server
  // slows each spec, so CI gives a spec and an expectation more time than a developer's run does.
  workers: 2,
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium, never a Playwright download (testing.md); running as root needs --no-sandbox, and the
      // networking flags stop it from calling hosts it cannot reach.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The server built afresh (about a second), then started as `npm start` starts it: its compiled build, never an
    // older one left by the last `npm run build` when only the server's sources changed since.
    command: 'npm run build -w @ebt/server && node scripts/start.mjs',
    url: `${baseURL}/healthz`,
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      // A blank tile the server serves (packages/web/public/map): no test ever asks an outside tile server.
      MAP_TILE_URL: '/map/blank-tile.png',
    },
    reuseExistingServer: false,
    timeout: 180_000,
    // The server's log (pino, on stdout, warnings and errors only at LOG_LEVEL warn) shows in the run's output: when
    // the server failed mid-run (a 503 from /healthz, then refused connections) an ignored stdout left no trace why.
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
