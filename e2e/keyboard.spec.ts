import { expect, test, type Locator, type Page } from '@playwright/test';
import { issueThroughApi, RECIPIENT_ID } from './benefit-helpers';
import { cardNumber, newRecipient, PASSWORD } from './card-helpers';
import { apiToken, DEMO_PASSWORD, DEMO_USERS } from './helpers';

// Keyboard-only flows: no clicks, only Tab, Shift+Tab, Enter and typing. At every step the focus is
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

/** Tabs to a Mantine select, opens it with ArrowDown and moves down its options until `option` is active: Enter. */
async function chooseByKeyboard(page: Page, select: Locator, option: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const wanted = listbox.getByRole('option', { name: option, exact: true });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 20 && (await wanted.getAttribute('data-combobox-selected')) === null; i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(select).toHaveValue(option);
  await expectFocusVisible(page, `after choosing ${option}`);
}

async function signInByKeyboard(
  page: Page,
  username: string,
  landing: RegExp,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await tabTo(page, page.getByRole('textbox', { name: 'Username' }));
  await page.keyboard.type(username);
  await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
  await page.keyboard.type(password);
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
    // The page's clock drives the 4-second auto-read (testing.md "Time"); it runs in real time otherwise.
    await page.clock.install();
    await signInByKeyboard(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/notifications');
    const items = page.getByTestId('notification');
    await expect(items.first()).toBeVisible();
    const before = await items.count();
    const firstText = (await items.first().locator('p').last().textContent()) ?? '';
    // That card's own button, by its whole name: reading may reorder the list, and the focus stays on this button.
    const label =
      (await items
        .first()
        .getByRole('button', { name: /^Dismiss/ })
        .getAttribute('aria-label')) ?? '';
    const dismiss = page.getByRole('button', { name: label, exact: true });
    await tabTo(page, dismiss);
    // A§4: unread items become read after 4 seconds on screen; the focus stays where the reader is.
    await page.clock.runFor(4_500);
    await expect(items.filter({ hasText: 'Unread' })).toHaveCount(0);
    await expect(dismiss).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(items.filter({ hasText: firstText })).toHaveCount(0);
    // The focus moves to the Dismiss button now in that place, never to the page's body.
    await expectFocusVisible(page, 'after Dismiss');
    if (before > 1) await expect(items.first().getByRole('button', { name: /^Dismiss/ })).toBeFocused();
  });

  test('keeps the focus in the list when a new notification pushes the focused card to the next page', async ({
    page,
    request,
  }) => {
    await page.clock.install();
    await signInByKeyboard(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/notifications');
    const items = page.getByTestId('notification');
    await expect(items).toHaveCount(5);
    // The unread ones become read (and the list is read again) before the reader settles on the last card.
    await page.clock.runFor(4_500);
    await expect(items.filter({ hasText: 'Unread' })).toHaveCount(0);
    const label =
      (await items
        .nth(4)
        .getByRole('button', { name: /^Dismiss/ })
        .getAttribute('aria-label')) ?? '';
    const held = page.getByRole('button', { name: label, exact: true });
    await tabTo(page, held);
    // A benefit issued meanwhile writes a notification; the list is read again when the reader comes back to the
    // tab, its data older than the app's 30 seconds.
    await issueThroughApi(
      request,
      await apiToken(request, DEMO_USERS.progadmin),
      `KF${Date.now().toString(36).toUpperCase()}`,
    );
    await page.clock.runFor(31_000);
    await page.evaluate(`document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))`);
    await expect(held).toHaveCount(0);
    // The focus is on the Dismiss button now at that place, never on the page's body.
    await expect(items.nth(4).getByRole('button', { name: /^Dismiss/ })).toBeFocused();
    await expectFocusVisible(page, 'after a new notification');
  });

  test("issues a benefit from a recipient's file, and finds its row in their benefits", async ({ page }) => {
    test.setTimeout(60_000);
    await signInByKeyboard(page, DEMO_USERS.progadmin, /\/program$/);
    // The recipient's file, found by its Account ID.
    await page.goto('/program/recipients');
    const search = page.getByRole('search', { name: 'Recipient search criteria' });
    await tabTo(page, search.getByRole('textbox', { name: 'Account ID' }));
    await page.keyboard.type(RECIPIENT_ID);
    await page.keyboard.press('Enter');
    const row = page
      .getByRole('table', { name: 'Recipients found' })
      .getByRole('button', { name: `Open recipient ${RECIPIENT_ID}`, exact: true });
    await tabTo(page, row.first());
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /^Recipient / })).toBeVisible();
    await expectFocusVisible(page, 'on the recipient file');

    await tabTo(page, page.getByRole('link', { name: 'Issue Benefit' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Issue Benefit' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Account ID' })).toHaveValue(RECIPIENT_ID);
    await expectFocusVisible(page, 'on the issue form');

    await chooseByKeyboard(page, page.getByRole('combobox', { name: 'Funding source' }), 'USDA SFMNP Grant');
    const auth = `KB${Date.now().toString(36).toUpperCase()}`;
    await tabTo(page, page.getByRole('textbox', { name: 'Authorization Number' }));
    await page.keyboard.type(auth);
    await chooseByKeyboard(
      page,
      page.getByRole('combobox', { name: 'Distribution Method' }),
      'Mailed to the recipient',
    );
    await tabTo(page, page.getByRole('button', { name: 'Issue Benefit' }));
    await page.keyboard.press('Enter');
    // The outcome takes the focus (announced, and where the next Tab starts).
    const issued = page.getByRole('status').filter({ hasText: 'Benefit issued.' });
    await expect(issued).toBeVisible();
    await expectFocusVisible(page, 'after issuing');

    await tabTo(page, page.getByRole('link', { name: 'Open the benefit' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Benefit ${auth}` })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: `All benefits of ${RECIPIENT_ID}` }));
    await page.keyboard.press('Enter');
    const benefitRow = page.getByRole('row').filter({ hasText: auth });
    await expect(benefitRow).toContainText('$50.00');
    await expect(benefitRow).toContainText('Issued');
    await expectFocusVisible(page, 'on the benefit list');
  });

  test('attaches an external card on the cards page', async ({ page, request }) => {
    test.setTimeout(60_000);
    const person = await newRecipient(request);
    await signInByKeyboard(page, person.username, /\/recipient$/, PASSWORD);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await tabTo(page, nav.getByRole('link', { name: 'EBT Cards' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'EBT Cards' })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Add EBT Card' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Add EBT Card' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Add EBT card' });
    // Sent empty: the focus goes to the first field in error, visibly.
    await tabTo(page, form.getByRole('button', { name: 'Add Card' }));
    await page.keyboard.press('Enter');
    await expect(form.getByRole('textbox', { name: 'Card Number' })).toBeFocused();
    await expectFocusVisible(page, 'on the first field in error');

    const pan = cardNumber();
    await page.keyboard.type(pan);
    await tabTo(page, form.getByRole('textbox', { name: 'Card Name' }));
    await page.keyboard.type('Keyboard card');
    await tabTo(page, form.getByRole('checkbox', { name: 'WIC' }));
    await page.keyboard.press('Space');
    await expect(form.getByRole('checkbox', { name: 'WIC' })).toBeChecked();
    await tabTo(page, form.getByRole('button', { name: 'Add Card' }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'EBT Cards' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'EBT card added.' })).toBeFocused();
    await expectFocusVisible(page, 'on the outcome');
    const row = page
      .getByRole('table', { name: 'Your EBT cards' })
      .getByRole('row')
      .filter({ hasText: 'Keyboard card' });
    await expect(row).toContainText(`*${pan.slice(-4)}`);
    await expect(row).toContainText('WIC');
    await expect(row).toContainText(person.programName);
  });
});
