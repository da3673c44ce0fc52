import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { apiToken, bearer, DEMO_USERS, expectAccessible, signInAs } from './helpers';

// A street address searched on the merchant locator through a street geocoder (decision 0114). The shared e2e server
// runs without GEOCODER_URL (merchant-locator.spec.ts checks what it says to a street address), and Playwright starts
// it before any setup could start a provider, so this file starts its own: a fake Nominatim-compatible provider on
// 127.0.0.1 (port 0) that counts its calls, and a server of the product on a free port pointed at it.

const ADDRESS = '500 Main Street, Hartford, CT 06106';
const LABEL = '500 Main Street, Hartford, Connecticut 06106';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

test.describe('the merchant locator with a street geocoder', () => {
  // The server of this file starts with the demo data: more than a spec's usual time.
  test.describe.configure({ timeout: 240_000 });

  let provider: Server;
  let place: { lat: string; lon: string } = { lat: '41.7637', lon: '-72.6851' };
  let calls: string[] = [];
  let server: ChildProcess;
  let baseURL: string;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    provider = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const q = url.searchParams.get('q') ?? '';
      calls.push(q);
      const known = q.trim().toLowerCase() === ADDRESS.toLowerCase();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(known ? [{ place_id: 1, ...place, display_name: LABEL }] : []));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ebt-e2e-street-'));
    server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        JOBS: 'off',
        MAP_TILE_URL: '/map/blank-tile.png',
        GEOCODER_URL: providerUrl,
      },
    });
    for (let waited = 0; ; waited += 500) {
      const up = await fetch(`${baseURL}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (waited > 200_000 || server.exitCode !== null) throw new Error('the street geocoder server did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => provider?.close(resolve));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("a recipient's street address search shows the merchants near the provider's place, asked once", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    // The provider puts the address where the demo recipient's merchants are: the recipient's own ZIP code.
    const token = await apiToken(page.request, DEMO_USERS.recipient);
    const start = await (await page.request.get('/merchant-api/locator/start', { headers: bearer(token) })).json();
    place = { lat: String(start.origin.latitude), lon: String(start.origin.longitude) };
    calls = [];

    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/merchantlocator');
    const search = page.getByRole('search', { name: 'Find merchants near a place' });
    await search.getByRole('textbox', { name: 'Location' }).fill(ADDRESS);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(`Showing merchants near ${LABEL}.`)).toBeVisible();
    const table = page.getByRole('table', { name: 'Merchants nearest first, numbered as on the map' });
    await expect(table.getByRole('row').nth(1)).toContainText(start.merchants[0].merchantName);
    await expect(page.getByText('No merchant(s) found.')).toBeHidden();
    await expectAccessible(page);
    expect(calls).toEqual([ADDRESS]);

    // The same address again (spelled otherwise) comes from the cache: the provider is not asked twice.
    await page.getByRole('button', { name: 'Re-centre on me' }).click();
    await search.getByRole('textbox', { name: 'Location' }).fill(`  ${ADDRESS.toUpperCase()} `);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(`Showing merchants near ${LABEL}.`)).toBeVisible();
    expect(calls).toEqual([ADDRESS]);

    // A ZIP code stays on the gazetteer.
    await search.getByRole('textbox', { name: 'Location' }).fill('06106');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Showing merchants near Hartford, CT 06106.')).toBeVisible();
    expect(calls).toHaveLength(1);
    await context.close();
  });
});
