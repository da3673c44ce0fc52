import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiToken,
  bearer,
  choose,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  shownTotal,
  signInAs,
} from './helpers';

// The transaction screens of the program and admin portals (A§2 "Transaction list", B§5, B§7 "Transactions
// (detail)"; decisions 0033, 0034). The demo data has purchases with benefits affected, refunds, reversals linked to
// their purchase and declines; counts come from the API, never from the demo data.

const search = (page: Page) => page.getByRole('search', { name: 'Transaction search criteria' });
const results = (page: Page) => page.getByRole('table', { name: 'Transactions found' });
const region = (page: Page, name: string | RegExp) =>
  page.getByRole('region', typeof name === 'string' ? { name, exact: true } : { name });
/** The demo account whose benefits and card activity the specs read (recipient01's account). */
const ACCOUNT_ID = '10000001';

type Found = { data: { trxUuid: string; trxType: string }[]; totalCount: number };

async function findTransactions(request: APIRequestContext, params: Record<string, string>): Promise<Found> {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const res = await request.get('/transaction-api/transactions', { headers: bearer(token), params });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Found;
}

/** 'YYYY-MM-DD' of a local day `days` from today. */
function localDay(days: number): { text: string; date: Date } {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { text: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`, date };
}

test.describe('transaction search', () => {
  test('needs a criterion, searches a date range, pages, exports both formats and opens a row', async ({
    page,
    request,
  }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    const searchButton = search(page).getByRole('button', { name: 'Search' });
    await expect(searchButton).toBeDisabled();
    await expect(searchButton).toHaveAccessibleDescription('At least one field must be entered.');
    await expectAccessible(page);

    // The last 60 days, whole days in local time (a date without a time runs from 00:00:00 to 23:59:59).
    const from = localDay(-60);
    const to = localDay(0);
    await search(page).getByRole('textbox', { name: 'Start date', exact: true }).fill(from.text);
    await expect(searchButton).toBeEnabled();
    await search(page).getByRole('textbox', { name: 'End date', exact: true }).fill(to.text);
    await searchButton.press('Enter');
    await expect(page).toHaveURL(/\/program\/transactions\?startDate=.*&endDate=/);
    const start = new Date(from.date.getFullYear(), from.date.getMonth(), from.date.getDate(), 0, 0, 0);
    const end = new Date(to.date.getFullYear(), to.date.getMonth(), to.date.getDate(), 23, 59, 59);
    const expected = await findTransactions(request, {
      startDate: start.toISOString(),
      endDate: end.toISOString(),
    });
    expect(expected.totalCount).toBeGreaterThan(10);
    const total = await shownTotal(page, 1);
    expect(total).toBe(expected.totalCount);
    await expect(results(page).getByRole('row')).toHaveCount(11);
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(`Showing 11–20 of ${total}`)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);

    for (const [button, extension] of [
      ['Export CSV', /\.csv$/],
      ['Export Excel', /\.xlsx$/],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: button }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(extension);
      const bytes = await streamBytes(await file.createReadStream());
      if (extension.source.includes('csv')) {
        const lines = bytes.toString('utf8').trim().split(/\r?\n/);
        expect(lines[0]).toContain('Date,Program,Account ID,Type');
        expect(lines).toHaveLength(Math.min(total, 100_000) + 1);
        expect(bytes.toString('utf8')).not.toMatch(/\d{16,19}/);
      } else {
        expect(bytes.subarray(0, 2).toString()).toBe('PK');
      }
    }

    await results(page).getByRole('row').nth(1).getByRole('button').click();
    await expect(page).toHaveURL(/\/program\/transaction\/[0-9a-f-]{36}$/);
    await expect(region(page, 'Transaction')).toBeVisible();
    await expectAccessible(page);
  });

  test('refuses a start before 2022-02-01 and says when nothing is found', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/transactions');
    await search(page).getByRole('textbox', { name: 'Start date', exact: true }).fill('2022-01-31');
    await search(page).getByRole('button', { name: 'Search' }).click();
    // Shown once, under the date (the time field's copy is for its description only).
    await expect(search(page).getByText('Date cannot be before 2022-02-01.').first()).toBeVisible();
    await expect(search(page).getByRole('textbox', { name: 'Start date', exact: true })).toBeFocused();
    // The time beside the date is marked invalid too, and tells why.
    const startTime = search(page).getByLabel('Start time', { exact: true });
    await expect(startTime).toHaveAttribute('aria-invalid', 'true');
    await expect(startTime).toHaveAccessibleDescription('Date cannot be before 2022-02-01.');
    await expect(page).toHaveURL(/\/program\/transactions$/);

    await search(page).getByRole('textbox', { name: 'Start date', exact: true }).fill('');
    await search(page).getByRole('textbox', { name: 'Merchant ID' }).fill('NO-SUCH-MERCHANT');
    await search(page).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText('No transactions found.');
    await expectAccessible(page);
  });

  test("lists a recipient's transactions from the recipient detail's link (?rid=)", async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const accounts = await request.get('/account-api/account', {
      headers: bearer(token),
      params: { recipientIdentifier: ACCOUNT_ID },
    });
    const account = ((await accounts.json()) as { data: { accountUuid: string; programId: number }[] }).data[0]!;
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/recipient/${account.accountUuid}/${account.programId}`);
    await page.getByRole('navigation', { name: 'Related' }).getByRole('link', { name: 'Transactions' }).click();
    await expect(page).toHaveURL(new RegExp(`/program/transactions\\?rid=${ACCOUNT_ID}$`));
    await expect(search(page).getByRole('textbox', { name: 'Recipient Account ID' })).toHaveValue(ACCOUNT_ID);
    const expected = await findTransactions(request, { recipientIdentifier: ACCOUNT_ID });
    expect(expected.totalCount).toBeGreaterThan(0);
    if (expected.totalCount > 10) expect(await shownTotal(page, 1)).toBe(expected.totalCount);
    await expect(results(page).getByRole('row')).toHaveCount(Math.min(expected.totalCount, 10) + 1);
  });

  test('works at phone width without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/transactions?rid=${ACCOUNT_ID}`);
    await expect(page.getByText(/^Showing 1–10 of \d+$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('searches all programs as the platform administrator, by type and response', async ({ page, request }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/transactions');
    await choose(page, 'Type', 'Purchase Reversal');
    await search(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/admin\/transactions\?trxTypeId=4$/);
    const expected = await findTransactions(request, { trxTypeId: '4' });
    await expect(results(page).getByRole('row')).toHaveCount(Math.min(expected.totalCount, 10) + 1);
    await expect(results(page).getByRole('cell', { name: 'Purchase Reversal' }).first()).toBeVisible();
  });
});

test.describe('transaction detail', () => {
  test('shows a purchase with its benefits affected, its merchant and the map', async ({ page, request }) => {
    const found = await findTransactions(request, { recipientIdentifier: ACCOUNT_ID, trxTypeId: '1', respCodeId: '1' });
    const purchase = found.data[0]!;
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/transaction/${purchase.trxUuid}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Purchase of / })).toBeVisible();
    const facts = region(page, 'Transaction');
    await expect(facts.getByText('00 Approved')).toBeVisible();
    await expect(facts.getByText('Trace number')).toBeVisible();
    await expect(
      region(page, 'Card and recipient').getByRole('link', { name: new RegExp(`\\(${ACCOUNT_ID}\\)`) }),
    ).toHaveAttribute('href', /\/program\/recipient\/[0-9a-f-]{36}\/\d+$/);
    const benefits = region(page, /^Benefits? affected$/);
    await expect(benefits.getByRole('link').first()).toHaveAttribute('href', /\/program\/benefit\/[0-9a-f-]{36}$/);
    await expect(region(page, 'Merchant').getByRole('link').first()).toHaveAttribute(
      'href',
      /\/program\/merchant\/[0-9a-f-]{36}$/,
    );
    const map = region(page, 'Map of where the transaction took place');
    await expect(map).toBeVisible();
    await expect(map.locator('img.leaflet-tile').first()).toHaveAttribute('src', /\/map\/blank-tile\.png/);
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
    // The card is masked: '*' and the last four digits.
    await expect(region(page, 'Card and recipient').getByText(/^\*\d{4}$/)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/\d{16,19}/);
    await expectAccessible(page);

    // At a phone's width (loaded there: Leaflet sizes its panes when the map opens).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(region(page, 'Map of where the transaction took place')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('opens a reversal, linked to the purchase it reverses and back', async ({ page, request }) => {
    const found = await findTransactions(request, { trxTypeId: '4', respCodeId: '1' });
    const reversal = found.data[0]!;
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/transaction/${reversal.trxUuid}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Purchase Reversal of / })).toBeVisible();
    const link = region(page, 'Reversal').getByRole('link', { name: /^Purchase of \$/ });
    await expect(link).toBeVisible();
    await expectAccessible(page);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: /^Purchase of / })).toBeVisible();
    await expect(region(page, 'Reversal').getByRole('link', { name: /^Purchase Reversal of \$/ })).toHaveAttribute(
      'href',
      `/program/transaction/${reversal.trxUuid}`,
    );
  });

  test('answers a transaction outside the caller scope as not found', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/transaction/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toHaveText('The transaction was not found.');
  });
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
