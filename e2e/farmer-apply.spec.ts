import { expect, test } from '@playwright/test';
import { FARMER_APPLICATION_MESSAGES } from '@ebt/core/farmer-applications';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { MESSAGES } from '@ebt/core/messages';
import { en } from '../packages/web/src/lib/i18n/en';
import { es } from '../packages/web/src/lib/i18n/es';
import { apiToken, bearer, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, lastOutboxId } from './helpers';
import {
  ACCOUNT,
  checkState,
  DRAFT_KEY,
  enterCodes,
  fillAgreement,
  fillContact,
  fillFarm,
  fillPayout,
  fillPrograms,
  MESSAGE_ES,
  newFarmer,
  PHONE,
  ROUTING,
  startingWith,
  statusLinkFor,
  stepHeading,
} from './farmer-application-helpers';

// The farmers' public application (/apply/farmer) and their status page (/apply/farmer/status): a farmer on a
// phone in Spanish applies from the first step to the application number (the two codes read from the outbox), with
// the blank step, the wrong code, a bad ZIP, differing account numbers and a signature not the contact's answered at
// their fields; the draft on the device never holds the tax id, the bank numbers or the codes; the status link of the
// e-mail shows 'submitted'; an unknown link says so; approved and refused read plainly (answers served by the test).
// At a desk, in English: the draft comes back on return and 'Start over' drops it; a server's refusal lands at its
// fields on their steps; staff ask for more (review API) and the farmer completes the application from the status
// link. axe on every step and state, and no English on the Spanish pages. Each story uses e-mails and phones of its own.

