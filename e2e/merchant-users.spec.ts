import { expect, test, type Page } from '@playwright/test';
import {
  apiToken,
  bearer,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  lastOutboxId,
  linkPathIn,
  signIn,
  signInAs,
  waitForMessage,
} from './helpers';
import { addMerchant, banner } from './merchant-helpers';

// The people who sell for a merchant (farmer users; decision 0109), on the staff merchant detail page: a program
// admin invites a person with the keyboard, the person activates the e-mailed link and signs in to /merchant, and the
// program admin disables them. Each story works on a merchant and an e-mail of its own.

const INVITED = 'Invitation sent. The person gets an e-mail to activate their account.';
const DISABLED = 'The person no longer sells for this merchant.';
const NOT_FARMER =
  'This e-mail belongs to a user who is not a farmer user. Invite the person with another e-mail address.';
const ACTIVATION_SUCCESS =
  'Activation successful. You can now proceed to the online portal or login via the MyMarketLink app.';

const people = (page: Page) => page.getByRole('region', { name: 'People' });
const inviteForm = (page: Page) => page.getByRole('form', { name: /^Invite a person to sell for / });

/** Fills the invitation with the keyboard only: Tab from field to field, Enter to send. */
async function inviteByKeyboard(page: Page, person: { first: string; last: string; email: string; mobile: string }) {
  await inviteForm(page).getByRole('textbox', { name: 'First name' }).focus();
  await page.keyboard.type(person.first);
  await page.keyboard.press('Tab');
  await page.keyboard.type(person.last);
  await page.keyboard.press('Tab');
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(person.mobile);
  await page.keyboard.press('Enter');
}

async function openMerchant(page: Page, merchantUuid: string) {
  await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
  await page.goto(`/program/merchant/${merchantUuid}`);
  await expect(people(page).getByText('Nobody sells for this merchant yet.')).toBeVisible();
}

for (const size of [
  { name: 'at desk width', width: 1280, height: 900 },
  { name: 'on a 390 px phone', width: 390, height: 844 },
]) {
  test(`a program admin invites a person, who activates and signs in to /merchant, then disables them (${size.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const merchant = await addMerchant(request, DEMO_USERS.progadmin);
    await openMerchant(page, merchant.merchantUuid);
    await expectAccessible(page);

    // A form sent empty names each field from the contract's schema, before anything is sent.
    await inviteForm(page).getByRole('button', { name: 'Invite' }).click();
    await expect(inviteForm(page).getByRole('textbox', { name: 'First name' })).toBeFocused();

    const stamp = `${size.width}${Date.now().toString(36)}`;
    const email = `stall.hand${stamp}@example.com`;
    const afterId = await lastOutboxId(request);
    await inviteByKeyboard(page, { first: 'Rosa', last: 'Fields', email, mobile: '860-555-0150' });
    const invited = banner(page, INVITED);
    await expect(invited).toBeFocused();
    const username = /Username: ([a-z0-9]+)\./.exec((await invited.textContent()) ?? '')?.[1];
    // The username is the e-mail's name, letters and digits only (decision 0109).
    expect(username).toMatch(/^stallhand\d/);
    const table = people(page).getByRole('table', { name: /^People who sell for / });
    const row = table.getByRole('row').filter({ hasText: username! });
    await expect(row).toContainText('Pending activation');
    await expect(row).toContainText('(860) 555-0150');
    if (size.width < 500) await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // The person reads the activation e-mail, activates and signs in: the sign-in lands on the merchant portal.
    const mail = await waitForMessage(request, (m) => m.to === email && /Activate/.test(m.subject), afterId);
    await page.evaluate('window.sessionStorage.clear()');
    await page.goto(linkPathIn(mail.body, 'validate'));
    await expect(page.getByRole('heading', { level: 1, name: 'Account activation' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(username!);
    const password = 'Stall#Hand2026';
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
    await page.getByRole('combobox', { name: 'Security question' }).click();
    await page.getByRole('option', { name: 'What was the name of your first pet?' }).click();
    await page.getByRole('textbox', { name: 'Answer' }).fill('Biscuit');
    await page.getByRole('radio', { name: 'E-mail' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(page.getByRole('status')).toHaveText(ACTIVATION_SUCCESS);
    await signIn(page, username!, password);
    await expect(page).toHaveURL(/\/merchant$/);
    await expect(page.getByRole('button', { name: /User menu for/ })).toBeVisible();
    await expectAccessible(page);

    // Back as the program admin: the person is active; Disable asks first, then the listing shows it.
    await page.evaluate('window.sessionStorage.clear()');
    await openMerchantWithPeople(page, merchant.merchantUuid);
    await expect(row).not.toContainText('Pending');
    await row.getByRole('button', { name: `Disable ${username} for this merchant` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Disable this person for this merchant?');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(banner(page, DISABLED)).toBeFocused();
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: /^Disable/ })).toHaveCount(0);
    await expectAccessible(page);
  });
}

async function openMerchantWithPeople(page: Page, merchantUuid: string) {
  await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
  await page.goto(`/program/merchant/${merchantUuid}`);
  await expect(people(page).getByRole('table', { name: /^People who sell for / })).toBeVisible();
}

test('inviting with the e-mail of a staff user shows the plain refusal', async ({ page, request }) => {
  const merchant = await addMerchant(request, DEMO_USERS.progadmin);
  const token = await apiToken(request, DEMO_USERS.agencyuser);
  const staff = (await (await request.get('/user-api/user/current', { headers: bearer(token) })).json()) as {
    email: string;
  };
  await openMerchant(page, merchant.merchantUuid);
  await inviteByKeyboard(page, { first: 'Ana', last: 'Staff', email: staff.email, mobile: '8605550151' });
  await expect(banner(page, NOT_FARMER)).toBeVisible();
  await expect(inviteForm(page).getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
    new RegExp(NOT_FARMER.slice(0, 40)),
  );
  await expect(people(page).getByText('Nobody sells for this merchant yet.')).toBeVisible();
  await expectAccessible(page);
});
