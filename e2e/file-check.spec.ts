import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, bearer, choose, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, signInAs } from './helpers';

// "Check file" before importing (decision 0117) on the benefit, account and merchant file screens: the check shows
// what each row would do and writes nothing (read back through the API, as another client would); "Import these
// rows" then imports exactly that file; a file changed after its check is refused with 409.

const FILE_CHANGED = 'The file changed since it was checked. Check it again.';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Benefits of the accounts made for samples ('Sample Recipient'), counted by the benefit search. */
async function sampleBenefitCount(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/benefit-api/benefit', {
    headers: bearer(token),
    params: { firstname: 'Sample', lastname: 'Recipient', pageSize: 1 },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { totalCount: number }).totalCount;
}

/** Picks the file and presses "Check file"; the heading of the checked rows takes focus. */
async function checkFile(page: Page, name: string, content: string) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.getByRole('button', { name: 'Check file' }).click();
  const heading = page.getByRole('heading', { level: 2, name: `Check of ${name}` });
  await expect(heading).toBeFocused();
  await expect(page.getByText('File checked. Nothing was imported.')).toBeVisible();
}

test.describe('check a file before importing it', () => {
  test('the benefit sample: six rows would be added, nothing is written until "Import these rows"', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const sample = await request.get('/benefit-api/benefit/file/sample', { headers: bearer(token) });
    expect(sample.status()).toBe(200);
    const content = await sample.text();
    expect(content.trim().split('\r\n')).toHaveLength(7);
    const before = await sampleBenefitCount(request, token);

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/benefit/file');
    await checkFile(page, 'benefit-file-sample.csv', content);
    await expect(
      page.getByText('Rows: 6. Would be added: 6. Would be updated: 0. Unchanged: 0. Refused: 0.'),
    ).toBeVisible();
    const table = page.getByRole('table', { name: 'Rows of the checked file' });
    await expect(table.getByRole('row')).toHaveCount(7);
    await expect(table.getByRole('row').nth(1)).toContainText('Would be added');
    await expectAccessible(page);
    // The filter: no row is refused.
    await page.getByText('Refused (0)').click();
    await expect(page.getByText('No row is refused.')).toBeVisible();
    // The check wrote nothing.
    expect(await sampleBenefitCount(request, token)).toBe(before);

    await page.getByRole('button', { name: 'Import these rows' }).click();
    await expect(page.getByText('Benefit file processed.')).toBeVisible();
    await expect(page.getByText('Rows processed: 6. Added: 6. Updated: 0.')).toBeVisible();
    expect(await sampleBenefitCount(request, token)).toBe(before + 6);
  });

  test('a file changed after its check is refused, and nothing is written', async ({ request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const content = await (await request.get('/benefit-api/benefit/file/sample', { headers: bearer(token) })).text();
    const file = (text: string) => ({ name: 'benefits.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    const check = await request.post('/benefit-api/benefit/file/check', {
      headers: bearer(token),
      multipart: { benefitFile: file(content) },
    });
    expect(check.status(), await check.text()).toBe(200);
    const { checkToken } = (await check.json()) as { checkToken: string };
    const before = await sampleBenefitCount(request, token);
    const changed = await request.post('/benefit-api/benefit/file', {
      headers: bearer(token),
      multipart: { checkToken, benefitFile: file(content.replace('Sample benefit', 'Sample benefiT')) },
    });
    expect(changed.status()).toBe(409);
    expect(((await changed.json()) as { message: string }).message).toBe(FILE_CHANGED);
    expect(await sampleBenefitCount(request, token)).toBe(before);
  });

  test('the account file: check, then import the checked rows', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const email = `e2e.check.${stamp()}@example.com`;
    const csv =
      'Action Code,Account ID,Agency Code,First Name,Middle Initial,Last Name,Address 1,Address 2,City,State,Zip,Email,Mobile Phone,Card Issuance\r\n' +
      `01,,NCAAA,Checked,,Person,12 Orchard Lane,,Hartford,CT,06103,${email},(860) 555-0147,N\r\n` +
      `03,NOPE-${stamp()},,Bad,,Row,1 Main St,,Hartford,CT,06103,${email}x,8605550100,N\r\n`;
    const find = async () =>
      (
        (await (await request.get('/account-api/account', { headers: bearer(token), params: { email } })).json()) as {
          data: unknown[];
        }
      ).data;

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/recipient/file');
    await choose(page, 'Program', 'Connecticut Senior Farmers Market');
    await checkFile(page, 'accounts.csv', csv);
    await expect(page.getByText('Would be added: 1. Would be updated: 0. Unchanged: 0. Refused: 1.')).toBeVisible();
    // From the focused heading, the keyboard reaches "Import these rows" next; the totals are announced.
    await expect(page.getByRole('alert').filter({ hasText: 'File checked. Nothing was imported.' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Import these rows' })).toBeFocused();
    await page.getByText('Refused (1)').click();
    const refused = page.getByRole('table', { name: 'Refused rows of the checked file' });
    await expect(refused.getByRole('row')).toHaveCount(2);
    await expect(refused.getByRole('row').nth(1)).toContainText('Refused');
    await expectAccessible(page);
    expect(await find()).toEqual([]);

    await page.getByRole('button', { name: 'Import these rows' }).click();
    await expect(page.getByText('Account file processed.')).toBeVisible();
    await expect(page.getByText('Rows processed: 2. Added: 1. Updated: 0.')).toBeVisible();
    expect(await find()).toHaveLength(1);
  });

  test('the merchant file: check, then import the checked rows; "Choose another file" starts over', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const programs = (await (
      await request.get('/account-api/account/programs', { headers: bearer(token) })
    ).json()) as { shortName: string }[];
    const id = `CHK${stamp()}`.toUpperCase();
    const csv =
      'Action Code,Program Short Name,Merchant ID,Merchant Name,Email,Business Phone,Mobile Phone,Address 1,City,State,Zip\r\n' +
      `01,${programs[0]!.shortName},${id},Checked Stand ${id},${id.toLowerCase()}@example.com,(860) 555-0100,860-555-0101,12 Orchard Lane,Hartford,CT,06103\r\n`;
    const find = async () =>
      (
        (await (
          await request.get('/merchant-api/merchants', { headers: bearer(token), params: { merchantId: id } })
        ).json()) as { data: unknown[] }
      ).data;

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/merchant/file');
    await checkFile(page, 'merchants.csv', csv);
    await expect(page.getByText('Rows: 1. Would be added: 1.', { exact: false })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rows of the checked file' })).toContainText(id);
    expect(await find()).toEqual([]);
    await page.getByRole('button', { name: 'Choose another file' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Check of merchants.csv' })).toHaveCount(0);

    await checkFile(page, 'merchants.csv', csv);
    await page.getByRole('button', { name: 'Import these rows' }).click();
    await expect(page.getByText('Merchant file processed.')).toBeVisible();
    expect(await find()).toHaveLength(1);
  });
});

test.describe('the checked rows at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fit a phone and stay accessible', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const content = await (await request.get('/benefit-api/benefit/file/sample', { headers: bearer(token) })).text();
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/benefit/file');
    await checkFile(page, 'benefit-file-sample.csv', content);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