test.describe('a farmer applies on a phone, in Spanish', () => {
  test.use({ locale: 'es-US', viewport: PHONE });

  test('from the first step to the application number, with each error at its field; the status link says submitted', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const T = es;
    const F = es.farmerApply;
    const farmer = newFarmer();
    const continueButton = page.getByRole('button', { name: T.common.continue, exact: true });

    await page.goto('/apply/farmer');
    await expect(page.getByRole('heading', { level: 1, name: F.title })).toBeVisible();
    await expect(page).toHaveTitle(`${F.title} · MarketLink`);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Paso 1 de 7: ${F.stepPrograms}`);
    await checkState(page, 'es');
    await expectNoSidewaysScroll(page);

    // Nothing chosen or typed: each field says why, in Spanish, and the focus is on the first.
    await continueButton.click();
    const firstProgram = page
      .getByRole('group', { name: new RegExp(F.programs) })
      .getByRole('checkbox')
      .first();
    await expect(firstProgram).toBeFocused();
    await expect(firstProgram).toHaveAccessibleDescription(MESSAGE_ES.PROGRAM_REQUIRED!);
    await expect(page.getByRole('textbox', { name: F.farmName })).toHaveAccessibleDescription(
      MESSAGES_ES.MESSAGES.FIELD_REQUIRED!,
    );
    await checkState(page, 'es');

    await fillPrograms(page, 'es', farmer);
    await continueButton.click();

    // Contact: the codes, a wrong one refused at its field, then both right.
    await stepHeading(page, 'es', 2, F.stepContact);
    await checkState(page, 'es');
    const codes = await fillContact(page, request, 'es', farmer);
    await checkState(page, 'es');
    const wrong = codes.emailCode === '000000' ? '111111' : '000000';
    await enterCodes(page, 'es', { emailCode: wrong, mobileCode: codes.mobileCode });
    const emailCode = page.getByRole('textbox', { name: F.emailCode });
    await expect(emailCode).toHaveAccessibleDescription(MESSAGE_ES.CODE_WRONG!);
    await expect(emailCode).toBeFocused();
    await checkState(page, 'es');
    await enterCodes(page, 'es', codes);
    const confirmed = page.getByRole('status').filter({ hasText: MESSAGE_ES.CONTACT_CONFIRMED! });
    await expect(confirmed).toBeFocused();
    await checkState(page, 'es');
    await continueButton.click();

    // Farm and markets: a bad ZIP is refused at its field.
    await stepHeading(page, 'es', 3, F.stepFarm);
    await fillFarm(page, 'es', '061');
    // A second market, then removed: the focus goes back to the first market's name.
    await page.getByRole('button', { name: F.addMarket }).click();
    await expect(
      page
        .getByRole('group', { name: F.marketNumber.replace('{{number}}', '2') })
        .getByRole('textbox', { name: F.marketName }),
    ).toBeFocused();
    await page.getByRole('button', { name: F.removeMarket.replace('{{number}}', '2') }).click();
    await expect(page.getByRole('group', { name: F.marketNumber.replace('{{number}}', '2') })).toHaveCount(0);
    await continueButton.click();
    const zip = page.getByRole('group', { name: F.farmAddress }).getByRole('textbox', { name: T.kit.zipcode });
    await expect(zip).toBeFocused();
    await expect(zip).toHaveAccessibleDescription(MESSAGES_ES.MESSAGES.INVALID_ZIP!);
    await checkState(page, 'es');
    await expectNoSidewaysScroll(page);
    await zip.fill('06105');
    await continueButton.click();

    // The program's questions, in Spanish: the required yes/no refused blank.
    await stepHeading(page, 'es', 4, F.stepQuestions);
    await continueButton.click();
    const yes = page.getByRole('radio', { name: T.common.yes });
    await expect(yes).toBeFocused();
    await expect(page.getByRole('radiogroup', { name: /¿Cultiva lo que vende\?/ })).toHaveAccessibleDescription(
      MESSAGE_ES.ANSWER_REQUIRED!,
    );
    await checkState(page, 'es');
    await yes.check();
    await continueButton.click();

    // Payouts: why they are asked; the account numbers differ; the draft keeps none of the numbers.
    await stepHeading(page, 'es', 5, F.stepPayout);
    await expect(page.getByText(F.payoutNotKept)).toBeVisible();
    await fillPayout(page, 'es', farmer, '4455667789');
    await continueButton.click();
    const again = page.getByRole('textbox', { name: F.confirmAccount });
    await expect(again).toBeFocused();
    await expect(again).toHaveAccessibleDescription(MESSAGE_ES.ACCOUNTS_DIFFER!);
    await checkState(page, 'es');
    await again.fill(ACCOUNT);
    // The draft is saved a moment after typing stops: wait for it rather than read it once.
    const readDraft = async () =>
      (await page.evaluate(`window.localStorage.getItem(${JSON.stringify(DRAFT_KEY)})`)) as string | null;
    await expect.poll(readDraft).toContain(farmer.farm);
    const draft = await readDraft();
    for (const secret of ['123456789', '123-45-6789', ROUTING, ACCOUNT, codes.emailCode, codes.mobileCode])
      expect(draft).not.toContain(secret);
    await continueButton.click();

    // The agreement in Spanish, the signature as the contact's name, today's date.
    await stepHeading(page, 'es', 6, F.stepAgreement);
    await expect(page.getByText(/Al firmar, acepto vender solo alimentos elegibles/)).toBeVisible();
    await page.getByRole('checkbox', { name: F.accept }).check();
    await page.getByRole('textbox', { name: F.signature }).fill('Otra Persona');
    await continueButton.click();
    await expect(page.getByRole('textbox', { name: F.signature })).toHaveAccessibleDescription(
      startingWith(MESSAGE_ES.SIGNATURE_NOT_CONTACT!),
    );
    await checkState(page, 'es');
    await fillAgreement(page, 'es', farmer);
    await continueButton.click();

    // Review: the numbers masked; then send.
    await stepHeading(page, 'es', 7, F.stepReview);
    const summary = page.getByTestId('application-summary');
    await expect(summary).toContainText(farmer.farm);
    await expect(summary).toContainText('****6789');
    await expect(summary).toContainText('****7788');
    await expect(summary).not.toContainText(ACCOUNT);
    await checkState(page, 'es');
    await expectNoSidewaysScroll(page);
    const afterId = await lastOutboxId(request);
    await page.getByRole('button', { name: F.submit }).click();

    const sent = page.getByRole('status').filter({ hasText: MESSAGE_ES.SUBMITTED! });
    await expect(sent).toBeFocused();
    await expect(page.getByTestId('application-number')).toHaveText(/^FA-\d{6}$/);
    const number = (await page.getByTestId('application-number').textContent())!;
    await expect(page.getByText(farmer.email)).toBeVisible();
    await checkState(page, 'es');
    expect(await page.evaluate(`window.localStorage.getItem(${JSON.stringify(DRAFT_KEY)})`)).toBeNull();

    // The e-mail's status link: submitted, with the number and what was sent (masked).
    await page.goto(await statusLinkFor(request, farmer.email, afterId));
    await expect(page.getByRole('heading', { level: 1, name: F.statusTitle })).toBeVisible();
    await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');
    await expect(page.getByTestId('application-status')).toContainText(F.statusSubmitted);
    await expect(page.getByText(number, { exact: true })).toBeVisible();
    await expect(page.getByTestId('application-summary')).toContainText(farmer.farm);
    await expect(page.getByTestId('application-summary')).toContainText('****6789');
    await checkState(page, 'es');
    await expectNoSidewaysScroll(page);
  });

  test('an unknown or mistyped status link says so, with the way to a new application', async ({ page }) => {
    const F = es.farmerApply;
    for (const url of [
      `/apply/farmer/status?hash=${'A'.repeat(43)}`,
      '/apply/farmer/status?hash=short',
      '/apply/farmer/status',
    ]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: F.statusTitle })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(MESSAGE_ES.LINK_UNKNOWN!);
      await checkState(page, 'es');
    }
    await page.getByRole('link', { name: F.startNew }).click();
    await expect(page).toHaveURL(/\/apply\/farmer$/);
    await expect(page.getByRole('heading', { level: 1, name: F.title })).toBeVisible();
  });
});

test.describe('the status page once staff have decided', () => {
  test.use({ locale: 'es-US', viewport: PHONE });

  /** A decided application as the status link answers it (served by the test: deciding is the staff spec's story). */
  const decided = (status: 'approved' | 'refused') => ({
    application: {
      applicationUuid: '6f1c1d3e-8a4b-4c55-9d2e-0b7a1c2d3e4f',
      applicationNumber: 'FA-000042',
      status,
      language: 'es',
      programs: [{ programId: 1, programName: 'Connecticut Senior Farmers Market' }],
      farmName: 'Granja Sol',
      contactFirstName: 'Rosa',
      contactLastName: 'Díaz',
      email: 'rosa@example.com',
      mobilePhone: '8605550142',
      businessPhone: null,
      farmAddress: {
        addressOne: '12 Orchard Lane',
        addressTwo: null,
        city: 'Hartford',
        stateCode: 'CT',
        zipcode: '06105',
      },
      mailingAddress: null,
      markets: [{ name: 'Hartford Market', city: 'Hartford', when: null }],
      crops: 'Tomates',
      answers: [
        {
          programId: 1,
          key: 'grow-what-you-sell',
          label: 'Do you grow what you sell?',
          labelEs: '¿Cultiva lo que vende?',
          kind: 'yes-no',
          value: 'yes',
        },
      ],
      tinTypeId: 1,
      taxId: '****6789',
      bankAccount: {
        bankName: null,
        routingNumber: '****0015',
        accountNumber: '****7788',
        bankAccountType: 0,
        firstName: 'Rosa',
        middleName: null,
        lastName: 'Díaz',
      },
      signature: 'Rosa Díaz',
      signedAt: '2026-05-01T14:00:00.000Z',
      submittedAt: '2026-05-01T14:00:00.000Z',
      updatedAt: '2026-05-03T15:00:00.000Z',
      staffRequest: null,
      refusalReason: status === 'refused' ? 'Falta el permiso del condado.' : null,
      decidedAt: '2026-05-03T15:00:00.000Z',
    },
    programs: [],
  });

  for (const status of ['approved', 'refused'] as const) {
    test(`${status}: says so plainly, with what follows`, async ({ page }) => {
      const F = es.farmerApply;
      await page.route('**/merchant-api/farmer-application/status/*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(decided(status)) }),
      );
      await page.goto(`/apply/farmer/status?hash=${'B'.repeat(43)}`);
      const shown = page.getByTestId('application-status');
      await expect(shown).toHaveAttribute('data-status', status);
      await expect(shown).toContainText(status === 'approved' ? F.statusApproved : F.statusRefused);
      await expect(page.getByText(F.decidedOn)).toBeVisible();
      if (status === 'approved') {
        await expect(page.getByText(F.activationSent.replace('{{email}}', 'rosa@example.com'))).toBeVisible();
        await expect(page.getByRole('link', { name: F.signIn })).toHaveAttribute('href', '/login');
      } else {
        await expect(page.getByText('Falta el permiso del condado.')).toBeVisible();
      }
      await expect(page.getByRole('button', { name: F.complete })).toHaveCount(0);
      await expect(page.getByTestId('application-summary')).toContainText('****7788');
      await checkState(page, 'es');
      await expectNoSidewaysScroll(page);
    });
  }
});

test.describe('a farmer applies at a desk, in English', () => {
  test.use({ locale: 'en-US' });

  test('the draft comes back without the secrets and Start over drops it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const F = en.farmerApply;
    const farmer = newFarmer();
    const continueButton = page.getByRole('button', { name: en.common.continue, exact: true });
    await page.goto('/apply/farmer');
    await fillPrograms(page, 'en', farmer);
    await continueButton.click();
    await stepHeading(page, 'en', 2, F.stepContact);
    const codes = await fillContact(page, request, 'en', farmer);
    await page.getByRole('textbox', { name: F.emailCode }).fill(codes.emailCode);
    await continueButton.click();
    await stepHeading(page, 'en', 3, F.stepFarm);
    await fillFarm(page, 'en');
    await continueButton.click();
    await page.getByRole('radio', { name: en.common.yes }).check();
    await continueButton.click();
    await stepHeading(page, 'en', 5, F.stepPayout);
    await fillPayout(page, 'en', farmer);

    // Back on this device later: the notice, the step and what was typed; the numbers and codes blank.
    await page.waitForTimeout(600);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: F.draftRestored })).toContainText(F.draftRestoredText);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Step 5 of 7: ${F.stepPayout}`);
    await expect(page.getByRole('radio', { name: F.tinSsn })).toBeChecked();
    await expect(page.getByRole('textbox', { name: F.taxId })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: F.routing })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: F.account, exact: true })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: F.holderFirst })).toHaveValue(farmer.first);
    await expectAccessible(page);
    await page.getByRole('button', { name: en.common.back }).click();
    await page.getByRole('button', { name: en.common.back }).click();
    await expect(page.getByRole('textbox', { name: en.kit.zipcode }).first()).toHaveValue('06105');
    await page.getByRole('button', { name: en.common.back }).click();
    // The codes were not kept: the contact must be confirmed again.
    await expect(page.getByRole('textbox', { name: en.kit.email })).toHaveValue(farmer.email);
    await expect(page.getByRole('button', { name: F.sendCodes })).toBeVisible();
    await expect(page.getByRole('textbox', { name: F.emailCode })).toHaveCount(0);

    // Start over: asked first, then a blank form with the focus on its first step.
    await page.getByRole('button', { name: F.startOver }).click();
    const dialog = page.getByRole('dialog', { name: F.startOver });
    await expect(dialog).toContainText(F.startOverConfirm);
    await expect(dialog).toHaveCSS('opacity', '1');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: F.startOver }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Step 1 of 7: ${F.stepPrograms}` })).toBeFocused();
    await expect(page.getByRole('textbox', { name: F.farmName })).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: F.draftRestored })).toHaveCount(0);
    expect(await page.evaluate(`window.localStorage.getItem(${JSON.stringify(DRAFT_KEY)})`)).toBeNull();
  });

  test('staff ask for more; the farmer completes the application from the status link', async ({ page, request }) => {
    test.setTimeout(180_000);
    const F = en.farmerApply;
    const M = FARMER_APPLICATION_MESSAGES;
    const farmer = newFarmer();
    const continueButton = page.getByRole('button', { name: en.common.continue, exact: true });

    // Apply with the keyboard's Enter to go on from each step.
    await page.goto('/apply/farmer');
    await fillPrograms(page, 'en', farmer);
    await page.getByRole('textbox', { name: en.kit.lastName, exact: true }).press('Enter');
    await stepHeading(page, 'en', 2, F.stepContact);
    const codes = await fillContact(page, request, 'en', farmer);
    await page.getByRole('textbox', { name: F.emailCode }).fill(codes.emailCode);
    await page.getByRole('textbox', { name: F.mobileCode }).fill(codes.mobileCode);
    await page.getByRole('textbox', { name: F.mobileCode }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: M.CONTACT_CONFIRMED })).toBeFocused();
    await continueButton.click();
    await fillFarm(page, 'en');
    await continueButton.click();
    await page.getByRole('radio', { name: en.common.yes }).check();
    await page.getByRole('textbox', { name: /Certifications you hold/ }).fill('Organic');
    await continueButton.click();
    await fillPayout(page, 'en', farmer);
    await continueButton.click();
    await expect(page.getByText(/By signing, I agree to sell only eligible foods/)).toBeVisible();
    await expectAccessible(page);
    await fillAgreement(page, 'en', farmer);
    await continueButton.click();
    await stepHeading(page, 'en', 7, F.stepReview);
    await expectAccessible(page);
    // Edit goes back to its step; the review is one Continue away again.
    await page.getByRole('button', { name: `${en.common.edit}: ${F.stepFarm}` }).click();
    await stepHeading(page, 'en', 3, F.stepFarm);
    await continueButton.click();
    await continueButton.click();
    await continueButton.click();
    await continueButton.click();
    // A refusal of the server is shown at its fields, on their steps (the first submit is answered by the test).
    const programs = (await (await request.get('/merchant-api/farmer-application/programs')).json()) as {
      programId: number;
    }[];
    const refused = [
      { field: `answers.${programs[0]!.programId}.grow-what-you-sell`, appErrorMessage: M.ANSWER_YES_NO },
      { field: 'farmAddress.zipcode', appErrorMessage: MESSAGES.INVALID_ZIP },
    ];
    await page.route(
      '**/merchant-api/farmer-application',
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 400,
            message: MESSAGES.VALIDATION_FAILED,
            errorMessages: refused.map((entry) => ({ appErrorCode: 'VALIDATION_ERROR', ...entry })),
          }),
        }),
      { times: 1 },
    );
    await page.getByRole('button', { name: F.submit }).click();
    const zip = page.getByRole('group', { name: F.farmAddress }).getByRole('textbox', { name: en.kit.zipcode });
    await expect(zip).toBeFocused();
    await expect(zip).toHaveAccessibleDescription(MESSAGES.INVALID_ZIP);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Step 3 of 7: ${F.stepFarm}`);
    await continueButton.click();
    await expect(page.getByRole('radiogroup', { name: /Do you grow what you sell/ })).toHaveAccessibleDescription(
      M.ANSWER_YES_NO,
    );
    await expectAccessible(page);
    await page.getByRole('radio', { name: en.common.no }).check();
    await continueButton.click();
    await continueButton.click();
    await continueButton.click();
    const afterId = await lastOutboxId(request);
    await page.getByRole('button', { name: F.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: M.SUBMITTED })).toBeFocused();
    const number = (await page.getByTestId('application-number').textContent())!;
    const link = await statusLinkFor(request, farmer.email, afterId);

    // Staff ask for more (the review API, as the platform administrator).
    const token = await apiToken(request, DEMO_USERS.sysadmin);
    const found = await request.get('/merchant-api/farmer-applications', {
      headers: bearer(token),
      params: { q: number },
    });
    expect(found.status(), await found.text()).toBe(200);
    const row = ((await found.json()) as { data: { applicationUuid: string; applicationNumber: string }[] }).data.find(
      (r) => r.applicationNumber === number,
    );
    expect(row, `application ${number} in the review queue`).toBeDefined();
    const note = 'Please add the other markets where you sell.';
    const asked = await request.post(`/merchant-api/farmer-applications/${row!.applicationUuid}/more-info`, {
      headers: bearer(token),
      data: { note },
    });
    expect(asked.status(), await asked.text()).toBe(200);

    // The status link: more information needed, staff's request, and the same steps prefilled.
    await page.goto(link);
    await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'more-info');
    await expect(page.getByText(note)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: F.complete }).click();
    await stepHeading(page, 'en', 1, F.stepPrograms);
    await expect(page.getByRole('textbox', { name: F.farmName })).toHaveValue(farmer.farm);
    await continueButton.click();
    // The contact stays as confirmed: shown, not edited.
    await stepHeading(page, 'en', 2, F.stepContact);
    await expect(page.getByText(F.contactKept)).toBeVisible();
    await expect(page.getByRole('textbox', { name: en.kit.email })).toHaveCount(0);
    await continueButton.click();
    await page.getByRole('button', { name: F.addMarket }).click();
    const second = page.getByRole('group', { name: F.marketNumber.replace('{{number}}', '2') });
    await second.getByRole('textbox', { name: F.marketName }).fill('West Hartford Market');
    await continueButton.click();
    await continueButton.click();
    // Payouts: blank keeps the numbers on file.
    await stepHeading(page, 'en', 5, F.stepPayout);
    await expect(page.getByRole('textbox', { name: F.taxId })).toHaveAccessibleDescription(
      F.keepBlank.replace('{{number}}', '****6789'),
    );
    await expectAccessible(page);
    await continueButton.click();
    await fillAgreement(page, 'en', farmer);
    await continueButton.click();
    await stepHeading(page, 'en', 7, F.stepReview);
    await expect(page.getByTestId('application-summary')).toContainText('West Hartford Market');
    await expect(page.getByTestId('application-summary')).toContainText('****6789');
    await page.getByRole('button', { name: F.resubmit }).click();

    await expect(page.getByRole('status').filter({ hasText: M.RESUBMITTED })).toBeFocused();
    await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');
    await expect(page.getByRole('button', { name: F.complete })).toHaveCount(0);
    await expect(page.getByTestId('application-summary')).toContainText('West Hartford Market');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
