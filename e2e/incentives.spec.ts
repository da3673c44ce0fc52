import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { INCENTIVE_MESSAGES } from '@ebt/core/incentives';
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

// The incentive screens (B§2 "Admin incentives", "Recipient incentives"; B§4; B§5; B§8; part 1 §2
// /recipient/incentives; docs/decisions/0040, 0041). Each story makes its own incentives (names end in a run tag),
// so no other spec's lists change; the demo recipient01 (Account ID 10000001) is the one enrolled.

const RUN = Date.now().toString(36).slice(-5);
const RECIPIENT_ID = '10000001';

/** Today, and a day from it, in the demo programs' zone (resolution 26), as YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
const dayFrom = (days: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const outcome = (page: Page, text: string) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });

async function recipientAccount(request: APIRequestContext) {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const answer = await request.get('/account-api/account', {
    headers: bearer(token),
    params: { recipientIdentifier: RECIPIENT_ID },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { accountUuid: string; programId: number }[] }).data[0]!;
}

/** POST /account-api/incentive as the platform admin, in the recipient's program, from `startDate` on. */
async function addIncentive(request: APIRequestContext, programId: number, name: string, startDate = today()) {
  const token = await apiToken(request, DEMO_USERS.sysadmin);
  const funding = await request.get(`/account-api/incentive/programs/${programId}/funding`, { headers: bearer(token) });
  const [first] = (await funding.json()) as { fundingId: number }[];
  const answer = await request.post('/account-api/incentive', {
    headers: bearer(token),
    data: { name, programId, fundingId: first!.fundingId, startDate, matchRate: '10' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { incentiveUuid: string }).incentiveUuid;
}

/** The zero-based page of the admin list (names in order, 10 a page: the screen's order) that shows `name`. */
async function listPageOf(request: APIRequestContext, name: string) {
  const token = await apiToken(request, DEMO_USERS.sysadmin);
  for (let page = 0; ; page++) {
    const answer = await request.get('/account-api/incentive', { headers: bearer(token), params: { page } });
    expect(answer.status(), await answer.text()).toBe(200);
    const { data } = (await answer.json()) as { data: { name: string }[] };
    if (data.some((i) => i.name === name)) return page;
    expect(data.length, `${name} is listed`).toBeGreaterThan(0);
  }
}

interface SearchRow {
  accountUuid: string;
  programId: number;
  agencyName: string | null;
}

/** Recipients the program admin finds (a phone prefix the demo data has plenty of; recipients.spec.ts uses it too). */
async function someRecipients(request: APIRequestContext) {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const answer = await request.get('/account-api/account', {
    headers: bearer(token),
    params: { mobilePhone: '860', pageSize: 100 },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: SearchRow[] }).data;
}

/** GET /account-api/incentive/recipient-incentive/{accountUuid} as `username`. */
async function enrolmentsAs(request: APIRequestContext, username: string, accountUuid: string) {
  const token = await apiToken(request, username);
  return request.get(`/account-api/incentive/recipient-incentive/${accountUuid}`, { headers: bearer(token) });
}

async function incentiveOf(request: APIRequestContext, uuid: string) {
  const token = await apiToken(request, DEMO_USERS.sysadmin);
  const answer = await request.get(`/account-api/incentive/${uuid}`, { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

test.describe('incentive definitions', () => {
  test('an administrator creates an incentive with rates formatted on blur, then edits it', async ({
    page,
    request,
  }) => {
    const account = await recipientAccount(request);
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/incentives');
    await expect(page.getByRole('heading', { name: 'Incentives', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Incentives' }).getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'New Incentive' }).click();
    await expect(page.getByRole('heading', { name: 'New Incentive', level: 1 })).toBeVisible();
    // Error path: nothing filled in; each required field says so once.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(INCENTIVE_MESSAGES.NAME_REQUIRED)).toHaveCount(1);
    await expect(page.getByText(INCENTIVE_MESSAGES.START_REQUIRED)).toHaveCount(1);
    await expect(page.getByText(INCENTIVE_MESSAGES.PROGRAM_REQUIRED)).toHaveCount(1);
    await expect(page.getByText(INCENTIVE_MESSAGES.FUNDING_REQUIRED)).toHaveCount(1);
    await expectAccessible(page);

    const name = `Zz Match ${RUN}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    const programs = await (
      await request.get('/account-api/incentive/programs', {
        headers: bearer(await apiToken(request, DEMO_USERS.sysadmin)),
      })
    ).json();
    const program = (programs as { programId: number; programName: string }[]).find(
      (p) => p.programId === account.programId,
    )!;
    await choose(page, 'Program', program.programName);
    await page.getByRole('combobox', { name: 'Funding', exact: true }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('textbox', { name: 'Start Date' }).fill(dayFrom(-1));
    // Rates: two decimals on blur, empty becomes 0.00, a negative one is refused.
    const match = page.getByRole('textbox', { name: 'Match Rate (%)' });
    await match.fill('5.2');
    await match.press('Tab');
    await expect(match).toHaveValue('5.20');
    const perDay = page.getByRole('textbox', { name: 'Accrual Max per Day ($)' });
    await perDay.fill('');
    await perDay.press('Tab');
    await expect(perDay).toHaveValue('0.00');
    const fee = page.getByRole('textbox', { name: 'Accrual Fee Rate (%)' });
    await fee.fill('-1');
    await fee.press('Tab');
    await expect(fee).toHaveValue('-1.00');
    await expect(page.getByText(INCENTIVE_MESSAGES.RATE_NEGATIVE)).toHaveCount(1);
    await fee.fill('1.5');
    await fee.press('Tab');
    await expect(fee).toHaveValue('1.50');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(INCENTIVE_MESSAGES.START_BEFORE_TODAY)).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Start Date' }).fill(today());
    await page.getByRole('button', { name: 'Add', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Edit Incentive', level: 1 })).toBeVisible();
    await expect(outcome(page, INCENTIVE_MESSAGES.INCENTIVE_ADDED)).toBeVisible();
    const uuid = page.url().split('/').pop()!;
    expect(await incentiveOf(request, uuid)).toMatchObject({ name, matchRate: 5.2, accrualFeeRate: 1.5 });
    await expectAccessible(page);

    // Edit: a new end date, a rate typed loosely; Update waits for a change.
    const update = page.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await page.getByRole('textbox', { name: 'End Date' }).fill(dayFrom(90));
    const redemption = page.getByRole('textbox', { name: 'Redemption Fee Rate (%)' });
    await redemption.fill('2');
    await redemption.press('Tab');
    await expect(redemption).toHaveValue('2.00');
    await update.click();
    await expect(outcome(page, INCENTIVE_MESSAGES.INCENTIVE_UPDATED)).toBeVisible();
    expect(await incentiveOf(request, uuid)).toMatchObject({ endDate: dayFrom(90), redemptionFeeRate: 2 });

    // The list shows it on its page (names in order), Updated as a date (B§9); a phone shows it without sideways
    // scrolling (loaded at that width, its row shown, before measuring).
    const listPage = await listPageOf(request, name);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(listPage === 0 ? '/admin/incentives' : `/admin/incentives?page=${listPage + 1}`);
    await expect(page.getByRole('heading', { name: 'Incentives', level: 1 })).toBeVisible();
    const listed = page.getByRole('table', { name: 'Incentives' }).getByRole('row', { name: new RegExp(name) });
    await expect(listed).toBeVisible();
    await expect(listed).toContainText(dayFrom(90));
    await expect(listed).not.toContainText(/\d{2}:\d{2}/);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('recipient incentive enrolment', () => {
  test('staff enrol a recipient, edit in both modes, delete a future enrolment; the recipient sees theirs', async ({
    page,
    request,
  }) => {
    const account = await recipientAccount(request);
    const future = `Zz Future ${RUN}`;
    const started = `Zz Started ${RUN}`;
    await addIncentive(request, account.programId, future);
    const startedUuid = await addIncentive(request, account.programId, started);
    // An enrolment that starts today: started, so only its end can change and it cannot be deleted (B§4).
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const made = await request.post('/account-api/incentive/recipient-incentive', {
      headers: bearer(token),
      data: { recipientUuid: account.accountUuid, incentiveUuid: startedUuid, startDate: today() },
    });
    expect(made.status(), await made.text()).toBe(200);
    const { recipientIncentiveId: startedId } = (await made.json()) as { recipientIncentiveId: number };

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/recipient/${account.accountUuid}/${account.programId}`);
    await page.getByRole('link', { name: 'Incentives' }).click();
    await expect(page).toHaveURL(new RegExp(`/program/recipient/incentives/${account.accountUuid}/`));
    await expect(page.getByRole('heading', { name: 'Recipient Incentives', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: /^Incentives of / });
    const startedRow = table.getByRole('row', { name: new RegExp(started) });
    await expect(startedRow).toBeVisible();
    // Issue 18 item 4's columns: the enrolment's id first; Updated as a date (B§9), no time.
    await expect(startedRow.getByRole('rowheader')).toHaveText(String(startedId));
    await expect(startedRow).not.toContainText(/\d{2}:\d{2}/);
    await expectAccessible(page);

    // Add: the start before today is refused, then a start ten days out.
    await page.getByRole('button', { name: 'Add Incentive' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: 'Add Recipient Incentive' }));
    await choose(page, 'Incentive', future);
    await dialog.getByRole('textbox', { name: 'Start Date' }).fill(dayFrom(-1));
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText(INCENTIVE_MESSAGES.START_BEFORE_TODAY)).toHaveCount(1);
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'Start Date' }).fill(dayFrom(10));
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(outcome(page, INCENTIVE_MESSAGES.RECIPIENT_INCENTIVE_ADDED)).toBeVisible();
    const futureRow = table.getByRole('row', { name: new RegExp(future) });
    await expect(futureRow).toContainText(dayFrom(10));

    // Overlap in the same incentive: refused with its message, nothing added.
    await page.getByRole('button', { name: 'Add Incentive' }).click();
    const again = await opened(page.getByRole('dialog', { name: 'Add Recipient Incentive' }));
    await choose(page, 'Incentive', future);
    await again.getByRole('textbox', { name: 'Start Date' }).fill(dayFrom(20));
    await again.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(again.getByText(INCENTIVE_MESSAGES.ENROLMENT_OVERLAP)).toHaveCount(1);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(table.getByRole('row', { name: new RegExp(future) })).toHaveCount(1);

    // Mode 2 (not started): both dates change.
    await futureRow.getByRole('button', { name: /^Edit/ }).click();
    const edit = await opened(page.getByRole('dialog', { name: 'Edit Recipient Incentive' }));
    await edit.getByRole('textbox', { name: 'Start Date' }).fill(dayFrom(12));
    await edit.getByRole('textbox', { name: 'End Date' }).fill(dayFrom(60));
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(outcome(page, INCENTIVE_MESSAGES.RECIPIENT_INCENTIVE_UPDATED)).toBeVisible();
    await expect(futureRow).toContainText(dayFrom(12));
    await expect(futureRow).toContainText(dayFrom(60));

    // Mode 1 (started today): the start is read-only, the end changes; no Delete is offered.
    await expect(startedRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await startedRow.getByRole('button', { name: /^Edit/ }).click();
    const endOnly = await opened(page.getByRole('dialog', { name: 'Edit Recipient Incentive' }));
    await expect(endOnly.getByRole('textbox', { name: 'Start Date' })).toHaveAttribute('readonly', '');
    await endOnly.getByRole('textbox', { name: 'End Date' }).fill(dayFrom(30));
    await endOnly.getByRole('button', { name: 'Update' }).click();
    await expect(outcome(page, INCENTIVE_MESSAGES.RECIPIENT_INCENTIVE_UPDATED)).toBeVisible();
    await expect(startedRow).toContainText(dayFrom(30));

    // Delete the future one after the confirmation.
    await futureRow.getByRole('button', { name: /^Delete/ }).click();
    const confirm = await opened(page.getByRole('dialog'));
    await expect(confirm).toContainText(INCENTIVE_MESSAGES.CONFIRM_DELETE_ENTRY);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(outcome(page, INCENTIVE_MESSAGES.RECIPIENT_INCENTIVE_DELETED)).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(future) })).toHaveCount(0);
    await expectAccessible(page);

    // At a phone's width: loaded there and its rows shown before measuring (the layout settles after a resize).
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Recipient Incentives', level: 1 })).toBeVisible();
    await expect(startedRow).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The recipient sees the enrolment that stayed.
    await page.context().clearCookies();
    const recipientPage = await page.context().newPage();
    await signInAs(recipientPage, DEMO_USERS.recipient, /\/recipient$/);
    await recipientPage.goto('/recipient/incentives');
    await expect(recipientPage.getByRole('heading', { name: 'Incentives', level: 1 })).toBeVisible();
    await expect(
      recipientPage.getByRole('table', { name: 'Your incentives' }).getByRole('row', { name: new RegExp(started) }),
    ).toBeVisible();
    await expectAccessible(recipientPage);
  });

  test("agency staff read another agency's recipient as not found, by the API and on the screen", async ({
    page,
    request,
  }) => {
    // agencyuser01 is in North Central Area Agency on Aging (recipients.spec.ts): a recipient of another agency that
    // the program admin reads.
    const other = (await someRecipients(request)).find(
      (r) => r.agencyName !== null && r.agencyName !== 'North Central Area Agency on Aging',
    );
    expect(other, "a recipient of another agency than agencyuser01's").toBeDefined();
    expect((await enrolmentsAs(request, DEMO_USERS.progadmin, other!.accountUuid)).status()).toBe(200);
    const answer = await enrolmentsAs(request, DEMO_USERS.agencyuser, other!.accountUuid);
    expect(answer.status(), await answer.text()).toBe(404);
    expect(((await answer.json()) as { message: string }).message).toBe(INCENTIVE_MESSAGES.RECIPIENT_NOT_FOUND);

    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    await page.goto(`/program/recipient/incentives/${other!.accountUuid}/${other!.programId}`);
    await expect(page.getByRole('alert').filter({ hasText: INCENTIVE_MESSAGES.RECIPIENT_NOT_FOUND })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Incentive' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a recipient without enrolments shows the empty text (B§8)', async ({ page, request }) => {
    let empty: SearchRow | undefined;
    for (const row of await someRecipients(request)) {
      const answer = await enrolmentsAs(request, DEMO_USERS.progadmin, row.accountUuid);
      if (((await answer.json()) as { totalCount: number }).totalCount === 0) {
        empty = row;
        break;
      }
    }
    expect(empty, 'a recipient without enrolments').toBeDefined();
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/recipient/incentives/${empty!.accountUuid}/${empty!.programId}`);
    await expect(page.getByRole('heading', { name: 'Recipient Incentives', level: 1 })).toBeVisible();
    await expect(page.getByText(INCENTIVE_MESSAGES.RECIPIENT_NOT_ENROLLED)).toBeVisible();
  });
});
