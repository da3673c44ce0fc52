import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  apiToken,
  bearer,
  choose,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  opened,
  signInAs,
} from './helpers';

// The account file screen, {base}/recipient/file (A§2 Import Recipients; B§2 "Account file", B§5 Files, B§7 "Account
// import", B§8, B§9; docs/account-file.md). A program admin imports a file with each action code and one bad row;
// the recipient the file updates is one this spec adds itself, so no other spec's recipient changes.

const SENIOR_PROGRAM = 'Connecticut Senior Farmers Market';
const NCAAA = 'North Central Area Agency on Aging';
const HEADER =
  'Action Code,Account ID,Agency Code,First Name,Middle Initial,Last Name,Address 1,Address 2,City,State,Zip,Email,Mobile Phone,Card Issuance';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

interface SearchRow {
  accountUuid: string;
  recipientIdentifier: string;
  lastname: string;
  agencyName: string | null;
  accountStatusId: number;
}

async function findByEmail(request: APIRequestContext, token: string, email: string): Promise<SearchRow[]> {
  const answer = await request.get('/account-api/account', { headers: bearer(token), params: { email } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: SearchRow[] }).data;
}

test.describe('the account file', () => {
  test('a program admin imports a file with each action code and sees the bad row', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const programs = (await (
      await request.get('/account-api/account/programs', { headers: bearer(token) })
    ).json()) as {
      programUuid: string;
      programName: string;
    }[];
    const senior = programs.find((p) => p.programName === SENIOR_PROGRAM)!;
    const id = stamp();
    // The recipient the file updates: added here through the API, as another client would.
    const existingEmail = `e2e.import.update.${id}@example.com`;
    const created = await request.post('/account-api/account', {
      headers: bearer(token),
      data: {
        programUuid: senior.programUuid,
        firstname: 'Olga',
        lastname: 'Before',
        address1: '1 Test Street',
        city: 'Hartford',
        stateCode: 'CT',
        zipcode: '06103',
        email: existingEmail,
        mobilePhone: '8605550111',
        cardIssuanceCode: false,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { recipientIdentifier, accountUuid } = (await created.json()) as {
      recipientIdentifier: string;
      accountUuid: string;
    };

    const addEmail = `e2e.import.add.${id}@example.com`;
    const inactiveEmail = `e2e.import.inactive.${id}@example.com`;
    const csv = [
      HEADER,
      `01,,NCAAA,Imported,A,Active${id},12 Orchard Lane,,Hartford,CT,06103,${addEmail},(860) 555-0147,Y`,
      `02,,,Imported,,Inactive${id},88 Elm Street,,New Haven,CT,06510,${inactiveEmail},203-555-0188,N`,
      `03,${recipientIdentifier},,Olga,,After${id},1 Test Street,,Hartford,CT,06103,${existingEmail},8605550111,true`,
      `01,,NCAAA,Bad,,Row,1 Main St,,Hartford,CT,06103,not-an-email,8605550100,Y`,
    ].join('\r\n');

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/recipients');
    await page.getByRole('link', { name: 'Import Recipients' }).click();
    await expect(page).toHaveURL(/\/program\/recipient\/file$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Import Recipients' })).toBeVisible();
    await expect(page.getByRole('link', { name: /sample file/ })).toHaveAttribute(
      'href',
      '/samples/account-file-sample.csv',
    );
    // The sample is served and has the documented header.
    const sample = await request.get('/samples/account-file-sample.csv');
    expect(sample.status()).toBe(200);
    expect((await sample.text()).split(/\r?\n/)[0]).toBe(HEADER);
    // The help lists the columns.
    const layout = page.getByRole('table', { name: 'Columns of the account file' });
    await expect(layout.getByRole('rowheader', { name: 'Card Issuance' })).toBeVisible();
    await expectAccessible(page);

    // The program is required before anything is sent.
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('combobox', { name: 'Program', exact: true })).toHaveAccessibleDescription(
      /This field is required\./,
    );
    await choose(page, 'Program', SENIOR_PROGRAM);
    await page.getByRole('button', { name: 'Upload' }).click();

    await expect(page.getByText('Account file processed.')).toBeVisible();
    await expect(page.getByText('Rows processed: 4. Added: 2. Updated: 1.')).toBeVisible();
    await expect(page.getByText('Not applied: 1.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '1 row was not applied' })).toBeVisible();
    const errors = page.getByRole('table', { name: 'Rows not applied' });
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(errors.getByRole('row').nth(1)).toHaveText(/^5\s*Email\s*Invalid email format\.$/);
    await expectAccessible(page);

    // The file's work, seen through the API as another client sees it.
    const [added] = await findByEmail(request, token, addEmail);
    expect(added).toMatchObject({ lastname: `Active${id}`, agencyName: NCAAA, accountStatusId: 0 });
    expect(added!.recipientIdentifier).toMatch(/^[1-9]\d{7}$/);
    const [inactive] = await findByEmail(request, token, inactiveEmail);
    expect(inactive).toMatchObject({ lastname: `Inactive${id}`, agencyName: null, accountStatusId: 1 });
    const updated = await request.get(`/account-api/account/${accountUuid}`, { headers: bearer(token) });
    expect(await updated.json()).toMatchObject({ lastname: `After${id}`, cardIssuanceCode: true });
    expect(await findByEmail(request, token, 'not-an-email')).toEqual([]);
  });

  test('no file, an empty file, another type and unreadable content are refused', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/recipient/file');
    await choose(page, 'Program', SENIOR_PROGRAM);

    // B§5: no file opens the dialog.
    await page.getByRole('button', { name: 'Upload' }).click();
    let notice = await opened(page.getByRole('dialog', { name: 'Import Recipients' }));
    await expect(notice).toContainText('You must select an input file.');
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(notice).toBeHidden();

    // An empty file counts as no file.
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await page.getByRole('button', { name: 'Upload' }).click();
    notice = await opened(page.getByRole('dialog', { name: 'Import Recipients' }));
    await expect(notice).toContainText('You must select an input file.');
    await notice.getByRole('button', { name: 'OK' }).click();

    // Another type, and a file over 1 MB, are refused when picked.
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert')).toHaveText('The file must be a CSV, XLS or XLSX file.');
    await picker.setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(1_048_577, 'a') });
    await expect(page.getByRole('alert')).toHaveText('Account file size cannot be greater than 1MB.');

    // A .csv that is not a spreadsheet reaches the server, which answers 422 'Invalid file content.'.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    await picker.setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: png });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid file content.');

    // A file without the required columns names them.
    await picker.setInputFiles({
      name: 'short.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Action Code,First Name\n01,Al\n'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert')).toContainText('The column Last Name is missing.');
    await expectAccessible(page);
  });
});

test.describe('the account file at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the screen and its results fit a phone, on the admin side too', async ({ page }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/recipient/file');
    await expect(page.getByRole('heading', { level: 1, name: 'Import Recipients' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await choose(page, 'Program', SENIOR_PROGRAM);
    const csv = [HEADER, '09,,,A,,B,1 Main St,,Hartford,CT,06103,bad,1,Y'].join('\n');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Rows processed: 1. Added: 0. Updated: 0.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rows not applied' }).getByRole('row')).toHaveCount(4);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
