import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AGENCY_MESSAGES } from '@ebt/core/agencies';
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
import { addUser, RUN, uniqueUsername } from './user-helpers';

// The agency screens (B§2 "Agencies", B§4 "Agency users", B§5 "Agency", B§6, B§7, B§8; docs/decisions/0028). Each
// story adds agencies and users of its own through the API, so no other spec's agency changes; their names start with
// 'Zz' so they sort after the demo agencies, which other specs take as a program's first agency.

interface Program {
  programUuid: string;
  programName: string;
}

async function programsOf(request: APIRequestContext, token: string): Promise<Program[]> {
  const answer = await request.get('/account-api/account/programs', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Program[];
}

let codeCounter = 0;
const uniqueCode = () => `E${RUN}${++codeCounter}`.toUpperCase().slice(0, 20);

/** POST /account-api/agency as the program admin; answers the new agency's uuid. */
async function addAgency(request: APIRequestContext, program: Program, name: string, extra: object = {}) {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const answer = await request.post('/account-api/agency', {
    headers: bearer(token),
    data: { agencyName: name, agencyCode: uniqueCode(), programUuid: program.programUuid, ...extra },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { agencyUuid: string }).agencyUuid;
}

async function agencyOf(request: APIRequestContext, agencyUuid: string) {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const answer = await request.get(`/account-api/agency/${agencyUuid}`, { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as {
    agencyName: string;
    agencyCode: string;
    fundingAmount: number;
    fundingDate: string;
  };
}

async function usernamesOf(request: APIRequestContext, agencyUuid: string) {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const answer = await request.get(`/account-api/agency/${agencyUuid}/user`, { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { username: string }[]).map((u) => u.username);
}

const outcome = (page: Page, text: string) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });
const agencyTable = (page: Page) => page.getByRole('table', { name: 'Agencies' });
const usersTable = (page: Page, agencyName: string) =>
  page.getByRole('table', { name: `Admins and users of ${agencyName}` });

test.describe('agency list', () => {
  test('lists agencies 10 a page, filters by program and opens an agency', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const [first, second] = await programsOf(request, token);
    const name = `Zz Filter Agency ${RUN}`;
    await addAgency(request, second!, name);

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/agencies');
    await expect(page.getByRole('heading', { level: 1, name: 'Agencies' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Agency' })).toHaveAttribute('href', '/program/agency/add');
    await expect(agencyTable(page).getByRole('columnheader')).toHaveText(['Name', 'Code', 'Program']);
    await expectAccessible(page);

    await page.screenshot({ path: 'test-results/agency-list-desk.png', fullPage: true });
    // B§2: the filter shows because the program admin has two programs.
    await choose(page, 'Program', first!.programName);
    await expect(page).toHaveURL(/programUuid=/);
    await expect(agencyTable(page).getByRole('button', { name: `Open agency ${name}` })).toHaveCount(0);
    for (const cell of await agencyTable(page).locator('tbody tr td:nth-child(3)').allTextContents())
      expect(cell).toContain(first!.programName);
    await choose(page, 'Program', second!.programName);
    await agencyTable(page)
      .getByRole('button', { name: `Open agency ${name}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Update Agency' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  });
});

test.describe('add and update', () => {
  test('adds an agency, warns of a code in use, and updates name, code and funding', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const [program] = await programsOf(request, token);
    const code = uniqueCode();
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/agencies');
    await page.getByRole('link', { name: 'New Agency' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Agency' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Agencies', exact: true }).last()).toBeVisible();

    // The rules at their fields (B§5): required, the funding date's minimum.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(
      /This field is required/,
    );
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Zz Added Agency ${RUN}`);
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await choose(page, 'Program', program!.programName);
    await page.getByRole('textbox', { name: 'Funding Amount' }).fill('125000.50');
    await page.getByRole('textbox', { name: 'Funding Date' }).fill('2022-12-31');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(AGENCY_MESSAGES.FUNDING_DATE_TOO_EARLY)).toBeVisible();
    await page.getByRole('textbox', { name: 'Funding Date' }).fill('2024-07-01');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add', exact: true }).click();

    await expect(outcome(page, 'Agency added.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Update Agency' })).toBeVisible();
    const agencyUuid = page.url().split('/').at(-1)!;
    expect(await agencyOf(request, agencyUuid)).toMatchObject({ agencyCode: code, fundingAmount: 125000.5 });

    // The same code, in another letter case, in the same program: 409 (B§8).
    await page.goto('/program/agency/add');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Zz Second Agency ${RUN}`);
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
    await choose(page, 'Program', program!.programName);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(AGENCY_MESSAGES.AGENCY_CODE_NOT_UNIQUE).first()).toBeVisible();
    await expect(page).toHaveURL(/\/program\/agency\/add$/);

    // Update name, code and funding (the program is read-only).
    await page.goto(`/program/agency/${agencyUuid}`);
    await expect(page.getByRole('textbox', { name: 'Program' })).toHaveAttribute('readonly', '');
    const update = page.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Zz Renamed Agency ${RUN}`);
    const newCode = uniqueCode();
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(newCode);
    await page.getByRole('textbox', { name: 'Funding Amount' }).fill('99000');
    await page.getByRole('textbox', { name: 'Funding Date' }).fill('2025-01-15');
    await update.click();
    await expect(outcome(page, 'Agency updated.')).toBeVisible();
    await expect(outcome(page, 'Agency updated.')).toBeFocused();
    expect(await agencyOf(request, agencyUuid)).toEqual(
      expect.objectContaining({
        agencyName: `Zz Renamed Agency ${RUN}`,
        agencyCode: newCode,
        fundingAmount: 99000,
        fundingDate: '2025-01-15',
      }),
    );
    await expectAccessible(page);
  });
});

test.describe('agency users', () => {
  test('adds a found user, says when already assigned, removes and moves users', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const [program] = await programsOf(request, token);
    const home = await addAgency(request, program!, `Zz Home Agency ${RUN}`);
    const agencyName = `Zz Users Agency ${RUN}`;
    const agencyUuid = await addAgency(request, program!, agencyName);
    const target = `Zz Target Agency ${RUN}`;
    const targetUuid = await addAgency(request, program!, target);
    const joiner = uniqueUsername('ag');
    await addUser(request, DEMO_USERS.progadmin, {
      username: joiner,
      email: `${joiner}@example.org`,
      firstname: 'Jonas',
      lastname: `Joiner${RUN}`,
      roleId: 6,
      agencyUuid: home,
    });

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/agency/${agencyUuid}`);
    await expect(page.getByRole('heading', { name: 'Agency Admins and Users' })).toBeVisible();
    await expect(page.getByText('No users found.').first()).toBeVisible();

    // 'Add Admin/User': find by last name, confirm 'Add to Agency?'.
    const search = page.getByRole('search', { name: `Add Admin/User search for ${agencyName}` });
    await search.getByRole('textbox', { name: 'Last Name' }).fill(`Joiner${RUN}`);
    await search.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('table', { name: `Users found for ${agencyName}` });
    await found.getByRole('button', { name: `Add ${joiner} to the agency` }).click();
    const confirm = await opened(page.getByRole('dialog'));
    await expect(confirm).toContainText(AGENCY_MESSAGES.CONFIRM_ADD);
    await confirm.getByRole('button', { name: 'Add' }).click();
    await expect(outcome(page, AGENCY_MESSAGES.USER_ADDED)).toBeVisible();
    await expect(usersTable(page, agencyName).getByRole('rowheader', { name: joiner, exact: true })).toBeVisible();
    expect(await usernamesOf(request, agencyUuid)).toEqual([joiner]);

    // Again: the server's 409 text (resolution 16).
    await found.getByRole('button', { name: `Add ${joiner} to the agency` }).click();
    await (await opened(page.getByRole('dialog'))).getByRole('button', { name: 'Add' }).click();
    await expect(outcome(page, 'This user is already assigned to the Agency.')).toBeVisible();
    await expectAccessible(page);

    // Move without an agency, then to the target agency.
    await usersTable(page, agencyName)
      .getByRole('button', { name: `Move ${joiner}`, exact: true })
      .click();
    const move = await opened(page.getByRole('dialog', { name: 'Move user' }));
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(move.getByText('An agency must be selected.')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/agency-move-desk.png', fullPage: true });
    await move.getByRole('combobox', { name: 'New agency' }).click();
    await page.getByRole('option', { name: target, exact: true }).click();
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(outcome(page, 'User moved.')).toBeVisible();
    await expect(usersTable(page, agencyName).getByRole('rowheader', { name: joiner, exact: true })).toHaveCount(0);
    expect(await usernamesOf(request, agencyUuid)).toEqual([]);

    // Remove, on the home agency, after saving the agency and with a name typed but not saved: the users change
    // leaves the agency's form alone (the name stays), and 'User removed.' replaces 'Agency updated.' and has focus.
    await page.goto(`/program/agency/${home}`);
    const homeTable = usersTable(page, `Zz Home Agency ${RUN}`);
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(uniqueCode());
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(outcome(page, 'Agency updated.')).toBeFocused();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill(`Zz Home Agency ${RUN} unsaved`);
    await homeTable.getByRole('button', { name: `Remove ${joiner}`, exact: true }).click();
    const remove = await opened(page.getByRole('dialog'));
    await expect(remove).toContainText(AGENCY_MESSAGES.CONFIRM_REMOVE);
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(outcome(page, 'User removed.')).toBeFocused();
    await expect(homeTable.getByRole('rowheader', { name: joiner, exact: true })).toHaveCount(0);
    expect(await usernamesOf(request, home)).toEqual([]);
    await expect(outcome(page, 'Agency updated.')).toHaveCount(0);
    await expect(name).toHaveValue(`Zz Home Agency ${RUN} unsaved`);

    // Their last agency cannot be removed: the server's 409 says to move them instead.
    await page.goto(`/program/agency/${targetUuid}`);
    await usersTable(page, target)
      .getByRole('button', { name: `Remove ${joiner}`, exact: true })
      .click();
    await (await opened(page.getByRole('dialog'))).getByRole('button', { name: 'Remove' }).click();
    await expect(outcome(page, AGENCY_MESSAGES.REMOVE_LAST_AGENCY)).toBeVisible();
    await expect(usersTable(page, target).getByRole('rowheader', { name: joiner, exact: true })).toBeVisible();
  });
});

test.describe('agency admin', () => {
  test('sees only their own agency and no funding fields to edit', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.agencyadmin);
    const own = (await (await request.get('/account-api/agency', { headers: bearer(token) })).json()) as {
      agencyName: string;
    }[];
    expect(own).toHaveLength(1);

    await signInAs(page, DEMO_USERS.agencyadmin, /\/program$/);
    await page.goto('/program/agencies');
    await expect(agencyTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'New Agency' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Program' })).toHaveCount(0);
    await agencyTable(page)
      .getByRole('button', { name: `Open agency ${own[0]!.agencyName}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Update Agency' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeEditable();
    await expect(page.getByRole('textbox', { name: 'Funding Amount' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Funding Date' })).toHaveCount(0);
    await expect(page.getByRole('term').filter({ hasText: 'Funding Amount' }).first()).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list, the add form and an agency fit a phone', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const [program] = await programsOf(request, token);
    const agencyUuid = await addAgency(request, program!, `Zz Phone Agency ${RUN}`, { fundingAmount: 5000 });
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    for (const url of ['/program/agencies', '/program/agency/add', `/program/agency/${agencyUuid}`]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    }
    await page.screenshot({ path: 'test-results/agency-phone.png', fullPage: true });
  });
});
