import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { addDays, issueThroughApi, programsOf, programToday, RECIPIENT_ID, SFMNP } from './benefit-helpers';
import { apiToken, bearer, choose, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, signInAs } from './helpers';

// The program and admin benefit screens (A§2 Benefit list, detail, Issue Benefit, Upload Benefit File; A§4, A§5,
// A§8). The demo data's Connecticut Senior Farmers Market (CTSFMNP) has a default amount of $50.00, a 150-day benefit
// period, a 90-day incentive period, a last issuance date, notes and an option type; the SNAP Incentive program
// (CTSNAP) has none of them. recipient01 is Account ID 10000001 in CTSFMNP, agency NCAAA.

const SNAP = 'Connecticut SNAP Incentive';
const NCAAA = 'North Central Area Agency on Aging';

/** A unique authorization number (at most 20 characters, no spaces). */
const authNo = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296)
    .toString(36)
    .toUpperCase()}`;

interface SearchRow {
  benefitUuid: string;
  benefitAuthNumber: string;
  benefitTypeId: number;
  benefitStatus: string;
  benefitAmount: number;
  benefitBalance: number;
  agencyName: string | null;
  programName: string;
  recipientIdentifier: string;
}

async function searchBenefits(request: APIRequestContext, token: string, params: Record<string, string | number>) {
  const answer = await request.get('/benefit-api/benefit', { headers: bearer(token), params });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { data: SearchRow[]; totalCount: number; totalPages: number };
}

async function benefitDetail(request: APIRequestContext, token: string, uuid: string) {
  const answer = await request.get(`/benefit-api/benefit/${uuid}`, { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Record<string, unknown> & {
    lastUpdatedDate: string;
    benefitBalance: number;
    programUuid: string;
  };
}

/** Chooses an option of a Mantine select as a person does: open it, pick the option. */
test.describe('benefits on the program side', () => {
  test('a program admin issues regular, default-amount and incentive benefits; the last issuance date stops one', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const sfmnp = (await programsOf(request, token)).find((p) => p.programName === SFMNP)!;
    expect(sfmnp.lastIssuanceDate).not.toBeNull();

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/benefits');
    await expect(page.getByRole('heading', { level: 1, name: 'Benefits' })).toBeVisible();
    await page.getByRole('link', { name: 'Issue Benefit' }).click();
    await expect(page).toHaveURL(/\/program\/benefit\/add$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Issue Benefit' })).toBeVisible();

    // Nothing entered: each required field says so, and focus goes to the first.
    await page.getByRole('button', { name: 'Issue Benefit' }).click();
    await expect(page.getByRole('combobox', { name: 'Program', exact: true })).toHaveAccessibleDescription(
      /This field is required\./,
    );
    await expectAccessible(page);

    // The recipient picker (A§2 "form plus recipient picker") fills the Account ID and the recipient's program.
    const snapRecipient = await activeRecipientOf(request, token, SNAP);
    await page.getByRole('button', { name: 'Find recipient' }).click();
    const picker = page.getByRole('dialog', { name: 'Find recipient' });
    await picker.getByRole('textbox', { name: 'Account ID' }).fill(snapRecipient);
    await picker.getByRole('button', { name: 'Search' }).click();
    await expect(picker).toHaveCSS('opacity', '1');
    await expectAccessible(page);
    await picker.getByRole('button', { name: `Choose recipient ${snapRecipient}` }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Account ID' })).toHaveValue(snapRecipient);
    await expect(page.getByRole('textbox', { name: 'Account ID' })).toBeFocused();

    // A regular benefit in a program without defaults (CTSNAP): amount and expiration are the person's.
    await expect(page.getByRole('combobox', { name: 'Program', exact: true })).toHaveValue(SNAP);
    await choose(page, 'Funding source', 'USDA GusNIP');
    const amount = page.getByRole('textbox', { name: 'Amount' });
    const expiration = page.getByRole('textbox', { name: 'Expiration date' });
    await expect(amount).not.toHaveAttribute('readonly');
    await expect(page.getByRole('combobox', { name: 'Distribution Method' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Note' })).toHaveCount(0);
    const today = await page.getByRole('textbox', { name: 'Available date' }).inputValue();
    const snap = (await programsOf(request, token)).find((p) => p.programName === SNAP)!;
    // Today on screen is the program's (its time zone, resolution 26).
    expect(today).toBe(programToday(snap.timeZone));
    const regularAuth = authNo('E2ER');
    await page.getByRole('textbox', { name: 'Authorization Number' }).fill('HAS SPACE');
    await expiration.fill(addDays(today, 30));
    await amount.fill('12.34');
    await page.getByRole('button', { name: 'Issue Benefit' }).click();
    await expect(page.getByRole('textbox', { name: 'Authorization Number' })).toHaveAccessibleDescription(
      /Authorization number must be at most 20 characters without spaces\./,
    );
    await page.getByRole('textbox', { name: 'Authorization Number' }).fill(regularAuth);
    await page.getByRole('button', { name: 'Issue Benefit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Benefit issued.' })).toHaveText('Benefit issued.');
    // A§4: the form resets (the program stays for the next one).
    await expect(page.getByRole('textbox', { name: 'Account ID' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Authorization Number' })).toHaveValue('');
    await expect(amount).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Program', exact: true })).toHaveValue(SNAP);
    const regular = (await searchBenefits(request, token, { authNo: regularAuth })).data;
    expect(regular).toMatchObject([
      { recipientIdentifier: snapRecipient, benefitAmount: 12.34, benefitStatus: 'ISSUED', benefitTypeId: 1 },
    ]);

    // CTSFMNP: the default amount is prefilled and read-only; the expiration is available + 150 - 1, read-only.
    await choose(page, 'Program', SFMNP);
    await expect(amount).toHaveValue('50.00');
    await expect(amount).toHaveAttribute('readonly');
    await expect(expiration).toHaveValue(addDays(today, 149));
    await expect(expiration).toHaveAttribute('readonly');
    await expect(page.getByRole('combobox', { name: 'Distribution Method' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Available date' }).fill(addDays(today, 2));
    await expect(expiration).toHaveValue(addDays(today, 151));

    // A§5: an available date after the last issuance date opens the dialog and nothing is sent.
    const blockedAuth = authNo('E2EB');
    await page.getByRole('textbox', { name: 'Account ID' }).fill(RECIPIENT_ID);
    await page.getByRole('textbox', { name: 'Authorization Number' }).fill(blockedAuth);
    await choose(page, 'Funding source', 'USDA SFMNP Grant');
    await choose(page, 'Distribution Method', 'Mailed to the recipient');
    await page.getByRole('textbox', { name: 'Available date' }).fill(addDays(sfmnp.lastIssuanceDate!, 1));
    await page.getByRole('button', { name: 'Issue Benefit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Last Issuance Date' });
    await expect(dialog).toContainText(`The Last Issuance Date is ${sfmnp.lastIssuanceDate}.`);
    // axe reads the colours of a half-faded dialog otherwise.
    await expect(dialog).toHaveCSS('opacity', '1');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Available date' })).toBeFocused();
    expect((await searchBenefits(request, token, { authNo: blockedAuth })).totalCount).toBe(0);

    // The last issuance date itself is allowed: a benefit with the program's amount and period.
    await page.getByRole('textbox', { name: 'Available date' }).fill(sfmnp.lastIssuanceDate!);
    await expect(page.getByRole('textbox', { name: 'Account ID' })).toHaveAccessibleDescription(
      /, North Central Area Agency on Aging$/,
    );
    await page.getByRole('textbox', { name: 'Note' }).fill('Issued by the browser test');
    await page.getByRole('button', { name: 'Issue Benefit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Benefit issued.' })).toBeVisible();
    const defaulted = (await searchBenefits(request, token, { authNo: blockedAuth })).data;
    expect(defaulted).toHaveLength(1);
    const defaultedDetail = await benefitDetail(request, token, defaulted[0]!.benefitUuid);
    expect(defaultedDetail).toMatchObject({
      benefitAmount: 50,
      benefitAvailableDate: sfmnp.lastIssuanceDate,
      benefitExpirationDate: addDays(sfmnp.lastIssuanceDate!, 149),
      note: 'Issued by the browser test',
      benefitOptionId: 2,
      creationChannel: 'WEB',
    });

    // Incentive: AUTO-GENERATED and read-only, the amount is the person's, the expiration uses the incentive period.
    const incentive = await seededIncentive(request, token);
    await page.getByRole('textbox', { name: 'Account ID' }).fill(RECIPIENT_ID);
    await page.getByRole('radio', { name: 'Incentive' }).check();
    const auth = page.getByRole('textbox', { name: 'Authorization Number' });
    await expect(auth).toHaveValue('AUTO-GENERATED');
    await expect(auth).toHaveAttribute('readonly');
    await expect(amount).toHaveValue('');
    await expect(amount).not.toHaveAttribute('readonly');
    await expect(expiration).toHaveValue(addDays(today, 89));
    // Back to Regular clears it; Incentive again sets it.
    await page.getByRole('radio', { name: 'Regular' }).check();
    await expect(auth).toHaveValue('');
    await expect(amount).toHaveValue('50.00');
    await page.getByRole('radio', { name: 'Incentive' }).check();
    await expect(auth).toHaveValue('AUTO-GENERATED');
    await page.getByRole('button', { name: 'Issue Benefit' }).click();
    await expect(page.getByRole('combobox', { name: 'Incentive', exact: true })).toHaveAccessibleDescription(
      /Incentive is required for an incentive benefit\./,
    );
    await choose(page, 'Funding source', 'USDA SFMNP Grant');
    await choose(page, 'Incentive', incentive.name);
    await choose(page, 'Distribution Method', 'In person at the agency');
    await amount.fill('7.50');
    await page.getByRole('button', { name: 'Issue Benefit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Benefit issued.' })).toBeVisible();
    const generated = /Authorization number (\S+) for 10000001\./.exec(
      (await page.getByText(/^Authorization number /).textContent()) ?? '',
    )?.[1];
    expect(generated).toMatch(/^I\d{8}[0-9A-Z]{11}$/);
    expect((await searchBenefits(request, token, { authNo: generated! })).data).toMatchObject([
      { benefitTypeId: 2, benefitAmount: 7.5, recipientIdentifier: RECIPIENT_ID },
    ]);
    await expectAccessible(page);
  });

  test('a program admin searches, pages, edits (with a stale edit) and voids a benefit', async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const issued = await issueThroughApi(request, token, authNo('E2EE'));

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/benefits');
    const table = page.getByRole('table', { name: 'Benefits' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page.getByText(/^Showing 1–10 of \d+/)).toBeVisible();
    await expectAccessible(page);

    // Server paging: page 2 is in the URL, and Back returns to page 1.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(/^Showing 11–20 of /)).toBeVisible();
    await page.goBack();
    await expect(page.getByText(/^Showing 1–10 of /)).toBeVisible();

    // Search date bounds (A§5) are checked before searching.
    await page.getByRole('textbox', { name: 'Available from' }).fill('2022-01-31');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('textbox', { name: 'Available from' })).toHaveAccessibleDescription(
      /Date cannot be before 2022-02-01\./,
    );
    await page.getByRole('button', { name: 'Clear' }).click();

    // Nothing matches: the spec's message.
    await page.getByRole('textbox', { name: 'Authorization Number' }).fill('NO-SUCH-AUTH');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText('No benefits found.');
    await expect(page).toHaveURL(/authNo=NO-SUCH-AUTH/);

    // The recipient route searches that Account ID at once, and the criteria survive a reload.
    await page.goto(`/program/benefits/${RECIPIENT_ID}`);
    await expect(page.getByRole('textbox', { name: 'Account ID' })).toHaveValue(RECIPIENT_ID);
    await expect(table.getByRole('row').nth(1)).toContainText(RECIPIENT_ID);
    await page.getByRole('textbox', { name: 'Authorization Number' }).fill(issued.auth);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/program/benefits/${RECIPIENT_ID}\\?authNo=${issued.auth}$`));
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Authorization Number' })).toHaveValue(issued.auth);
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(/\$50\.00\s*of \$50\.00/);
    await expect(row).toContainText('Issued');

    // Export: the current search as CSV, with the session's token.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await streamText(await file.createReadStream());
    expect(csv).toContain(issued.auth);

    // The row opens the benefit.
    await page.getByRole('button', { name: `Open benefit ${issued.auth}` }).click();
    await expect(page).toHaveURL(new RegExp(`/program/benefit/${issued.uuid}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Benefit ${issued.auth}` })).toBeVisible();
    await expectAccessible(page);

    // Edit: the balance is bounded by the benefit's maximum, then saved.
    const form = page.getByRole('form', { name: 'Edit benefit' });
    const balance = form.getByRole('textbox', { name: 'Balance' });
    await balance.fill('10000');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(balance).toHaveAccessibleDescription(/Balance cannot be more than \$9,999\.99\./);
    await balance.fill('20.00');
    await form.getByRole('textbox', { name: 'Available date' }).fill('2022-01-31');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByRole('textbox', { name: 'Available date' })).toHaveAccessibleDescription(
      /Date cannot be before 2022-02-01\./,
    );
    await form.getByRole('textbox', { name: 'Available date' }).fill(issued.availableDate);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Benefit updated.' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '$20.00' })).toBeVisible();
    expect(await benefitDetail(request, token, issued.uuid)).toMatchObject({
      benefitBalance: 20,
      updationChannel: 'WEB',
    });

    // Someone else changes it meanwhile: the save answers the server's message and offers to reload.
    const before = await benefitDetail(request, token, issued.uuid);
    const elsewhere = await request.put('/benefit-api/benefit', {
      headers: bearer(token),
      data: {
        benefitUuid: issued.uuid,
        benefitBalance: 15,
        benefitAvailableDate: before.benefitAvailableDate,
        benefitExpirationDate: before.benefitExpirationDate,
        benefitAuthorizationNumber: issued.auth,
        lastUpdatedDate: before.lastUpdatedDate,
      },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);
    await balance.fill('18.00');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This benefit was changed by someone else. Reload it and try again.',
    );
    await page.getByRole('button', { name: 'Reload the benefit' }).click();
    await expect(balance).toHaveValue('15.00');
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Void, after the confirmation; the edit form and the Void button go.
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Void benefit' });
    await expect(confirm).toContainText('Are you sure you want to void this benefit?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    await confirm.getByRole('button', { name: 'Void benefit' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Benefit voided.' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Voided \(VOID\)$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Void', exact: true })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Edit benefit' })).toHaveCount(0);
    await expect(page.getByText('Only an issued benefit can be changed; this benefit is VOID.')).toBeVisible();
    expect((await searchBenefits(request, token, { authNo: issued.auth })).data[0]!.benefitStatus).toBe('VOID');
    // The screen voids as part 1 §7 writes it (VOIDED) and names its channel.
    expect(await benefitDetail(request, token, issued.uuid)).toMatchObject({
      benefitStatus: 'VOID',
      updationChannel: 'WEB',
    });
    await expectAccessible(page);
  });

  test('a benefit file is imported with one bad row listed by row, column and reason', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const sfmnp = (await programsOf(request, token)).find((p) => p.programName === SFMNP)!;
    const today = programToday(sfmnp.timeZone);
    const [good1, good2, bad] = [authNo('E2EF'), authNo('E2EG'), authNo('E2EH')];
    const expires = addDays(today, 149);
    const csv = [
      'Program,Account ID,Authorization Number,Available Date,Expiration Date,Amount,Funding Source,Type,Incentive,Option,Note',
      `${sfmnp.shortName},${RECIPIENT_ID},${good1},${today},${expires},50.00,USDA SFMNP Grant,Regular,,In person at the agency,`,
      `${sfmnp.shortName},${RECIPIENT_ID},${good2},${today},${expires},50.00,USDA SFMNP Grant,Regular,,Mailed to the recipient,from a file`,
      `${sfmnp.shortName},${RECIPIENT_ID},${bad},${today},${expires},abc,USDA SFMNP Grant,Regular,,In person at the agency,`,
    ].join('\n');

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/benefits');
    await page.getByRole('link', { name: 'Import Benefits' }).click();
    await expect(page).toHaveURL(/\/program\/benefit\/file$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Benefit File' })).toBeVisible();
    // The sample is built for the caller from the demo data (every row one the upload accepts: platform test).
    const sampleDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: /sample file/ }).click();
    const sample = await sampleDownload;
    expect(sample.suggestedFilename()).toBe('benefit-file-sample.csv');
    const sampleText = readFileSync((await sample.path())!, 'utf8');
    expect(sampleText.split(/\r?\n/)[0]).toMatch(/^Program,Account ID,Authorization Number,/);
    await expectAccessible(page);

    // No file: the dialog.
    await page.getByRole('button', { name: 'Upload' }).click();
    const notice = page.getByRole('dialog');
    await expect(notice).toContainText('You must select an input file.');
    await notice.getByRole('button', { name: 'OK' }).click();

    // Over 1 MB: refused on the spot with the spec's text.
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(1_048_577, 'a') });
    await expect(page.getByRole('alert')).toHaveText('Benefit file size cannot be greater than 1MB.');

    await picker.setInputFiles({ name: 'benefits.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload' }).click();
    // The import reads and applies every row in one request; on a busy machine that takes a few seconds.
    await expect(page.getByText('Benefit file processed.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Rows processed: 3. Added: 2. Updated: 0.')).toBeVisible();
    const errors = page.getByRole('table', { name: 'Rows not imported' });
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(errors.getByRole('row').nth(1)).toHaveText(/^4\s*Amount\s*Enter an amount such as 25 or 25\.50\.$/);
    expect((await searchBenefits(request, token, { authNo: good1 })).totalCount).toBe(1);
    expect((await searchBenefits(request, token, { authNo: good2 })).totalCount).toBe(1);
    expect((await searchBenefits(request, token, { authNo: bad })).totalCount).toBe(0);
    await expectAccessible(page);
  });

  test('an agency user sees and issues only for their own agency', async ({ page, request }) => {
    const admin = await apiToken(request, DEMO_USERS.progadmin);
    const otherAgency = (await searchBenefits(request, admin, { pageSize: 50 })).data.find(
      (row) => row.programName === SFMNP && row.agencyName && row.agencyName !== NCAAA,
    )!;
    expect(otherAgency).toBeDefined();

    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    await page.goto('/program/benefits');
    const table = page.getByRole('table', { name: 'Benefits' });
    await expect(table.getByRole('row')).toHaveCount(11);
    for (const row of await table.getByRole('row').all()) {
      if ((await row.getByRole('columnheader').count()) > 1) continue; // the header row
      await expect(row).toContainText(NCAAA);
    }
    // Another agency's benefit is not there, even by its address.
    await page.getByRole('textbox', { name: 'Authorization Number' }).fill(otherAgency.benefitAuthNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText('No benefits found.');
    await page.goto(`/program/benefit/${otherAgency.benefitUuid}`);
    await expect(page.getByRole('alert')).toHaveText('The benefit was not found.');

    // Issuing: the agency is required and offers only theirs (A§6).
    await page.goto(`/program/benefit/add?recipientId=${RECIPIENT_ID}`);
    await expect(page.getByRole('textbox', { name: 'Account ID' })).toHaveValue(RECIPIENT_ID);
    await expect(page.getByRole('combobox', { name: 'Program', exact: true })).toHaveValue(SFMNP);
    const agency = page.getByRole('combobox', { name: 'Agency', exact: true });
    await expect(agency).toHaveValue(NCAAA);
    await agency.click();
    await expect(page.getByRole('option')).toHaveText([NCAAA]);
    await page.keyboard.press('Escape');
    await expectAccessible(page);
  });
});

