import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiToken,
  bearer,
  choose,
  DEMO_USERS,
  expectAccessible,
  lastOutboxId,
  opened,
  signInAs,
  waitForMessage,
  shownTotal,
} from './helpers';

// The recipient screens of the program and admin portals (A§2 Recipient search, detail and Add Recipient; A§4, A§5,
// A§8, A§9; decision 0012). Demo data: 500 recipients in two programs, about a quarter with a mobile phone starting
// 860 (counts are read from the API, never written here, so a change to the demo data breaks no spec); agencyuser01 belongs to North Central Area Agency on Aging of the senior program (CTSFMNP). The stories that
// change data work on a recipient they add themselves, so no other spec's recipient changes.

const SENIOR_PROGRAM = 'Connecticut Senior Farmers Market';
const NCAAA = 'North Central Area Agency on Aging';
const SCAA = 'South Central Agency on Aging';

/** A Mantine select: open it by its label and pick the option. */

/** How many recipients the search API finds for `username` with `criteria`: what the screen must show. */
async function matchCount(request: APIRequestContext, username: string, criteria: Record<string, string>) {
  const token = await apiToken(request, username);
  const answer = await request.get('/account-api/account', { headers: bearer(token), params: criteria });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { totalCount: number }).totalCount;
}

const results = (page: Page) => page.getByRole('table', { name: 'Recipients found' });
const search = (page: Page) => page.getByRole('search', { name: 'Recipient search criteria' });

