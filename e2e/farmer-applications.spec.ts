import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FARMER_APPLICATION_MESSAGES as M } from '@ebt/core/farmer-applications';
import { MESSAGES } from '@ebt/core/messages';
import {
  apiToken,
  bearer,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  lastOutboxId,
  mainNavigation,
  opened,
  signInAs,
  waitForMessage,
} from './helpers';
import { BANK_ROUTING, uniqueMerchantId } from './merchant-helpers';

// The staff review of farmers' online applications (decision 0111) and the platform administrators'
// settings of a program's farmer application. Each story applies through the public API (codes read from the outbox)
// with names, e-mails and numbers of its own, so nothing another spec reads changes; the settings story puts the
// program's settings back as they were, whatever happened.

const RUN = Date.now().toString(36).slice(-6);
let counter = 0;
const unique = () => `${RUN}${(counter += 1)}`;
/** Digits of the run and a counter: tax ids, accounts and phones no other run uses. */
const digits = (length: number) =>
  `${Date.now()}${Math.floor(Math.random() * 1e6)}${counter}`.replace(/\D/g, '').slice(-length).padStart(length, '7');

interface OpenProgram {
  programId: number;
  programName: string;
  questions: { key: string; kind: 'yes-no' | 'text'; required: boolean }[];
}

/** The programs the public form offers today (GET /merchant-api/farmer-application/programs). */
async function openPrograms(request: APIRequestContext): Promise<OpenProgram[]> {
  const answer = await request.get('/merchant-api/farmer-application/programs');
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as OpenProgram[];
}

interface ProgramSettings {
  programUuid: string;
  programId: number;
  programName: string;
  open: boolean;
  agreementText: string;
  agreementTextEs: string | null;
  questions: {
    key: string;
    kind: 'yes-no' | 'text';
    label: string;
    labelEs: string | null;
    required: boolean;
    effectiveFrom: string;
    effectiveTo: string | null;
  }[];
}