test.describe('benefits on the admin side', () => {
  test('a platform admin has the list and the issue form but no import', async ({ page }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/benefits');
    await expect(page.getByRole('heading', { level: 1, name: 'Benefits' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Issue Benefit' })).toHaveAttribute('href', '/admin/benefit/add');
    await expect(page.getByRole('link', { name: 'Import Benefits' })).toHaveCount(0);
    await page
      .getByRole('button', { name: /^Open benefit / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/benefit\/[0-9a-f-]{36}$/);
    await page.goto('/admin/benefit/file');
    await expect(page.getByText('Page not found.')).toBeVisible();
  });
});

test.describe('benefits at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list, a benefit and the issue form fit a phone', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/benefits');
    await expect(page.getByRole('table', { name: 'Benefits' }).getByRole('row')).toHaveCount(11);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page
      .getByRole('button', { name: /^Open benefit / })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Benefit / })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/program/benefit/add');
    await choose(page, 'Program', SFMNP);
    await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('50.00');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

// ------------------------------------------------------------------------------------------------------------------

/** The Account ID of an active recipient of a program (GET /account-api/account). */
async function activeRecipientOf(request: APIRequestContext, token: string, programName: string): Promise<string> {
  const program = (await programsOf(request, token)).find((p) => p.programName === programName)!;
  const answer = await request.get('/account-api/account', {
    headers: bearer(token),
    params: { programUuid: program.programUuid, lastname: 'a', pageSize: 100 },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const rows = ((await answer.json()) as { data: { recipientIdentifier: string; accountStatusId: number }[] }).data;
  const active = rows.find((row) => row.accountStatusId === 0);
  expect(active, `an active recipient of ${programName}`).toBeDefined();
  return active!.recipientIdentifier;
}

/** An incentive of CTSFMNP, read from a seeded incentive benefit of recipient01 (its detail names the incentive). */
async function seededIncentive(request: APIRequestContext, token: string) {
  const rows = (await searchBenefits(request, token, { accountId: RECIPIENT_ID, pageSize: 200 })).data;
  const row = rows.find((r) => r.benefitTypeId === 2 && r.programName === SFMNP)!;
  expect(row, 'a seeded incentive benefit of recipient01').toBeDefined();
  const detail = await benefitDetail(request, token, row.benefitUuid);
  return { incentiveUuid: detail.incentiveUuid as string, name: detail.incentiveName as string };
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
