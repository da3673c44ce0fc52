import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  apiToken,
  bearer,
  choose,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  opened,
  signInAs,
  shownTotal,
} from './helpers';
import {
  addMerchant,
  BANK_ACCOUNT,
  banner,
  firstProgram,
  merchantCount,
  readMerchant,
  uniqueMerchantId,
} from './merchant-helpers';

// The merchant screens of the program and admin portals (B§2 "Merchants", B§4, B§5, B§7, B§8; decisions 0020,
// 0021). Counts come from the API, never from the demo data; the stories that change a merchant work on one they add
// themselves through the API, so no other spec's merchant changes.

const search = (page: Page) => page.getByRole('search', { name: 'Merchant search criteria' });
const results = (page: Page) => page.getByRole('table', { name: 'Merchants found' });
const region = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('merchant search', () => {
  test('needs a criterion, pages through a program, opens a merchant, keeps the results for Back', async ({
    page,
    request,
  }) => {
    const program = await firstProgram(request, DEMO_USERS.progadmin);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/merchants');
    await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Import Merchants' })).toHaveAttribute(
      'href',
      '/program/merchant/file',
    );
    await expect(page.getByRole('link', { name: 'New Merchant' })).toHaveAttribute('href', '/program/merchant/add');

    // B§5: Search is disabled with no criterion.
    const searchButton = search(page).getByRole('button', { name: 'Search' });
    await expect(searchButton).toBeDisabled();
    await expect(searchButton).toHaveAccessibleDescription('At least one field must be entered.');
    await expectAccessible(page);

    // A program alone is a criterion (decision 0020); 10 rows a page of up to 1000 (B§9).
    await choose(page, 'Program', program.programName);
    await expect(searchButton).toBeEnabled();
    // The merchant file and add specs may add merchants to this program meanwhile, in the other worker: the total shown
    // is bounded by the API's counts asked just before and just after it, and later pages may count them too.
    const programMerchants = () =>
      merchantCount(request, DEMO_USERS.progadmin, { programId: String(program.programId) });
    const before = await programMerchants();
    await searchButton.click();
    await expect(page).toHaveURL(new RegExp(`/program/merchants\\?programId=${program.programId}$`));
    const total = await shownTotal(page, 1);
    expect(total).toBeGreaterThanOrEqual(before);
    expect(total).toBeLessThanOrEqual(await programMerchants());
    expect(total).toBeGreaterThan(10);
    await expect(results(page).getByRole('row')).toHaveCount(11);
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText(/Showing 11–20 of \d+/)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    const row = results(page).getByRole('row').nth(2);
    const identifier = (await row.getByRole('rowheader').innerText()).trim();
    await row.getByRole('button').click();
    await expect(page).toHaveURL(/\/program\/merchant\/[0-9a-f-]{36}$/);
    await expect(region(page, 'Merchant info').getByRole('textbox', { name: 'Merchant ID' })).toHaveValue(identifier);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Back to results' }).click();
    await expect(page.getByText(/Showing 11–20 of \d+/)).toBeVisible();

    // B§8: nothing found.
    await search(page).getByRole('textbox', { name: 'Merchant name' }).fill('Zzyzx no such stand');
    await searchButton.click();
    await expect(page.getByRole('alert')).toHaveText('No merchant(s) found.');
    await expect(results(page)).toHaveCount(0);
    await expectAccessible(page);
  });

  test('exports the search as CSV and Excel, without tax or bank columns', async ({ page, request }) => {
    const program = await firstProgram(request, DEMO_USERS.progadmin);
    const count = await merchantCount(request, DEMO_USERS.progadmin, { programId: String(program.programId) });
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/merchants?programId=${program.programId}`);
    await shownTotal(page, 1);

    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await csv;
    expect(file.suggestedFilename()).toMatch(/^merchants.*\.csv$/);
    const lines = fs
      .readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Merchant ID,Merchant Name,FNS Number,Email,Business Phone,Mobile Phone,City,State,Zip Code,Status',
    );
    // The merchant file spec may import merchants into this program meanwhile, in the other worker: the file holds the
    // merchants of the moment it was written, between the count read before and the count read after.
    const after = await merchantCount(request, DEMO_USERS.progadmin, { programId: String(program.programId) });
    expect(lines.length - 1).toBeGreaterThanOrEqual(count);
    expect(lines.length - 1).toBeLessThanOrEqual(after);

    const excel = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const workbook = await excel;
    expect(workbook.suggestedFilename()).toMatch(/^merchants.*\.xlsx$/);
    // An xlsx file is a zip archive.
    expect(
      fs
        .readFileSync((await workbook.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  test('agency staff see merchants without tax, bank, add or change controls', async ({ page, request }) => {
    const program = await firstProgram(request, DEMO_USERS.agencyadmin);
    const token = await apiToken(request, DEMO_USERS.agencyadmin);
    const found = await request.get('/merchant-api/merchants', {
      headers: bearer(token),
      params: { programId: String(program.programId) },
    });
    const merchantUuid = ((await found.json()) as { data: { merchantUuid: string }[] }).data[0]!.merchantUuid;

    await signInAs(page, DEMO_USERS.agencyadmin, /\/program$/);
    await page.goto('/program/merchants');
    await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Merchant' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Import Merchants' })).toHaveCount(0);

    await page.goto(`/program/merchant/${merchantUuid}`);
    const info = region(page, 'Merchant info');
    await expect(info.getByRole('textbox', { name: 'Merchant name' })).toBeVisible();
    await expect(info.getByRole('textbox', { name: 'Federal Tax ID' })).toHaveCount(0);
    await expect(region(page, 'Bank info')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Inactivate', exact: true })).toHaveCount(0);
    await expect(info.getByRole('button', { name: 'Update' })).toBeDisabled();
    await expectAccessible(page);
  });
});

test.describe('merchant detail', () => {
  test('updates the info, with the FNS rule shown at its field', async ({ page, request }) => {
    const merchant = await addMerchant(request, DEMO_USERS.progadmin);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/merchant/${merchant.merchantUuid}`);
    const info = region(page, 'Merchant info');
    const update = info.getByRole('button', { name: 'Update' });
    await expect(info.getByRole('textbox', { name: 'Merchant ID' })).toHaveValue(merchant.merchantIdentifier);
    await expect(update).toBeDisabled();

    // B§5: FNS number exactly 7 characters when given; nothing is sent.
    const fns = info.getByRole('textbox', { name: 'FNS number' });
    await fns.fill('123');
    await update.click();
    await expect(info.getByText('FNS number must be exactly 7 characters.')).toBeVisible();
    await expect(fns).toBeFocused();
    await expect(fns).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    expect((await readMerchant(request, DEMO_USERS.progadmin, merchant.merchantUuid)).fnsNumber).toBe('1234567');

    // A valid change, and a mailing address of its own (the box unticked needs a whole address).
    await fns.fill('7654321');
    await info.getByRole('textbox', { name: 'Merchant name' }).fill('E2E Renamed Stand');
    await info.getByRole('checkbox', { name: 'Mailing address: same as registered address' }).uncheck();
    const mailing = info.getByRole('group', { name: 'Mailing address' });
    await mailing.getByRole('textbox', { name: 'Address line 1' }).fill('PO Box 77');
    await mailing.getByRole('textbox', { name: 'City' }).fill('Hartford');
    await mailing.getByRole('combobox', { name: 'State' }).fill('Connecticut');
    await page.getByRole('option', { name: 'Connecticut (CT)' }).click();
    await mailing.getByRole('textbox', { name: 'Zip code' }).fill('06101');
    await update.click();
    await expect(banner(page, 'Merchant Info Updated.')).toBeFocused();
    await expect(update).toBeDisabled();
    const saved = await readMerchant(request, DEMO_USERS.progadmin, merchant.merchantUuid);
    expect(saved).toMatchObject({ fnsNumber: '7654321', merchantName: 'E2E Renamed Stand' });
    expect(saved.mailingAddress?.addressOne).toBe('PO Box 77');
    await expectAccessible(page);
  });

  test('inactivates and activates the merchant, and toggles a program mapping', async ({ page, request }) => {
    const merchant = await addMerchant(request, DEMO_USERS.progadmin);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/merchant/${merchant.merchantUuid}`);
    const status = region(page, 'Status');

    await status.getByRole('button', { name: 'Inactivate' }).click();
    let dialog = await opened(page.getByRole('dialog', { name: 'Inactivate merchant' }));
    await expect(dialog).toContainText('Inactivate this merchant?');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Inactivate' }).click();
    await expect(banner(page, 'Merchant Status updated.')).toBeFocused();
    await expect(status.getByRole('definition').filter({ hasText: 'Inactive' })).toBeVisible();
    expect((await readMerchant(request, DEMO_USERS.progadmin, merchant.merchantUuid)).merchantStatusId).toBe(1);

    await status.getByRole('button', { name: 'Activate' }).click();
    dialog = await opened(page.getByRole('dialog', { name: 'Activate merchant' }));
    await expect(dialog).toContainText('Activate this merchant?');
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(status.getByRole('button', { name: 'Inactivate' })).toBeVisible();
    expect((await readMerchant(request, DEMO_USERS.progadmin, merchant.merchantUuid)).merchantStatusId).toBe(0);

    // B§4: the mapping toggles after a confirmation; statusId 1 reads 'Inactive'.
    const mapping = page.getByRole('table', { name: 'Programs of this merchant' });
    const row = mapping.getByRole('row').filter({ hasText: merchant.programName });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Inactivate for ${merchant.programName}` }).click();
    dialog = await opened(page.getByRole('dialog', { name: 'Inactivate for program' }));
    await expect(dialog).toContainText(`Inactivate this merchant for ${merchant.programName}?`);
    await dialog.getByRole('button', { name: 'Inactivate' }).click();
    await expect(banner(page, 'Merchant Program Status updated.')).toBeFocused();
    await expect(row).toContainText('Inactive');
    const mapped = (await readMerchant(request, DEMO_USERS.progadmin, merchant.merchantUuid)).merchantPrograms;
    expect(mapped.find((p) => p.programId === merchant.programId)?.statusId).toBe(1);
    await expectAccessible(page);

    await row.getByRole('button', { name: `Activate for ${merchant.programName}` }).click();
    dialog = await opened(page.getByRole('dialog', { name: 'Activate for program' }));
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(row.getByRole('button', { name: `Inactivate for ${merchant.programName}` })).toBeVisible();
  });

  test('shows bank numbers masked, reads them in clear for Edit, and saves the bank info', async ({
    page,
    request,
  }) => {
    const merchant = await addMerchant(request, DEMO_USERS.progadmin, { withBank: true });
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/merchant/${merchant.merchantUuid}`);

    const tax = region(page, 'Merchant info').getByRole('textbox', { name: 'Federal Tax ID' });
    await expect(tax).toHaveValue('');
    await expect(tax).toHaveAccessibleDescription(/Stored: \*\*\*\*6789/);

    const bank = region(page, 'Bank info');
    await expect(bank.getByRole('definition').filter({ hasText: `****${BANK_ACCOUNT.slice(-4)}` })).toBeVisible();
    await expect(bank).not.toContainText(BANK_ACCOUNT);
    await expectAccessible(page);

    await bank.getByRole('button', { name: 'Edit' }).click();
    const account = bank.getByRole('textbox', { name: 'Account number' });
    await expect(account).toHaveValue(BANK_ACCOUNT);
    await expect(bank.getByRole('textbox', { name: 'Bank name' })).toBeFocused();
    await bank.getByRole('textbox', { name: 'Bank name' }).fill('Second Farmers Bank');
    // B§5: routing at least 8.
    await bank.getByRole('textbox', { name: 'Routing number' }).fill('1234');
    await bank.getByRole('button', { name: 'Save bank info' }).click();
    await expect(bank.getByRole('textbox', { name: 'Routing number' })).toHaveAttribute('aria-invalid', 'true');
    await bank.getByRole('textbox', { name: 'Routing number' }).fill('011000015');
    await expectAccessible(page);
    await bank.getByRole('button', { name: 'Save bank info' }).click();
    await expect(banner(page, 'Merchant Bank Info Updated.')).toBeFocused();
    await expect(bank.getByRole('definition').filter({ hasText: 'Second Farmers Bank' })).toBeVisible();
    await expect(bank.getByRole('definition').filter({ hasText: '****0015' })).toBeVisible();
    const saved = await readMerchant(request, DEMO_USERS.progadmin, merchant.merchantUuid);
    expect(saved.bankAccountInfo).toMatchObject({ bankName: 'Second Farmers Bank', bankAccountNumber: '****6789' });
  });
});

test.describe('new merchant', () => {
  test('adds a merchant, opens it with the message, and refuses a Merchant ID in use', async ({ page, request }) => {
    const program = await firstProgram(request, DEMO_USERS.progadmin);
    const identifier = uniqueMerchantId('NEW');
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/merchants');
    await page.getByRole('link', { name: 'New Merchant' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Merchant' })).toBeVisible();
    await expectAccessible(page);

    const fill = async (merchantId: string) => {
      await choose(page, 'Program', program.programName);
      await page.getByRole('textbox', { name: 'Merchant ID' }).fill(merchantId);
      await page.getByRole('textbox', { name: 'Merchant name' }).fill('E2E Corner Grocer');
      await page.getByRole('textbox', { name: 'E-mail' }).fill('grocer@example.com');
      await page.getByRole('textbox', { name: 'Mobile phone' }).fill('(860) 555-0142');
      await page.getByRole('textbox', { name: 'Business phone' }).fill('860.555.0143');
      const registered = page.getByRole('group', { name: 'Registered address' });
      await registered.getByRole('textbox', { name: 'Address line 1' }).fill('5 Main Street');
      await registered.getByRole('textbox', { name: 'City' }).fill('Hartford');
      await registered.getByRole('combobox', { name: 'State' }).fill('Connecticut');
      await page.getByRole('option', { name: 'Connecticut (CT)' }).click();
      await registered.getByRole('textbox', { name: 'Zip code' }).fill('06103');
    };

    // Nothing filled: the first rule's field takes focus.
    await page.getByRole('button', { name: 'Add Merchant' }).click();
    await expect(page.getByRole('textbox', { name: 'Merchant ID' })).toHaveAttribute('aria-invalid', 'true');

    await fill(identifier);
    await page.getByRole('button', { name: 'Add Merchant' }).click();
    await expect(page).toHaveURL(/\/program\/merchant\/[0-9a-f-]{36}$/);
    await expect(banner(page, 'Merchant added.')).toBeFocused();
    const merchantUuid = /merchant\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    const added = await readMerchant(request, DEMO_USERS.progadmin, merchantUuid);
    expect(added).toMatchObject({ merchantIdentifier: identifier, merchantName: 'E2E Corner Grocer' });
    expect(added.businessPhone).toBe('8605550143');
    expect(added.merchantPrograms.map((p) => p.programId)).toContain(program.programId);
    await expectAccessible(page);

    // B§8: 409 'Merchant ID already exists.' at the field.
    await page.goto('/program/merchant/add');
    await fill(identifier);
    await page.getByRole('button', { name: 'Add Merchant' }).click();
    const idField = page.getByRole('textbox', { name: 'Merchant ID' });
    await expect(idField).toHaveAttribute('aria-invalid', 'true');
    await expect(idField).toHaveAccessibleDescription(/Merchant ID already exists\./);
    await expect(page).toHaveURL(/\/program\/merchant\/add$/);
    await expectAccessible(page);
  });

  test('the admin portal adds with bank information and links inside /admin', async ({ page, request }) => {
    const program = await firstProgram(request, DEMO_USERS.sysadmin);
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/merchant/add');
    await choose(page, 'Program', program.programName);
    await page.getByRole('textbox', { name: 'Merchant ID' }).fill(uniqueMerchantId('ADM'));
    await page.getByRole('textbox', { name: 'Merchant name' }).fill('E2E Admin Stand');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('admin.stand@example.com');
    await page.getByRole('textbox', { name: 'Mobile phone' }).fill('8605550144');
    await page.getByRole('textbox', { name: 'Business phone' }).fill('8605550145');
    const registered = page.getByRole('group', { name: 'Registered address' });
    await registered.getByRole('textbox', { name: 'Address line 1' }).fill('9 Oak Street');
    await registered.getByRole('textbox', { name: 'City' }).fill('Hartford');
    await registered.getByRole('combobox', { name: 'State' }).fill('Connecticut');
    await page.getByRole('option', { name: 'Connecticut (CT)' }).click();
    await registered.getByRole('textbox', { name: 'Zip code' }).fill('06103');
    await page.getByRole('checkbox', { name: 'Add bank information' }).check();
    await page.getByRole('textbox', { name: 'Account number' }).fill('998877665544');
    await page.getByRole('textbox', { name: 'Routing number' }).fill('021000021');
    await choose(page, 'Account type', 'Savings');
    const holder = page.getByRole('group', { name: 'Account holder' });
    await holder.getByRole('textbox', { name: 'First name' }).fill('Ada');
    await holder.getByRole('textbox', { name: 'Last name' }).fill('Stone');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Merchant' }).click();
    await expect(page).toHaveURL(/\/admin\/merchant\/[0-9a-f-]{36}$/);
    await expect(banner(page, 'Merchant added.')).toBeFocused();
    await expect(region(page, 'Bank info').getByRole('definition').filter({ hasText: '****5544' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Merchant search' })).toHaveAttribute('href', '/admin/merchants');
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search, a merchant and the add form fit a phone', async ({ page, request }) => {
    const program = await firstProgram(request, DEMO_USERS.progadmin);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/merchants?programId=${program.programId}`);
    await shownTotal(page, 1);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await results(page).getByRole('rowheader').first().getByRole('button').click();
    await expect(region(page, 'Merchant info')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Programs of this merchant' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.goto('/program/merchant/add');
    await expect(page.getByRole('heading', { level: 1, name: 'New Merchant' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
