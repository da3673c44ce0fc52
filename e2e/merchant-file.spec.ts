import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, bearer, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, opened, signInAs } from './helpers';

// The merchant file screen, {base}/merchant/file (B§2 "Merchant file upload", B§5 Files, B§7, B§8, B§9 action codes;
// docs/merchant-file.md). The merchants the file disables and updates are ones this spec adds itself
// (through the same upload, as another client would), so no other spec's merchant changes.

/** The columns this spec writes, named as the sample and docs/merchant-file.md name them. */
const HEADER = [
  'Action Code',
  'Program Short Name',
  'Merchant ID',
  'Merchant Name',
  'Email',
  'Business Phone',
  'Mobile Phone',
  'Address 1',
  'City',
  'State',
  'Zip',
  'Bank Name',
  'Bank Account Number',
  'Bank Routing Number',
  'Bank Account Type',
  'Account Holder First Name',
  'Account Holder Last Name',
].join(',');

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

/** One row: the merchant's own cells, then the bank cells (blank unless given). */
function row(code: string, program: string, id: string, name: string, email: string, bank: string[] = []): string {
  const bankCells = [...bank, '', '', '', '', '', ''].slice(0, 6);
  return [
    code,
    program,
    id,
    name,
    email,
    '(860) 555-0100',
    '860-555-0101',
    '12 Orchard Lane',
    'Hartford',
    'CT',
    '06103',
    ...bankCells,
  ].join(',');
}

interface SearchRow {
  merchantUuid: string;
  merchantIdentifier: string;
  merchantName: string;
  merchantStatusId: number;
}

async function findById(request: APIRequestContext, token: string, merchantId: string): Promise<SearchRow | undefined> {
  const answer = await request.get('/merchant-api/merchants', {
    headers: bearer(token),
    params: { merchantId, pageSize: 1000 },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: SearchRow[] }).data.find((m) => m.merchantIdentifier === merchantId);
}

async function programShortNames(request: APIRequestContext, token: string): Promise<string[]> {
  const answer = await request.get('/account-api/account/programs', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { shortName: string }[]).map((p) => p.shortName);
}

const programShortName = async (request: APIRequestContext, token: string) =>
  (await programShortNames(request, token))[0]!;

