import { expect, test } from '@playwright/test';
import { DEMO_USERS, signInAs } from './helpers';

// The recipient portal as an installable app (decision 0051): a manifest Chromium can install from
// (name, start URL, standalone display, 192 and 512 px icons, theme colour) and an active service worker; with the
// network cut, /recipient/home shows the balances last read with their time, marked as not current. Staff pages
// register no service worker.

test.describe('the installable recipient app', () => {
  test('has an installable manifest and an active service worker, and shows the last balances offline', async ({
    page,
    context,
  }) => {
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: 'MarketLink',
      start_url: '/recipient',
      display: 'standalone',
      theme_color: '#0f766e',
    });
    const sizes = (manifest.icons as { sizes: string; src: string }[]).map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as { src: string }[])
      expect((await page.request.get(icon.src)).status()).toBe(200);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e');

    // The service worker is active and controls the page after a reload.
    await expect
      .poll(() => page.evaluate<string | undefined>('navigator.serviceWorker.ready.then((r) => r.active?.state)'), {
        timeout: 15_000,
      })
      .toBe('activated');
    await page.reload();
    const cards = page.getByRole('region', { name: 'Balances by program' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await page.evaluate<boolean>('navigator.serviceWorker.controller !== null')).toBe(true);
    const online = (await page.getByTestId('total-balance').textContent()) ?? '';
    const cardCount = await cards.count();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('Not current')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('offline-read-at')).toContainText(/Read at \d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId('total-balance')).toHaveText(online);
    await expect(page.getByRole('region', { name: 'Balances by program' }).getByRole('article')).toHaveCount(cardCount);
    await context.setOffline(false);
  });

  test('staff pages register no service worker', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.waitForTimeout(500);
    expect(await page.evaluate<number>('navigator.serviceWorker.getRegistrations().then((r) => r.length)')).toBe(0);
  });
});
