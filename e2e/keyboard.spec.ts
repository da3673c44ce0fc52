import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './helpers';

// Keyboard-only flows (issue 23 item 5): no clicks, only Tab, Shift+Tab, Enter and typing. At every step the focus is
// on an element (never lost to <body>) and visibly marked (:focus-visible with an outline or a ring).

/** Where the focus is, as a string expression (the root tsconfig has no DOM types for a function run in the page). */
const FOCUS_STATE = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return 'lost to the body';
  if (!el.matches(':focus-visible')) return 'not :focus-visible: ' + el.outerHTML.slice(0, 120);
  const ringed = (node) => {
    const style = getComputedStyle(node);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  };
  // A password field's ring is on its wrapper, the input drawn by Mantine.
  const wrapper = el.parentElement && el.parentElement.closest('.mantine-Input-input');
  return ringed(el) || (wrapper && ringed(wrapper)) ? 'visible' : 'no outline: ' + el.outerHTML.slice(0, 120);
})()`;

async function expectFocusVisible(page: Page, step: string): Promise<void> {
  expect(await page.evaluate<string>(FOCUS_STATE), step).toBe('visible');
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page, `Tab stop ${i + 1} on the way to ${target.toString()}`);
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
  }
  throw new Error(`${target.toString()} not reached in ${max} Tab presses`);
}

async function signInByKeyboard(page: Page, username: string, landing: RegExp): Promise<void> {
  await page.goto('/login');
  await tabTo(page, page.getByRole('textbox', { name: 'Username' }));
  await page.keyboard.type(username);
  await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(landing);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('keyboard only', () => {
  test('signs in, searches recipients and pages the results', async ({ page }) => {
    await signInByKeyboard(page, DEMO_USERS.progadmin, /\/program$/);
    // The skip link is the first stop and takes the reader to the page.
    await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }), { max: 1 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    // For a program admin with applications, Recipients is a group that opens on Enter (A§6).
    const group = nav.getByRole('button', { name: 'Recipients' });
    // The side navigation is its own chunk: wait until it shows, as a group or a link, before asking which it is.
    await expect(group.or(nav.getByRole('link', { name: 'Recipients', exact: true }))).toBeVisible();
    if ((await group.count()) > 0) {
      await tabTo(page, group);
      await page.keyboard.press('Enter');
    }
    await tabTo(page, nav.getByRole('link', { name: 'Recipients', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/program\/recipients$/);
    const search = page.getByRole('search', { name: 'Recipient search criteria' });
    await tabTo(page, search.getByRole('textbox', { name: 'Mobile phone' }));
    await page.keyboard.type('860');
    await page.keyboard.press('Enter');
    const results = page.getByRole('table', { name: 'Recipients found' });
    await expect(results.getByRole('row').nth(1)).toBeVisible();
    const second = page.getByRole('navigation').getByRole('button', { name: 'Page 2', exact: true });
    await tabTo(page, second);
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-current', 'page');
    await expectFocusVisible(page, 'after moving to page 2');
  });

  test('reads and dismisses notifications: the auto-read does not move the focus', async ({ page }) => {
    await signInByKeyboard(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/notifications');
    const items = page.getByTestId('notification');
    await expect(items.first()).toBeVisible();
    const before = await items.count();
    const firstText = (await items.first().locator('p').last().textContent()) ?? '';
    const dismiss = items.first().getByRole('button', { name: /^Dismiss/ });
    await tabTo(page, dismiss);
    // A§4: unread items become read after 4 seconds on screen; the focus stays where the reader is.
    await expect(items.filter({ hasText: 'Unread' })).toHaveCount(0, { timeout: 8_000 });
    await expect(dismiss).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(items.filter({ hasText: firstText })).toHaveCount(0);
    // The focus moves to the Dismiss button now in that place, never to the page's body.
    await expectFocusVisible(page, 'after Dismiss');
    if (before > 1) await expect(items.first().getByRole('button', { name: /^Dismiss/ })).toBeFocused();
  });
});
