import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, expectAccessible, signInAs } from './helpers';

// The time-out warning (WCAG 2.2.1, decision 0063): after 18 idle minutes a dialog says the session
// ends in two minutes and offers 'Stay signed in', which calls the server; doing nothing still ends the session at
// 20 minutes on the logout page (A§1, A§9). The page's clock is Playwright's; the server's is real.

const MINUTE = 60_000;

const warning = (page: Page) => page.getByRole('dialog', { name: 'Are you still there?' });

async function signInWithClock(page: Page) {
  // Mantine's dialog transitions run on timers the driven clock would hold: reduced motion skips them.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
}

test.describe('the inactivity time-out warning', () => {
  test('warns at 18 minutes, in a dialog that holds the focus, and signs out at 20', async ({ page }) => {
    await signInWithClock(page);
    await page.clock.runFor(18 * MINUTE - 5_000);
    await expect(warning(page)).toHaveCount(0);
    await page.clock.runFor(6_000);
    const dialog = warning(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('you will be signed out in 2 minutes');
    // The focus is in the dialog, on the choice that keeps the session; Tab stays inside.
    const stay = dialog.getByRole('button', { name: 'Stay signed in' });
    await expect(stay).toBeFocused();
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
    }
    await expectAccessible(page);
    // Key presses inside the dialog do not count as activity: the session still ends at 20 minutes.
    await page.clock.runFor(2 * MINUTE);
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  });

  test("'Stay signed in' renews the server session and restarts the 20 minutes", async ({ page }) => {
    await signInWithClock(page);
    const userMenu = page.getByRole('button', { name: /User menu for/ });
    await userMenu.focus();
    await page.clock.runFor(18 * MINUTE + 1_000);
    const dialog = warning(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    const renewal = page.waitForRequest(
      (request) => request.url().endsWith('/user-api/user/current') && request.method() === 'GET',
    );
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    expect((await (await renewal).response())?.status()).toBe(200);
    // The focus goes back where it was.
    await expect(userMenu).toBeFocused();
    // Nineteen more idle minutes: past the first 20, still signed in; the warning returns at 18.
    await page.clock.runFor(17 * MINUTE);
    await expect(warning(page)).toHaveCount(0);
    await page.clock.runFor(2 * MINUTE);
    await expect(page).toHaveURL(/\/program$/);
    await expect(warning(page)).toBeVisible();
  });
});
