import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, bearer, DEMO_USERS, expectAccessible, mainNavigation, signInAs } from './helpers';

// The staff applicants screen at /program/applicants (B§2 "Applicants", B§5, B§6 PROCESS_APPLICANT, B§7, B§8): a
// program admin finds a person who applied online and processes them into a recipient in the overlay.

interface Applicant {
  applicantId: number;
  programId: number;
  lastname: string;
  email: string;
}

/** Submits an application through the public API (POST /account-api/applicant), as the form at /apply/ct does. */
async function submitApplication(request: APIRequestContext, lastname: string): Promise<Applicant> {
  const definition = await request.get('/account-api/application/1');
  expect(definition.status()).toBe(200);
  const { programs } = (await definition.json()) as { programs: { programId: number }[] };
  const programId = programs[0]!.programId;
  const email = `${lastname.toLowerCase()}@example.com`;
  const answer = await request.post('/account-api/applicant', {
    data: {
      firstname: 'Hattie',
      middlename: 'M',
      lastname,
      address1: '48 Orchard Hill Road',
      address2: 'Unit 2',
      city: 'Wethersfield',
      stateId: 'CT',
      zipcode: '06109',
      email,
      mobilePhone: '(860) 555-0177',
      programId,
      applicationId: 1,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { applicantId } = (await answer.json()) as { applicantId: number };
  return { applicantId, programId, lastname, email };
}

async function openApplicants(page: Page) {
  await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
  // A§2: Recipients is a dropdown holding Applicants for PROCESS_APPLICANT with applications.
  const nav = mainNavigation(page);
  await nav.getByRole('button', { name: 'Recipients' }).click();
  await nav.getByRole('link', { name: 'Applicants' }).click();
  await expect(page).toHaveURL(/\/program\/applicants$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible();
}

test.describe('applicants', () => {
  test('a program admin finds an applicant and processes them into a recipient', async ({ page, request }) => {
    const lastname = `Applicantprocess${Date.now().toString(36)}`;
    const applicant = await submitApplication(request, lastname);

    await openApplicants(page);
    // Search is unavailable until a criterion is entered (B§5 with A§5's text).
    const searchButton = page.getByRole('button', { name: 'Search', exact: true });
    await expect(searchButton).toBeDisabled();
    await expect(searchButton).toHaveAccessibleDescription('At least one field must be entered.');
    await expect(page.getByRole('combobox', { name: 'Program' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Last name' }).fill(lastname.toLowerCase().slice(0, 20));
    await searchButton.click();
    const table = page.getByRole('table', { name: 'Applicants found' });
    const row = table.getByRole('row').filter({ hasText: lastname });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Hattie M ${lastname}`);
    await expect(row).toContainText('48 Orchard Hill Road, Unit 2, Wethersfield, CT 06109');
    await expect(row).toContainText(applicant.email);
    await expect(row).toContainText('(860) 555-0177');
    await expect(row.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page).toHaveURL(/lastname=applicantprocess/);
    await expectAccessible(page);

    // Process opens the add form in an overlay, prefilled from the application.
    await row.getByRole('button', { name: `Process Hattie M ${lastname}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Process Applicant' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveValue('Hattie');
    await expect(dialog.getByRole('textbox', { name: 'Last name' })).toHaveValue(lastname);
    await expect(dialog.getByRole('textbox', { name: /E-mail/ })).toHaveValue(applicant.email);
    await expect(dialog.getByRole('textbox', { name: /City/ })).toHaveValue('Wethersfield');
    await expect(dialog.getByRole('combobox', { name: 'Program' })).not.toHaveValue('');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add Recipient' }).click();

    // The overlay closes, the success message shows, and the applicant has left the list.
    await expect(dialog).toBeHidden();
    const success = page.getByRole('status').filter({ hasText: /^Recipient added with Account Id \d+\.$/ });
    await expect(success).toBeVisible();
    const accountId = /Account Id (\d+)\./.exec((await success.textContent()) ?? '')![1]!;
    await expect(page.getByRole('alert')).toHaveText('No applicants found.');
    await expect(page.getByRole('link', { name: `Open recipient ${accountId}` })).toBeVisible();
    await expectAccessible(page);

    // The recipient exists, made from this applicant (GET /account-api/account).
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const found = await request.get('/account-api/account', { headers: bearer(token), params: { lastname } });
    expect(found.status()).toBe(200);
    const { data } = (await found.json()) as { data: { accountUuid: string; recipientIdentifier: string }[] };
    expect(data.map((r) => r.recipientIdentifier)).toEqual([accountId]);
    const account = await request.get(`/account-api/account/${data[0]!.accountUuid}`, { headers: bearer(token) });
    expect(await account.json()).toMatchObject({
      applicantId: applicant.applicantId,
      programId: applicant.programId,
      firstname: 'Hattie',
      lastname,
      email: applicant.email,
      mobilePhone: '8605550177',
    });
    // And the applicant is no longer pending for the search API either.
    const pending = await request.get('/account-api/applicant', { headers: bearer(token), params: { lastname } });
    expect(((await pending.json()) as { data: unknown[] }).data).toEqual([]);

    // The link opens the new recipient.
    await page.getByRole('link', { name: `Open recipient ${accountId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/program/recipient/${data[0]!.accountUuid}/${applicant.programId}$`));
  });

  test('a search that matches nobody says so; a program alone lists its queue', async ({ page, request }) => {
    const lastname = `Applicantqueue${Date.now().toString(36)}`;
    await submitApplication(request, lastname);
    await openApplicants(page);

    await page.getByRole('textbox', { name: 'E-mail' }).fill('nobody-applied-with-this@example.com');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('No applicants found.');
    await expectAccessible(page);

    // Clear, then the program alone: newest first, so the one just submitted is on the first page of 10 (other
    // specs running at the same time may have submitted a few since).
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('combobox', { name: 'Program' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const rows = page.getByRole('table', { name: 'Applicants found' }).getByRole('row');
    await expect(rows.filter({ hasText: lastname })).toHaveCount(1);
    await expect(rows).toHaveCount(11); // the header row and 10 applicants
    await expect(page.getByText(/^Showing 1–10 of \d+$/)).toBeVisible();
  });

  test('an applicant of a disabled program cannot be processed, and the screen says why', async ({ page, request }) => {
    const lastname = `Applicantdisabled${Date.now().toString(36)}`;
    await submitApplication(request, lastname);
    // Disabling a demo program would change every other spec's program: the search answers say it is disabled on
    // their way in instead (the server's own refusal to add to a disabled program is an API test).
    await page.route(/\/account-api\/applicant\?/, async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { data: { programStatusId: number }[] };
      await route.fulfill({
        response,
        json: { ...answer, data: answer.data.map((r) => ({ ...r, programStatusId: 1 })) },
      });
    });
    await openApplicants(page);
    await page.getByRole('textbox', { name: 'Last name' }).fill(lastname);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('table', { name: 'Applicants found' }).getByRole('row').filter({ hasText: lastname });
    await expect(row).toHaveCount(1);

    const process = row.getByRole('button', { name: `Process Hattie M ${lastname}` });
    await expect(process).toBeDisabled();
    await expect(process).toHaveAccessibleDescription(/^Program .+ is not enabled\.$/);
    await expectAccessible(page);
    await process.click({ force: true });
    await expect(page.getByRole('dialog', { name: 'Process Applicant' })).toBeHidden();
  });

  test('an agency user without PROCESS_APPLICANT gets no applicants', async ({ request }) => {
    const token = await apiToken(request, DEMO_USERS.agencyuser);
    const answer = await request.get('/account-api/applicant', { headers: bearer(token), params: { lastname: 'a' } });
    expect(answer.status()).toBe(403);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the applicants screen and its overlay fit a phone', async ({ page, request }) => {
    const lastname = `Applicantphone${Date.now().toString(36)}`;
    await submitApplication(request, lastname);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/applicants');
    await page.getByRole('textbox', { name: 'Last name' }).fill(lastname);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('table', { name: 'Applicants found' }).getByRole('row').filter({ hasText: lastname });
    await expect(row).toHaveCount(1);
    await expectAccessible(page);
    const overflow = () => page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
    expect(await overflow()).toBe(false);

    await row.getByRole('button', { name: /^Process / }).click();
    const dialog = page.getByRole('dialog', { name: 'Process Applicant' });
    await expect(dialog.getByRole('textbox', { name: 'Last name' })).toHaveValue(lastname);
    expect(await overflow()).toBe(false);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
    // Closing without adding leaves the applicant waiting.
    await expect(row).toHaveCount(1);
  });
});
