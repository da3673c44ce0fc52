import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  apiToken,
  bearer,
  DEMO_PASSWORD,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  opened,
  signInAs,
} from './helpers';
import { issueThroughApi, programsOf, SFMNP } from './benefit-helpers';

// What a new user ran into, fixed once in the screen kit: focus on a success message, the sign-in
// link that names the user, a voided benefit that says so, and lists and details that fit a phone.

/** A seeded staff user no other spec signs in as: this story changes the password. */
const PASSWORD_USER = 'agencyuser02';
const NEW_PASSWORD = 'Kit#Focus2027';
const PHONE = { width: 390, height: 844 };

/** A new recipient of SFMNP through the API, so the story changes nobody another spec reads. */
async function addRecipient(request: APIRequestContext, token: string) {
  const program = (await programsOf(request, token)).find((p) => p.programName === SFMNP)!;
  const agencies = await request.get('/account-api/agency', {
    headers: bearer(token),
    params: { programUuid: program.programUuid },
  });
  const [agency] = (await agencies.json()) as { agencyUuid: string }[];
  const tag = Date.now().toString(36);
  const answer = await request.post('/account-api/account', {
    headers: bearer(token),
    data: {
      programUuid: program.programUuid,
      agencyUuid: agency!.agencyUuid,
      firstname: 'Kit',
      lastname: `Focus${tag}`,
      address1: '1 Main St',
      city: 'Hartford',
      stateCode: 'CT',
      zipcode: '06103',
      email: `kit.${tag}@example.com`,
      mobilePhone: '8605550123',
      cardIssuanceCode: false,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { accountUuid: string; programId: number; recipientIdentifier: string };
}

test.describe('the screen kit', () => {
  test('a saved recipient moves focus to "Recipient updated."; Update waits for a change', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const recipient = await addRecipient(request, token);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/recipient/${recipient.accountUuid}/${recipient.programId}`);
    const details = page.getByRole('form', { name: 'Recipient details' });
    const update = details.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await details.getByRole('textbox', { name: 'Address line 2' }).fill('Apt 4');
    await expect(update).toBeEnabled();
    await update.click();
    await expect(page.getByRole('status').filter({ hasText: 'Recipient updated.' })).toBeFocused();
    await expect(update).toBeDisabled();
    await expectAccessible(page);
  });

  test('a sign-in link that names the user puts focus in the password; "Password updated." takes focus', async ({
    page,
  }) => {
    await page.goto(`/login?username=${PASSWORD_USER}`);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(PASSWORD_USER);
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await expect(password).toBeFocused();
    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/program$/);

    await page.goto('/program/account');
    const section = page.getByRole('region', { name: 'Change password' });
    await section.getByRole('textbox', { name: 'Current password' }).fill(DEMO_PASSWORD);
    await section.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await section.getByRole('textbox', { name: 'Confirm new password' }).fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('status')).toHaveText('Password updated.');
    await expect(section.getByRole('status')).toBeFocused();
    await expectAccessible(page);
  });

  test('a voided benefit says so: the confirmation names it, then status, balance, who and when', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const benefit = await issueThroughApi(request, token, `KIT${Date.now().toString(36).toUpperCase()}`.slice(0, 20));
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/benefit/${benefit.uuid}`);
    await expect(page.getByRole('definition').filter({ hasText: /^Issued$/ })).toBeVisible();

    await page.getByRole('button', { name: 'Void', exact: true }).click();
    const confirm = await opened(page.getByRole('dialog', { name: 'Void benefit' }));
    await expect(confirm).toContainText('Are you sure you want to void this benefit?');
    await expect(confirm).toContainText(`Authorization number ${benefit.auth}, amount $50.00`);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Void benefit' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Benefit voided.' })).toBeFocused();
    await expect(page.getByRole('definition').filter({ hasText: 'Voided (VOID)' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /\$50\.00 voided/ })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /by Paul Hartley \(progadmin01\)$/ })).toBeVisible();
    await expectAccessible(page);

    // The API keeps answering VOID (resolution 1).
    const detail = await request.get(`/benefit-api/benefit/${benefit.uuid}`, { headers: bearer(token) });
    expect(await detail.json()).toMatchObject({ benefitStatus: 'VOID', voidedBy: 'Paul Hartley (progadmin01)' });
  });

  test('on a phone, lists are cards without a sideways scroll and detail values wrap', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const recipient = await addRecipient(request, token);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);

    // The benefit list: every column of a row, balance and status included, is inside the screen.
    await page.goto('/program/benefits');
    const table = page.getByRole('table', { name: 'Benefits' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const firstRow = table.getByRole('row').nth(1);
    for (const cell of await firstRow.getByRole('cell').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expect(firstRow).toContainText(/Issued|Expired|Voided|Expunged/);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // The recipient detail: 'Created' and 'Last changed' stay apart.
    await page.goto(`/program/recipient/${recipient.accountUuid}/${recipient.programId}`);
    const created = page
      .getByRole('definition')
      .filter({ has: page.locator('time') })
      .first();
    const changed = page
      .getByRole('definition')
      .filter({ has: page.locator('time') })
      .nth(1);
    const [a, b] = [(await created.boundingBox())!, (await changed.boundingBox())!];
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
    for (const box of [a, b]) expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('a date is typed and picked as YYYY-MM-DD', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/benefit/add');
    const available = page.getByRole('textbox', { name: 'Available date' });
    await expect(available).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    const today = await available.inputValue();
    await expect(available).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    await available.fill('11/30/2026');
    await page.getByRole('button', { name: 'Issue Benefit' }).click();
    await expect(available).toHaveAccessibleDescription(/Enter a date as YYYY-MM-DD\./);

    // The calendar writes the same text a person types: today, picked into an emptied field.
    await available.fill('');
    const calendar = page.getByRole('button', { name: 'Choose available date from a calendar' });
    await calendar.click();
    await expectAccessible(page);
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', {
      month: 'long',
      timeZone: 'UTC',
    });
    await page.getByRole('button', { name: `${day} ${monthName} ${year}`, exact: true }).click();
    await expect(available).toHaveValue(today);

    // Escape closes the calendar and gives focus back to its button.
    await calendar.click();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeFocused();
  });
});