test.describe('recipient search', () => {
  test('needs a criterion, pages through results, keeps them for Back and says when nothing matches', async ({
    page,
    request,
  }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/recipients');
    await expect(page.getByRole('heading', { level: 1, name: 'Recipients' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Import Recipients' })).toHaveAttribute(
      'href',
      '/program/recipient/file',
    );
    await expect(page.getByRole('link', { name: 'New Recipient' })).toHaveAttribute('href', '/program/recipient/add');

    // A§5: Search is unavailable with no criterion, and says why; program and agency alone are no criterion.
    const searchButton = search(page).getByRole('button', { name: 'Search' });
    await expect(searchButton).toBeDisabled();
    await expect(searchButton).toHaveAccessibleDescription('At least one field must be entered.');
    await choose(page, 'Program', SENIOR_PROGRAM);
    await expect(searchButton).toBeDisabled();
    // A phone of separators only holds no digit to search by: still no criterion.
    await search(page).getByRole('textbox', { name: 'Mobile phone' }).fill('(---)');
    await expect(searchButton).toBeDisabled();
    await expect(searchButton).toHaveAccessibleDescription('At least one field must be entered.');
    await search(page).getByRole('button', { name: 'Clear' }).click();
    await expectAccessible(page);

    // The phone is searched by its digits (A§5); 10 rows a page of everything the server answered (A§9).
    await search(page).getByRole('textbox', { name: 'Mobile phone' }).fill('(860)');
    const before = await matchCount(request, DEMO_USERS.progadmin, { mobilePhone: '860' });
    await searchButton.click();
    await expect(page).toHaveURL(/\/program\/recipients\?mobilePhone=860$/);
    await expect(results(page).getByRole('row')).toHaveCount(11);
    // The search API's count: the demo data's plus what other specs running beside this one add, so it is bounded by
    // the counts asked just before and just after rather than equal to either.
    const total = await shownTotal(page, 1);
    expect(total).toBeGreaterThanOrEqual(before);
    expect(total).toBeLessThanOrEqual(await matchCount(request, DEMO_USERS.progadmin, { mobilePhone: '860' }));
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText(/^Showing 11–20 of \d+$/)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    const row = results(page).getByRole('row').nth(3);
    const identifier = (await row.getByRole('rowheader').innerText()).trim();
    await row.getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`/program/recipient/[0-9a-f-]{36}/\\d+$`));
    await expect(page.getByRole('definition').filter({ hasText: identifier }).first()).toBeVisible();

    // Back returns to the same page of the same results, with the criteria in the form.
    await page.goBack();
    await expect(page.getByText(/^Showing 11–20 of \d+$/)).toBeVisible();
    await expect(search(page).getByRole('textbox', { name: 'Mobile phone' })).toHaveValue('860');

    // A§8: nothing found.
    await search(page).getByRole('textbox', { name: 'Mobile phone' }).fill('');
    await search(page).getByRole('textbox', { name: 'Last name' }).fill('Zzyzx');
    await searchButton.click();
    await expect(page.getByRole('alert')).toHaveText('No recipients found.');
    await expect(results(page)).toHaveCount(0);
    await expectAccessible(page);
  });

  test('says when more recipients match than one answer lists', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    // The demo data is far below 2000 matches; the answers are given the counts of a large program on their way in.
    let counts = { totalCount: 2345, countCapped: false };
    await page.route(/\/account-api\/account\?/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), ...counts } });
    });
    await page.goto('/program/recipients?mobilePhone=860');
    const listed = await shownTotal(page, 1);
    await expect(page.getByRole('status').filter({ hasText: 'recipients match' })).toHaveText(
      `2,345 recipients match; the first ${listed} are listed. Narrow the search to see the others.`,
    );
    counts = { totalCount: 10_000, countCapped: true };
    await page.reload();
    // Counted again: a spec running beside this one (two local workers) may add a recipient with such a phone.
    const listedNow = await shownTotal(page, 1);
    await expect(page.getByRole('status').filter({ hasText: 'recipients match' })).toHaveText(
      `More than 10,000 recipients match; the first ${listedNow} are listed. Narrow the search to see the others.`,
    );
    await expectAccessible(page);
  });

  test('agency staff see only their agency, and the export is a CSV file of the search', async ({ page, request }) => {
    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    await page.goto('/program/recipients');
    // Their only program and agency are preselected (A§9).
    await expect(page.getByRole('combobox', { name: 'Program', exact: true })).toHaveValue(SENIOR_PROGRAM);
    await expect(page.getByRole('combobox', { name: 'Agency', exact: true })).toHaveValue(NCAAA);
    await search(page).getByRole('button', { name: 'Clear' }).click();
    await search(page).getByRole('textbox', { name: 'Mobile phone' }).fill('860');
    // Other specs add recipients of this agency with 860 numbers while this one runs: each count is bounded by the
    // API's counts asked just before and just after it, never compared with one of them.
    const agencyMatches = () => matchCount(request, DEMO_USERS.agencyuser, { mobilePhone: '860' });
    const before = await agencyMatches();
    await search(page).getByRole('button', { name: 'Search' }).click();
    await expect(results(page).getByRole('row').nth(1)).toBeVisible();

    // Every row on every page is of their agency.
    const agencyColumn = 4;
    const count = await shownTotal(page, 1);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeGreaterThanOrEqual(before);
    expect(count).toBeLessThanOrEqual(await agencyMatches());
    expect(count).toBeLessThan(await matchCount(request, DEMO_USERS.progadmin, { mobilePhone: '860' }));
    const agencies = await results(page).locator(`tbody tr td:nth-child(${agencyColumn})`).allInnerTexts();
    expect(new Set(agencies)).toEqual(new Set([NCAAA]));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^recipients-\d{8}\.csv$/);
    const text = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Account ID,First Name,Middle,Last Name,Address 1,Address 2,City,State,Zip,Email,Mobile Phone,Program,Agency,Status',
    );
    expect(lines.length - 1).toBeGreaterThanOrEqual(count);
    expect(lines.length - 1).toBeLessThanOrEqual(await agencyMatches());
    expect(lines.slice(1).every((line) => line.includes(NCAAA))).toBe(true);

    const excel = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel' }).click();
    expect((await excel).suggestedFilename()).toMatch(/^recipients-\d{8}\.xlsx$/);
  });

  test('the admin portal searches every program and links inside /admin', async ({ page }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/recipients?recipientIdentifier=10000001');
    await expect(results(page).getByRole('row')).toHaveCount(2);
    await results(page).getByRole('button', { name: 'Open recipient 10000001' }).click();
    await expect(page).toHaveURL(/\/admin\/recipient\/[0-9a-f-]{36}\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Recipient Margaret A Kowalski' })).toBeVisible();
    const related = page.getByRole('navigation', { name: 'Related' });
    await expect(related.getByRole('link', { name: 'Benefits' })).toHaveAttribute('href', '/admin/benefits/10000001');
    await expect(related.getByRole('link', { name: 'Transactions' })).toHaveAttribute(
      'href',
      '/admin/transactions?rid=10000001',
    );
    await expect(related.getByRole('link', { name: 'User info' })).toHaveAttribute(
      'href',
      /^\/admin\/user\/[0-9a-f-]{36}\/\d+$/,
    );
    await expect(related.getByRole('link', { name: 'EBT cards' })).toHaveAttribute(
      'href',
      /^\/admin\/recipient\/ebtcards\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByRole('link', { name: 'Issue Benefit' })).toHaveAttribute(
      'href',
      '/admin/benefit/add?recipientId=10000001',
    );
    await expectAccessible(page);

    // A§4: an account of type 1 (managed by an external system) shows its edit form disabled. The demo data's few
    // type 1 accounts are not known by Account ID, so the answer for this one is marked type 1 on its way in.
    await page.route(/\/account-api\/account\/[0-9a-f-]{36}$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), accountTypeId: 1 } });
    });
    await page.reload();
    const details = page.getByRole('form', { name: 'Recipient details' });
    await expect(details.getByText('This account is managed by an external system')).toBeVisible();
    await expect(details.getByRole('textbox', { name: 'First name' })).toBeDisabled();
    await expect(details.getByRole('textbox', { name: 'E-mail' })).toBeDisabled();
    await expect(details.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(page.getByRole('definition').filter({ hasText: 'External' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the Issue Benefit form picks a recipient with the search (picker mode)', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/benefit/add');
    await page.getByRole('button', { name: 'Find recipient' }).click();
    const picker = await opened(page.getByRole('dialog', { name: 'Find recipient' }));
    const find = picker.getByRole('search', { name: 'Find a recipient' });
    await expect(find.getByRole('button', { name: 'Search' })).toBeDisabled();
    await find.getByRole('textbox', { name: 'Mobile phone' }).fill('() -');
    await expect(find.getByRole('button', { name: 'Search' })).toBeDisabled();
    await find.getByRole('textbox', { name: 'Mobile phone' }).fill('');
    await find.getByRole('textbox', { name: 'Last name' }).fill('Kowalski');
    await find.getByRole('button', { name: 'Search' }).click();
    // No exports, no links: a row only chooses.
    await expect(picker.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await expectAccessible(page);
    await picker.getByRole('button', { name: 'Choose recipient 10000001' }).click();
    await expect(picker).toBeHidden();
    await expect(page).toHaveURL(/\/program\/benefit\/add/);
    await expect(page.getByRole('textbox', { name: 'Account ID' })).toHaveValue('10000001');
  });
});

