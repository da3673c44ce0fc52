import { expect, test, type Browser, type Page } from '@playwright/test';
import { FARMER_APPLICATION_MESSAGES as M } from '@ebt/core/farmer-applications';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { es } from '../packages/web/src/lib/i18n/es';
import {
  checkState,
  enterCodes,
  fillAgreement,
  fillContact,
  fillFarm,
  fillPayout,
  fillPrograms,
  MESSAGE_ES,
  newFarmer,
  PHONE,
  statusLinkFor,
  stepHeading,
  unique,
} from './farmer-application-helpers';
import {
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  lastOutboxId,
  linkPathIn,
  opened,
  signInAs,
  waitForMessage,
} from './helpers';
import { uniqueMerchantId } from './merchant-helpers';
import { DEMO_CARD, DEMO_PIN, enterPin, keyAmount, pastEligible, SellRun } from './sell-helpers';

// From stranger to seller (decision 0111): a farmer applies on a phone in Spanish to the program of recipient01's
// demo card; staff ask for more information at a desk; the farmer completes the application from the e-mail's status
// link; staff approve it into a merchant; the farmer activates the account from the invitation, signs in, registers
// the phone as the business's card reader and makes a first $1.00 sale to the demo card with its PIN. The sale is
// reversed and the phone removed at the end, so the shared demo card keeps its balance. Every farmer page is checked
// with axe and for English left on it.

test.use({ locale: 'es-US', viewport: PHONE });

/** The program of recipient01's demo card (packages/server/src/seed/organisations.ts). */
const CARD_PROGRAM = 'Connecticut SNAP Incentive';
const F = es.farmerApply;

/** A staff member's page at a desk, in English, signed in as the program administrator. */
async function staffPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
  return page;
}

