import { expect, test } from '@playwright/test';
import { DEMO_USERS, signInAs } from './helpers';

// Checks of the kit's accessibility rules that axe cannot make (issue 23 item 2 and 3); docs/accessibility.md.

test.describe('maps', () => {
  test('a map re-measures itself when its frame shrinks, and its pins are named buttons', async ({ page }) => {
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/merchantlocator');
    const map = page.getByRole('region', { name: /^Map of/ });
    await expect(map).toBeVisible();
    const pins = map.getByRole('button');
    await expect(pins.first()).toBeVisible();
    // Every pin has a name (its title), so Tab reaches a named control.
    for (const name of await pins.evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''))) {
      expect(name.trim()).not.toBe('');
    }
    const pane = map.locator('.leaflet-map-pane');
    const before = await pane.evaluate((el) => (el as unknown as { style: { transform: string } }).style.transform);
    // Leaflet follows a window resize by itself (trackResize); a frame that shrinks without one (the layout around
    // it changing) is what MapView's ResizeObserver catches. Leaflet keeps the centre after invalidateSize: its pane
    // moves by half the width lost. Without it, it stays.
    await map.evaluate((el) => {
      (el as unknown as { style: { width: string } }).style.width = '300px';
    });
    await expect
      .poll(() => pane.evaluate((el) => (el as unknown as { style: { transform: string } }).style.transform))
      .not.toBe(before);
  });
});