test.describe('one recipient, from adding to moving', () => {
  test('add, edit, inactivate, activate and move a recipient', async ({ page, request }) => {
    // One person's whole story with two sign-ins and an accessibility scan at each step: about 20 s alone, more than
    // the default 30 s on a busy two-core machine.
    test.setTimeout(60_000);
    const email = `e2e.${Date.now()}@example.com`;
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/recipients');
    await page.getByRole('link', { name: 'New Recipient' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Recipient' })).toBeVisible();
    await expectAccessible(page);

    // Required fields are checked before anything is sent (A§5).
    await page.getByRole('button', { name: 'Add Recipient' }).click();
    await expect(page.getByRole('combobox', { name: 'Program', exact: true })).toHaveAccessibleDescription(
      'This field is required.',
    );

    await choose(page, 'Program', SENIOR_PROGRAM);
    await choose(page, 'Agency', NCAAA);
    await page.getByRole('textbox', { name: 'First name' }).fill('Edith');
    await page.getByRole('textbox', { name: 'Middle initial' }).fill('R');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Winslow');
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('45 Elm St');
    await page.getByRole('textbox', { name: 'City' }).fill('Hartford');
    await choose(page, 'State', 'Connecticut (CT)');
    await page.getByRole('textbox', { name: 'Zip code' }).fill('06103');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Mobile phone' }).fill('860.555.0177');
    await page.getByRole('button', { name: 'Add Recipient' }).click();
    const added = page.getByRole('status').filter({ hasText: /^Recipient added with Account Id \d{8}\.$/ });
    await expect(added).toBeVisible();
    const identifier = /Account Id (\d{8})/.exec(await added.innerText())![1]!;
    // The person's fields are emptied for the next recipient; program and agency stay.
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Agency', exact: true })).toHaveValue(NCAAA);

    // The same e-mail again: 409 'Email already exists.' (A§8), at the e-mail field too.
    await page.getByRole('textbox', { name: 'First name' }).fill('Edna');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Winslow');
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('45 Elm St');
    await page.getByRole('textbox', { name: 'City' }).fill('Hartford');
    await choose(page, 'State', 'Connecticut (CT)');
    await page.getByRole('textbox', { name: 'Zip code' }).fill('06103');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email.toUpperCase());
    await page.getByRole('textbox', { name: 'Mobile phone' }).fill('8605550178');
    await page.getByRole('button', { name: 'Add Recipient' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email already exists.');
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Email already exists.');
    await expectAccessible(page);

    // The new recipient, found by its Account ID.
    await page.goto(`/program/recipients?recipientIdentifier=${identifier}`);
    await results(page)
      .getByRole('button', { name: `Open recipient ${identifier}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recipient Edith R Winslow' })).toBeVisible();
    const account = page.getByRole('region', { name: 'Account', exact: true });
    await expect(account.getByRole('definition').filter({ hasText: NCAAA })).toBeVisible();
    await expect(account.getByText('Active', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // Edit: Update only after a change (A§5); the change is saved.
    const details = page.getByRole('form', { name: 'Recipient details' });
    const update = details.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await details.getByRole('textbox', { name: 'City' }).fill('West Hartford');
    await details.getByRole('textbox', { name: 'Zip code' }).fill('06107');
    await expect(update).toBeEnabled();
    await update.click();
    await expect(details.getByRole('status')).toHaveText('Recipient updated.');
    await expect(update).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('West Hartford');
    await expect(page.getByRole('textbox', { name: 'Zip code' })).toHaveValue('06107');

    // Inactivate after 'Inactivate recipient {id}?' (A§4).
    await account.getByRole('button', { name: 'Inactivate' }).click();
    const inactivate = page.getByRole('dialog', { name: 'Inactivate recipient' });
    await opened(inactivate);
    await expect(inactivate).toContainText(`Inactivate recipient ${identifier}?`);
    await expectAccessible(page);
    await inactivate.getByRole('button', { name: 'Inactivate' }).click();
    await expect(inactivate).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Recipient updated.' }).first()).toBeVisible();
    await expect(account.getByText('Inactive', { exact: true })).toBeVisible();

    // Activate after 'Activate recipient {id}?' with the activation e-mail box ticked by default (A§4).
    const before = await lastOutboxId(request);
    await account.getByRole('button', { name: 'Activate' }).click();
    const activate = page.getByRole('dialog', { name: 'Activate recipient' });
    await opened(activate);
    await expect(activate).toContainText(`Activate recipient ${identifier}?`);
    await expect(activate.getByRole('checkbox', { name: 'Send activation email' })).toBeChecked();
    await expectAccessible(page);
    await activate.getByRole('button', { name: 'Activate' }).click();
    await expect(activate).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Activation Email request sent.' })).toContainText(
      'Recipient updated.',
    );
    await expect(account.getByText('Active', { exact: true })).toBeVisible();
    await waitForMessage(
      request,
      (m) => m.to.toLowerCase() === email.toLowerCase() && /activ/i.test(m.subject),
      before,
    );

    // Change Agency: another agency of the program and the tick (A§5).
    await account.getByRole('button', { name: 'Change Agency' }).click();
    const move = page.getByRole('dialog', { name: 'Change Agency' });
    await opened(move);
    const moveButton = move.getByRole('button', { name: 'Move' });
    await expect(moveButton).toBeDisabled();
    await move.getByRole('combobox', { name: 'New agency', exact: true }).click();
    await expect(page.getByRole('option', { name: NCAAA, exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: SCAA, exact: true }).click();
    await expect(moveButton).toBeDisabled();
    await move.getByRole('checkbox', { name: 'Yes, I really want to move the recipient.' }).check();
    await expectAccessible(page);
    await moveButton.click();
    await expect(move).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Recipient moved to ${SCAA}.` })).toBeVisible();
    await expect(account.getByRole('definition').filter({ hasText: SCAA })).toBeVisible();
    const detailUrl = page.url();

    // agencyuser01 (North Central) no longer finds the recipient, neither by search nor by its address.
    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    await page.goto(`/program/recipients?recipientIdentifier=${identifier}`);
    await expect(page.getByRole('alert')).toHaveText('No recipients found.');
    await page.goto(detailUrl);
    await expect(page.getByRole('alert')).toHaveText('The recipient was not found.');
  });

  test('agency staff must choose one of their agencies when adding (A§6)', async ({ page }) => {
    await signInAs(page, DEMO_USERS.agencyadmin, /\/program$/);
    await page.goto('/program/recipient/add');
    await expect(page.getByRole('combobox', { name: 'Program', exact: true })).toHaveValue(SENIOR_PROGRAM);
    // Their only agency is preselected; the choices are theirs alone, and no account type is offered.
    await expect(page.getByRole('combobox', { name: 'Agency', exact: true })).toHaveValue(NCAAA);
    await page.getByRole('combobox', { name: 'Agency', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText([NCAAA]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: 'Account type', exact: true })).toHaveCount(0);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('search results and the recipient fit a phone', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/recipients?mobilePhone=860');
    await shownTotal(page, 1);
    await expectAccessible(page);
    expect(await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth')).toBe(false);
    await results(page).getByRole('rowheader').first().getByRole('button').click();
    await expect(page.getByRole('region', { name: 'Recipient details' })).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth')).toBe(false);
  });
});