async function openApplication(staff: Page, number: string) {
  await staff.goto(`/program/farmer-applications?q=${encodeURIComponent(number)}`);
  await staff.getByRole('link', { name: new RegExp(`^Open application ${number} `) }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Farmer application ${number}` })).toBeVisible();
}

const statusRegion = (page: Page) => page.getByRole('region', { name: 'Status', exact: true });

let run: SellRun | undefined;
test.afterAll(async ({ request }) => {
  await run?.cleanUp(request);
});

test('a farmer applies in Spanish, completes what staff ask, is approved, activates and makes a first sale', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const farmer = newFarmer();
  const continueButton = page.getByRole('button', { name: es.common.continue, exact: true });

  // 1. The application, on the phone, in Spanish.
  await page.goto('/apply/farmer');
  await expect(page.getByRole('heading', { level: 1, name: F.title })).toBeVisible();
  await fillPrograms(page, 'es', farmer, CARD_PROGRAM);
  await continueButton.click();
  await stepHeading(page, 'es', 2, F.stepContact);
  await enterCodes(page, 'es', await fillContact(page, request, 'es', farmer));
  await expect(page.getByRole('status').filter({ hasText: MESSAGE_ES.CONTACT_CONFIRMED! })).toBeFocused();
  await continueButton.click();
  await stepHeading(page, 'es', 3, F.stepFarm);
  await fillFarm(page, 'es');
  await continueButton.click();
  await stepHeading(page, 'es', 4, F.stepQuestions);
  await page.getByRole('radio', { name: es.common.yes }).check();
  await continueButton.click();
  await stepHeading(page, 'es', 5, F.stepPayout);
  await fillPayout(page, 'es', farmer);
  await continueButton.click();
  await stepHeading(page, 'es', 6, F.stepAgreement);
  await fillAgreement(page, 'es', farmer);
  await continueButton.click();
  await stepHeading(page, 'es', 7, F.stepReview);
  await checkState(page, 'es');
  let afterId = await lastOutboxId(request);
  await page.getByRole('button', { name: F.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGE_ES.SUBMITTED! })).toBeFocused();
  const number = (await page.getByTestId('application-number').textContent())!.trim();
  const statusLink = await statusLinkFor(request, farmer.email, afterId);

  // 2. Staff, at a desk: the application is in the queue; they ask for the market days.
  const staff = await staffPage(browser);
  await openApplication(staff, number);
  await expect(statusRegion(staff)).toContainText('Submitted');
  await statusRegion(staff).getByRole('button', { name: 'Ask for more information' }).click();
  const ask = await opened(staff.getByRole('dialog', { name: 'Ask for more information' }));
  const note = `Please tell us which days you sell at each market ${unique()}.`;
  await ask.getByRole('textbox', { name: 'Note to the farmer' }).fill(note);
  afterId = await lastOutboxId(request);
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(staff.getByRole('status').filter({ hasText: M.MORE_INFO_SENT })).toBeFocused();

  // 3. The farmer reads the e-mail (in Spanish, with staff's note and the same link) and completes the application.
  const asked = await waitForMessage(
    request,
    (m) => m.channel === 'email' && m.to.toLowerCase() === farmer.email && m.body.includes(note),
    afterId,
  );
  expect(asked.body).toContain(statusLink);
  await page.goto(statusLink);
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'more-info');
  await expect(page.getByText(note)).toBeVisible();
  await checkState(page, 'es');
  await page.getByRole('button', { name: F.complete }).click();
  await stepHeading(page, 'es', 1, F.stepPrograms);
  await continueButton.click();
  await stepHeading(page, 'es', 2, F.stepContact);
  await continueButton.click();
  await stepHeading(page, 'es', 3, F.stepFarm);
  const market = page.getByRole('group', { name: F.marketNumber.replace('{{number}}', '1') });
  await market.getByRole('textbox', { name: F.marketWhen }).fill('Sábados 8-12 y miércoles 15-18');
  await continueButton.click();
  await continueButton.click();
  await stepHeading(page, 'es', 5, F.stepPayout);
  await continueButton.click();
  await stepHeading(page, 'es', 6, F.stepAgreement);
  await fillAgreement(page, 'es', farmer);
  await continueButton.click();
  await stepHeading(page, 'es', 7, F.stepReview);
  await expect(page.getByTestId('application-summary')).toContainText('miércoles 15-18');
  await page.getByRole('button', { name: F.resubmit }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGE_ES.RESUBMITTED! })).toBeFocused();
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');
  await checkState(page, 'es');

  // 4. Staff see the answer and approve: the merchant is created and the contact invited.
  await openApplication(staff, number);
  await expect(statusRegion(staff)).toContainText('Submitted');
  await expect(staff.getByRole('region', { name: 'Markets', exact: true })).toContainText('miércoles 15-18');
  await statusRegion(staff).getByRole('button', { name: 'Approve' }).click();
  const approve = await opened(staff.getByRole('dialog', { name: 'Approve the application' }));
  await approve.getByRole('textbox', { name: 'Merchant ID' }).fill(uniqueMerchantId('FA'));
  afterId = await lastOutboxId(request);
  await approve.getByRole('button', { name: 'Approve and create the merchant' }).click();
  await expect(approve).toBeHidden();
  await expect(statusRegion(staff)).toContainText('Approved');
  await staff.close();

  // 5. The farmer is told in Spanish, and activates the account from the invitation.
  const approved = await waitForMessage(
    request,
    (m) => m.channel === 'email' && m.to.toLowerCase() === farmer.email && m.body.includes(number),
    afterId,
  );
  expect(approved.subject).toMatch(/aprobada/i);
  const invitation = await waitForMessage(
    request,
    (m) => m.channel === 'email' && m.to.toLowerCase() === farmer.email && m.body.includes('/validate?hash='),
    afterId,
  );
  await page.goto(statusLink);
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'approved');
  await checkState(page, 'es');

  await page.goto(linkPathIn(invitation.body, 'validate'));
  await expect(page.getByRole('heading', { level: 1, name: es.activation.title })).toBeVisible();
  const username = await page.locator('strong').filter({ hasNotText: '@' }).first().textContent();
  expect(username).toMatch(/^[a-z][a-z0-9]+$/);
  const password = 'Granja#Rosa2026';
  await page.getByRole('textbox', { name: es.activation.password, exact: true }).fill(password);
  await page.getByRole('textbox', { name: es.activation.confirmPassword }).fill(password);
  await page.getByRole('combobox', { name: es.account.securityQuestion }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('textbox', { name: es.account.answer }).fill('Hartford');
  await page.getByRole('radio', { name: es.activation.email }).check();
  await checkState(page, 'es');
  await page.getByRole('button', { name: es.activation.activate }).click();
  await expect(page.getByRole('status')).toHaveText(MESSAGES_ES.MESSAGES.ACTIVATION_SUCCESS!);

  // 6. Signs in, and sells for the first time from the phone: $1.00 to the demo card, with its PIN.
  await page.goto('/login');
  await page.getByRole('textbox', { name: es.login.username }).fill(username!);
  await page.getByRole('textbox', { name: es.login.password, exact: true }).fill(password);
  await page.getByRole('button', { name: es.login.submit }).click();
  await expect(page).toHaveURL(/\/merchant$/);
  await page.getByRole('link', { name: es.nav.sell }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vender' })).toBeVisible();
  run = new SellRun(username!, password);
  await run.registerPhone(page, 'Usar este teléfono para vender', 'Dígito');
  await keyAmount(page, '100', 'Dígito');
  await pastEligible(page, 'Siguiente');
  await page.getByLabel('Número de tarjeta (19 dígitos)').fill(DEMO_CARD);
  await page.getByRole('button', { name: 'Usar este número de tarjeta' }).click();
  await expect(page.getByRole('heading', { name: 'Escriba su PIN' })).toBeVisible();
  await enterPin(page, DEMO_PIN, 'Dígito');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { name: 'Aprobada' })).toBeVisible({ timeout: 15_000 });
  await run.noteSale(page);
  await checkState(page, 'es');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