/** The program admin's programs (uuid, id, name). */
async function staffPrograms(request: APIRequestContext) {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const answer = await request.get('/account-api/account/programs', { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { programUuid: string; programId: number; programName: string }[];
}

async function readSettings(request: APIRequestContext, programUuid: string): Promise<ProgramSettings> {
  const token = await apiToken(request, DEMO_USERS.sysadmin);
  const answer = await request.get(`/admin-api/programs/${programUuid}/farmer-application`, { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as ProgramSettings;
}

async function writeSettings(request: APIRequestContext, settings: ProgramSettings): Promise<void> {
  const token = await apiToken(request, DEMO_USERS.sysadmin);
  const { open, agreementText, agreementTextEs, questions } = settings;
  const answer = await request.put(`/admin-api/programs/${settings.programUuid}/farmer-application`, {
    headers: bearer(token),
    data: { open, agreementText, agreementTextEs, questions },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * A program of the program admin that takes applications. The demo data opens one; should it not, the first demo
 * program is opened for this run (and left open: closing it would fail another spec's farmer in the middle).
 */
async function programTakingApplications(request: APIRequestContext): Promise<OpenProgram> {
  const mine = await staffPrograms(request);
  const open = (await openPrograms(request)).find((p) => mine.some((m) => m.programId === p.programId));
  if (open) return open;
  const settings = await readSettings(request, mine[0]!.programUuid);
  await writeSettings(request, { ...settings, open: true, agreementText: settings.agreementText || 'I agree.' });
  return (await openPrograms(request)).find((p) => p.programId === mine[0]!.programId)!;
}

interface Applied {
  applicationUuid: string;
  applicationNumber: string;
  farmName: string;
  email: string;
  contact: string;
}

/** The one-time code in a message of the codes step. */
function codeIn(body: string): string {
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  expect(code, `a code in:\n${body}`).toBeDefined();
  return code!;
}

/**
 * A farmer applies through the public API as the form does: codes to the e-mail and the mobile (read from the
 * outbox), confirmed, then the application with every question of the program answered.
 */
async function apply(
  request: APIRequestContext,
  program: OpenProgram,
  person: { farmName: string; email?: string; first?: string; last?: string },
): Promise<Applied> {
  const email = person.email ?? `farm.${unique()}@example.org`;
  // A NANP exchange starts with 2-9: mobile fields refuse one that starts with 0 or 1.
  const mobile = `8605${digits(6)}`;
  const first = person.first ?? 'Ada';
  const last = person.last ?? `Grower${unique()}`;
  const afterId = await lastOutboxId(request);
  const sent = await request.post('/merchant-api/farmer-application/confirmations', {
    data: { email, mobilePhone: mobile, language: 'en' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { confirmationId } = (await sent.json()) as { confirmationId: string };
  const mail = await waitForMessage(request, (m) => m.channel === 'email' && m.to === email, afterId);
  const sms = await waitForMessage(request, (m) => m.channel === 'sms' && m.to.endsWith(mobile.slice(-7)), afterId);
  const confirmed = await request.post(`/merchant-api/farmer-application/confirmations/${confirmationId}`, {
    data: { emailCode: codeIn(mail.body), mobileCode: codeIn(sms.body) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  const account = digits(10);
  const submitted = await request.post('/merchant-api/farmer-application', {
    data: {
      confirmationId,
      email,
      mobilePhone: mobile,
      programIds: [program.programId],
      farmName: person.farmName,
      contactFirstName: first,
      contactLastName: last,
      businessPhone: null,
      farmAddress: {
        addressOne: `${digits(4)} Orchard Road ${unique()}`,
        addressTwo: null,
        city: 'Glastonbury',
        stateCode: 'CT',
        zipcode: '06033',
      },
      mailingAddress: null,
      markets: [{ name: 'Hartford Market', city: 'Hartford', when: 'Saturdays 8-12' }],
      crops: 'Tomatoes, squash and honey',
      answers: program.questions.map((q) => ({
        programId: program.programId,
        key: q.key,
        value: q.kind === 'yes-no' ? 'yes' : 'Since 2010',
      })),
      tinTypeId: 2,
      taxId: digits(9),
      bankAccount: {
        bankName: 'Farm Credit Bank',
        bankRoutingNumber: BANK_ROUTING,
        bankAccountNumber: account,
        confirmAccountNumber: account,
        bankAccountType: 0,
        firstName: first,
        middleName: null,
        lastName: last,
      },
      agreed: true,
      signature: `${first} ${last}`,
      language: 'en',
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const answer = (await submitted.json()) as { applicationUuid: string; applicationNumber: string };
  return { ...answer, farmName: person.farmName, email, contact: `${first} ${last}` };
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const statusRegion = (page: Page) => region(page, 'Status');
const history = (page: Page) => region(page, 'History');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openApplication(page: Page, base: 'program' | 'admin', applied: Applied) {
  await page.goto(`/${base}/farmer-applications/${applied.applicationUuid}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Farmer application ${applied.applicationNumber}` }),
  ).toBeVisible();
}

test.describe('the staff review of farmer applications', () => {
  test('staff find a new application in the queue, see its duplicate, ask for more information and refuse the duplicate', async ({
    page,
    request,
  }) => {
    const program = await programTakingApplications(request);
    const email = `twin.${unique()}@example.org`;
    const farmName = `Maple Hollow ${unique()}`;
    const first = await apply(request, program, { farmName, email });
    const twin = await apply(request, program, { farmName: `Maple Hollow Twin ${unique()}`, email });

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await mainNavigation(page).getByRole('link', { name: 'Farmer Applications', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Farmer Applications' })).toBeVisible();
    const criteria = page.getByRole('search', { name: 'Farmer application search criteria' });
    await expect(page.getByText(/^\d[\d,]* applications?$|^More than/)).toBeVisible();
    await expectAccessible(page);

    // By text, program and status: the criteria go to the URL, so a reload shows the same results.
    // The two share the e-mail.
    await criteria.getByRole('textbox', { name: 'Farm, contact, e-mail or number' }).fill(email);
    await criteria.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Submitted', exact: true }).click();
    await criteria.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/status=submitted/);
    const table = page.getByRole('table', { name: 'Farmer applications' });
    await expect(
      table.getByRole('link', { name: new RegExp(`^Open application ${first.applicationNumber} `) }),
    ).toBeVisible();
    await expect(page.getByText('2 applications', { exact: true })).toBeVisible();
    await page.reload();
    await expect(
      table.getByRole('link', { name: new RegExp(`^Open application ${twin.applicationNumber} `) }),
    ).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: first.applicationNumber });
    await expect(row).toContainText('Submitted');
    await expect(row).toContainText(program.programName);
    await expect(row).toContainText('Glastonbury');
    await expectAccessible(page);

    // A search nothing matches says so.
    await criteria.getByRole('textbox', { name: 'Farm, contact, e-mail or number' }).fill(`nothing-${unique()}`);
    await criteria.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No farmer applications found.')).toBeVisible();
    await page.goBack();

    // The detail: every part of the application, and the twin flagged for the shared e-mail.
    await table.getByRole('link', { name: new RegExp(`^Open application ${first.applicationNumber} `) }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Farmer application ${first.applicationNumber}` }),
    ).toBeVisible();
    for (const part of [
      'Farm and contact',
      'Addresses',
      'Markets',
      'What they grow',
      'Program questions',
      'Payout',
      'Agreement',
      'History',
    ])
      await expect(region(page, part)).toBeVisible();
    await expect(region(page, 'Payout')).toContainText(/\*{4}\d{4}/);
    await expect(region(page, 'Agreement')).toContainText(first.contact);
    const duplicates = region(page, 'Possible duplicates');
    const flagged = duplicates.getByRole('listitem').filter({ hasText: twin.applicationNumber });
    await expect(flagged).toContainText('e-mail');
    await expect(
      flagged.getByRole('link', { name: new RegExp(`^Application ${twin.applicationNumber}`) }),
    ).toBeVisible();
    await expectAccessible(page);

    // Ask for more information: the note is required, the farmer's message shows it, the outcome takes the focus.
    await statusRegion(page).getByRole('button', { name: 'Ask for more information' }).click();
    const ask = await opened(dialog(page, 'Ask for more information'));
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'Send the request' }).click();
    const note = ask.getByRole('textbox', { name: 'Note to the farmer' });
    await expect(note).toBeFocused();
    await expect(ask.getByText(MESSAGES.FIELD_REQUIRED)).toBeVisible();
    await expectAccessible(page);
    const request1 = `Please add the market days for Hartford ${unique()}.`;
    await note.fill(request1);
    await expect(ask.getByRole('blockquote')).toHaveText(request1); // the farmer's message shows the note
    const afterId = await lastOutboxId(request);
    await ask.getByRole('button', { name: 'Send the request' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: M.MORE_INFO_SENT })).toBeFocused();
    await expect(statusRegion(page)).toContainText('More information needed');
    await expect(statusRegion(page)).toContainText(request1);
    await expect(history(page).getByRole('listitem').filter({ hasText: 'More information asked' })).toContainText(
      request1,
    );
    // While it waits for the farmer it cannot be approved.
    await expect(statusRegion(page).getByRole('button', { name: 'Approve' })).toHaveCount(0);
    const told = await waitForMessage(request, (m) => m.channel === 'email' && m.to === email, afterId);
    expect(told.body).toContain(request1);
    await expectAccessible(page);

    // The twin, from the duplicates panel: refused with a reason.
    await region(page, 'Possible duplicates')
      .getByRole('link', { name: new RegExp(`^Application ${twin.applicationNumber}`) })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Farmer application ${twin.applicationNumber}` }),
    ).toBeVisible();
    await statusRegion(page).getByRole('button', { name: 'Refuse' }).click();
    const refuse = await opened(dialog(page, 'Refuse the application'));
    await expectAccessible(page);
    await refuse.getByRole('button', { name: 'Refuse the application' }).click();
    await expect(refuse.getByRole('textbox', { name: 'Reason' })).toBeFocused();
    const reason = `Applied twice with one e-mail ${unique()}.`;
    await refuse.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await refuse.getByRole('button', { name: 'Refuse the application' }).click();
    await expect(page.getByRole('status').filter({ hasText: M.REFUSED })).toBeFocused();
    await expect(statusRegion(page)).toContainText('Refused');
    await expect(statusRegion(page)).toContainText(reason);
    await expect(history(page).getByRole('listitem').filter({ hasText: 'Refused' })).toContainText(reason);
    await expect(statusRegion(page).getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('approving creates the merchant and invites the farmer; a Merchant ID already used is refused at its field', async ({
    page,
    request,
  }) => {
    const program = await programTakingApplications(request);
    const applied = await apply(request, program, { farmName: `Sunrise Acres ${unique()}` });
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const detail = (await (
      await request.get(`/merchant-api/farmer-applications/${applied.applicationUuid}`, { headers: bearer(token) })
    ).json()) as { suggestedMerchantIdentifier: string };
    const merchants = (await (
      await request.get('/merchant-api/merchants', {
        headers: bearer(token),
        params: { programId: program.programId, pageSize: 1 },
      })
    ).json()) as { data: { merchantIdentifier: string }[] };
    const taken = merchants.data[0]!.merchantIdentifier;

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await openApplication(page, 'program', applied);
    await statusRegion(page).getByRole('button', { name: 'Approve' }).click();
    const approve = await opened(dialog(page, 'Approve the application'));
    const merchantId = approve.getByRole('textbox', { name: 'Merchant ID' });
    await expect(merchantId).toHaveValue(detail.suggestedMerchantIdentifier);
    await expect(approve).toContainText(`invites ${applied.contact} (${applied.email})`);
    await expectAccessible(page);

    // Error path: an identifier another merchant has is named at the field, and the dialog stays open.
    await merchantId.fill(taken);
    await approve.getByRole('button', { name: 'Approve and create the merchant' }).click();
    await expect(merchantId).toBeFocused();
    await expect(merchantId).toHaveAttribute('aria-invalid', 'true');
    await expect(approve.getByText(M.MERCHANT_ID_TAKEN)).toBeVisible();
    await expectAccessible(page);

    const identifier = uniqueMerchantId('FA');
    await merchantId.fill(identifier);
    await approve.getByRole('button', { name: 'Approve and create the merchant' }).click();
    await expect(approve).toBeHidden();
    const outcome = page.getByRole('status').filter({ hasText: M.APPROVED });
    await expect(outcome).toBeFocused();
    await expect(statusRegion(page)).toContainText('Approved');
    await expect(history(page).getByRole('listitem').filter({ hasText: 'Approved' })).toBeVisible();
    await expectAccessible(page);

    // The new merchant's page: the farmer invited, waiting to activate.
    await outcome.getByRole('link', { name: 'Open the new merchant' }).click();
    await expect(page).toHaveURL(/\/program\/merchant\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Merchant ${applied.farmName}` })).toBeVisible();
    await expect(page.getByText(identifier, { exact: true }).first()).toBeVisible();
    const person = region(page, 'People').getByRole('row').filter({ hasText: applied.email });
    await expect(person).toContainText('Pending activation');

    // Decided once: the application offers no decision any more, in either portal.
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await openApplication(page, 'admin', applied);
    await expect(statusRegion(page)).toContainText('Approved');
    await expect(statusRegion(page).getByRole('button')).toHaveCount(0);
    await expect(
      statusRegion(page).getByRole('link', { name: `Open the merchant ${applied.farmName}` }),
    ).toHaveAttribute('href', /^\/admin\/merchant\//);
    await expectAccessible(page);
  });

  test('the queue and an application fit a phone; a decision someone else made first is said in the dialog', async ({
    page,
    request,
  }) => {
    const program = await programTakingApplications(request);
    const applied = await apply(request, program, { farmName: `Little Creek ${unique()}` });
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/farmer-applications?q=${encodeURIComponent(applied.farmName)}`);
    await expect(
      page.getByRole('link', { name: new RegExp(`^Open application ${applied.applicationNumber} `) }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: new RegExp(`^Open application ${applied.applicationNumber} `) }).click();
    await expect(statusRegion(page)).toContainText('Submitted');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await statusRegion(page).getByRole('button', { name: 'Approve' }).click();
    const approve = await opened(dialog(page, 'Approve the application'));
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // Error path: another person refuses it meanwhile; the dialog says so, and the page then shows it refused.
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const refused = await request.post(`/merchant-api/farmer-applications/${applied.applicationUuid}/refuse`, {
      headers: bearer(token),
      data: { reason: 'Decided by a colleague.' },
    });
    expect(refused.status(), await refused.text()).toBe(200);
    await approve.getByRole('button', { name: 'Approve and create the merchant' }).click();
    await expect(approve.getByRole('alert').filter({ hasText: M.ALREADY_DECIDED })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(approve).toBeHidden();
    await expect(statusRegion(page)).toContainText('Refused');
    await expect(statusRegion(page).getByRole('button')).toHaveCount(0);
  });

  test('staff without merchant rights have no Farmer Applications menu, and the address answers the privilege text', async ({
    page,
  }) => {
    // agencyuser01 as if its role had no MERCHANT_VIEW: the signed-in user's answer loses the privilege (the server's
    // own refusal of the calls is proven by its access walk).
    await page.route('**/user-api/user/current', async (route) => {
      const response = await route.fetch();
      const user = (await response.json()) as { privileges: string[] };
      await route.fulfill({
        response,
        json: { ...user, privileges: user.privileges.filter((p) => p !== 'MERCHANT_VIEW') },
      });
    });
    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    const nav = mainNavigation(page);
    await expect(nav.getByRole('link', { name: 'Agencies', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Farmer Applications' })).toHaveCount(0);
    await page.goto('/program/farmer-applications');
    await expect(page.getByRole('heading', { level: 1, name: 'Farmer Applications' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.PRIVILEGE_ERROR })).toBeVisible();
    await expect(page.getByRole('search')).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("a program's farmer application settings", () => {
  test('a platform administrator adds a question, which the public form then asks; an end before the start is refused', async ({
    page,
    request,
  }) => {
    await programTakingApplications(request);
    const mine = await staffPrograms(request);
    const open = await openPrograms(request);
    // The last program the public form offers: the farmer-apply spec, which may run meanwhile, fills in the first.
    const offered = open.filter((o) => mine.some((p) => p.programId === o.programId)).at(-1)!;
    const program = mine.find((p) => p.programId === offered.programId)!;
    const before = await readSettings(request, program.programUuid);
    const key = `e2e-${unique()}`.toLowerCase();
    const label = `Do you sell cut flowers? ${unique()}`;
    try {
      await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
      await page.goto(`/admin/program/${program.programUuid}`);
      const card = region(page, 'Farmer application');
      await expect(card).toContainText('Taking farmer applications');
      await card.getByRole('link', { name: 'Edit the farmer application settings' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: `Farmer application of ${program.programName}` }),
      ).toBeVisible();
      const form = page.getByRole('form', { name: `Farmer application settings of ${program.programName}` });
      await expect(form.getByRole('switch', { name: 'Taking farmer applications' })).toBeChecked();
      await expectAccessible(page);

      // A new question: its key takes the focus; filled with the keyboard.
      const count = before.questions.length;
      await form.getByRole('button', { name: 'Add question' }).click();
      const row = form.getByRole('group', { name: `Question ${count + 1}` });
      await expect(row.getByRole('textbox', { name: 'Key' })).toBeFocused();
      await page.keyboard.type(key);
      await row.getByRole('textbox', { name: 'Question', exact: true }).fill(label);
      await row.getByRole('textbox', { name: 'Asked until' }).fill('2000-01-01');

      // Error path: the end before the start is named at its field, which takes the focus.
      await form.getByRole('button', { name: 'Save settings' }).click();
      const until = row.getByRole('textbox', { name: 'Asked until' });
      await expect(until).toBeFocused();
      await expect(until).toHaveAttribute('aria-invalid', 'true');
      await expect(row.getByText(M.QUESTION_DATES)).toBeVisible();
      await expectAccessible(page);

      // Moved up a place and back down, the focus staying on the button pressed.
      // (At the top Move up is unavailable, and at the bottom Move down: the focus goes to the other one.)
      if (count > 0) {
        await row.getByRole('button', { name: `Move up: question ${count + 1}` }).click();
        await expect(
          form.getByRole('button', { name: `Move ${count > 1 ? 'up' : 'down'}: question ${count}` }),
        ).toBeFocused();
        await expect(
          form.getByRole('group', { name: `Question ${count}` }).getByRole('textbox', { name: 'Key' }),
        ).toHaveValue(key);
        await form.getByRole('button', { name: `Move down: question ${count}` }).click();
        await expect(form.getByRole('button', { name: `Move up: question ${count + 1}` })).toBeFocused();
      }

      await row.getByRole('textbox', { name: 'Asked until' }).fill('');
      await form.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status').filter({ hasText: M.SETTINGS_SAVED })).toBeFocused();
      await expectAccessible(page);

      // The public form asks it from today.
      const asked = (await openPrograms(request)).find((p) => p.programId === program.programId)!;
      expect(asked.questions.map((q) => q.key)).toContain(key);
      expect((await readSettings(request, program.programUuid)).questions.at(-1)).toMatchObject({
        key,
        label,
        kind: 'yes-no',
        required: false,
        effectiveTo: null,
      });

      // At a phone's width the form still fits.
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    } finally {
      await writeSettings(request, before);
    }
  });
});