test.describe('the merchant file', () => {
  test('a program admin downloads the sample and imports a file with each action code and one bad row', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const program = await programShortName(request, token);
    const id = stamp();
    const [disableId, updateId, bankId] = [`E2ED${id}`, `E2EU${id}`, `E2EB${id}`];
    // The merchants rows 03, 04 and 05 change: added here through the API, as another client would.
    const setup = await request.post('/merchant-api/merchant/file', {
      headers: bearer(token),
      multipart: {
        merchantFile: {
          name: 'setup.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(
            [
              HEADER,
              row('01', program, disableId, `Disable Me ${id}`, `e2e.disable.${id}@example.com`),
              row('01', program, updateId, `Update Me ${id}`, `e2e.update.${id}@example.com`),
              row('01', program, bankId, `Bank Me ${id}`, `e2e.bank.${id}@example.com`),
            ].join('\r\n'),
          ),
        },
      },
    });
    expect(setup.status(), await setup.text()).toBe(200);
    expect(await setup.json()).toMatchObject({ added: 3, rejected: 0 });

    const [activeId, inactiveId] = [`E2EA${id}`, `E2EI${id}`];
    const csv = [
      HEADER,
      row('01', program, activeId, `Added Active ${id}`, `e2e.active.${id}@example.com`),
      row('02', program, inactiveId, `Added Inactive ${id}`, `e2e.inactive.${id}@example.com`),
      row('03', program, disableId, `Disable Me ${id}`, `e2e.disable.${id}@example.com`),
      row('04', program, updateId, `Updated ${id}`, `e2e.update.${id}@example.com`),
      row('05', program, bankId, `Bank Me ${id}`, `e2e.bank.${id}@example.com`, [
        'First Hartford Bank',
        '000123456789',
        '011000138',
        'Checking',
        'Ada',
        'Lovelace',
      ]),
      row('01', program, '', `Bad Row ${id}`, 'not-an-email'),
    ].join('\r\n');

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/merchant/file');
    await expect(page.getByRole('heading', { level: 1, name: 'Import Merchants' })).toBeVisible();
    // The sample is built for the caller (every row one the upload accepts: the server's sample test).
    const sampleDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: /sample file/ }).click();
    const sample = await sampleDownload;
    expect(sample.suggestedFilename()).toBe('merchant-file-sample.csv');
    const sampleLines = readFileSync((await sample.path())!, 'utf8').split(/\r?\n/);
    expect(sampleLines[0]).toMatch(/^Action Code,Program Short Name,Merchant ID,Merchant Name,/);
    // Its first row adds a merchant to one of the caller's programs.
    expect(sampleLines[1]!.split(',').slice(0, 2)).toEqual(['01', expect.stringMatching(/^\S+$/)]);
    expect(await programShortNames(request, token)).toContain(sampleLines[1]!.split(',')[1]);
    // The help lists the columns.
    const layout = page.getByRole('table', { name: 'Columns of the merchant file' });
    await expect(layout.getByRole('rowheader', { name: 'Bank Routing Number' })).toBeVisible();
    await expectAccessible(page);

    await page.locator('input[type="file"]').setInputFiles({
      name: 'merchants.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Merchant file processed.')).toBeVisible();
    await expect(page.getByText('Rows processed: 6. Added: 2. Updated: 3.')).toBeVisible();
    await expect(page.getByText('Not applied: 1.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '1 row was not applied' })).toBeVisible();
    const errors = page.getByRole('table', { name: 'Rows not applied' });
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(errors.getByRole('row').nth(1)).toHaveText(/^7\s*Email\s*/);
    await expectAccessible(page);

    // The file's work, seen through the API as another client sees it.
    expect(await findById(request, token, activeId)).toMatchObject({
      merchantName: `Added Active ${id}`,
      merchantStatusId: 0,
    });
    expect(await findById(request, token, inactiveId)).toMatchObject({ merchantStatusId: 1 });
    expect(await findById(request, token, disableId)).toMatchObject({ merchantStatusId: 1 });
    expect(await findById(request, token, updateId)).toMatchObject({ merchantName: `Updated ${id}` });
    const banked = (await findById(request, token, bankId))!;
    const detail = await request.get(`/merchant-api/merchant/${banked.merchantUuid}`, { headers: bearer(token) });
    const bank = ((await detail.json()) as { bankAccountInfo: { bankName: string; bankAccountNumber: string } | null })
      .bankAccountInfo;
    expect(bank?.bankName).toBe('First Hartford Bank');
    expect(bank?.bankAccountNumber).toMatch(/6789$/);
    expect(bank?.bankAccountNumber).not.toContain('000123456789');
  });

  test('no file, and a 2 MB file, are refused before anything is sent', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/merchant/file');
    await page.getByRole('button', { name: 'Upload' }).click();
    const notice = await opened(page.getByRole('dialog', { name: 'Import Merchants' }));
    await expect(notice).toContainText('You must select an input file.');
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(notice).toBeHidden();

    let uploaded = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/merchant-api/merchant/file') && r.method() === 'POST') uploaded = true;
    });
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(2 * 1_048_576, 'a') });
    await expect(page.getByRole('alert')).toHaveText('Merchant file size cannot be greater than 1MB.');
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Merchants' })).toContainText(
      'You must select an input file.',
    );
    expect(uploaded).toBe(false);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expectAccessible(page);
  });

  test('a user without MERCHANT_ADD is told so instead of a form', async ({ page }) => {
    await signInAs(page, 'agencyadmin01', /\/program$/);
    await page.goto('/program/merchant/file');
    await expect(page.getByText('You do not have the necessary privilege for the requested action.')).toBeVisible();
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
  });
});

test.describe('the merchant file at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the screen and a refused row fit a phone, on the admin side too', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.sysadmin);
    const program = await programShortName(request, token);
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/merchant/file');
    await expect(page.getByRole('heading', { level: 1, name: 'Import Merchants' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    const csv = [HEADER, row('09', program, '', 'Nobody', 'bad')].join('\n');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Rows processed: 1. Added: 0. Updated: 0.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rows not applied' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
