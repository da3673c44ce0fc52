import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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

// The admin program screens (B§2 "Admin programs", B§4 "Program funding sources", B§5 "Program", B§7, B§8;
// docs/decisions/0030). Stories that change a program work on one they add themselves, so no other spec's data moves.

const results = (page: Page) => page.getByRole('table', { name: 'Programs found' });
const search = (page: Page) => page.getByRole('search', { name: 'Program search criteria' });
const sources = (page: Page) => page.getByRole('table', { name: 'Funding sources of the program' });

let sequence = 0;
/** A short name no other run has used: letters and digits, at most 20. */
const uniqueShortName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${++sequence}`.toUpperCase().slice(0, 20);

/** Today plus `days` as YYYY-MM-DD (UTC; the tests keep a day's margin from the server's New York today). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface ProgramInfo {
  programUuid: string;
  programName: string;
  shortName: string;
  fundingSources: { fundingId: number; name: string }[];
  endDate: string;
  benefitAmount: number | null;
  fundingAmount: number | null;
  pinRequired: boolean;
}

async function adminToken(request: APIRequestContext) {
  return apiToken(request, DEMO_USERS.sysadmin);
}

async function programByShortName(request: APIRequestContext, shortName: string): Promise<ProgramInfo> {
  const token = await adminToken(request);
  const found = await request.get('/admin-api/programs', { headers: bearer(token), params: { shortName } });
  expect(found.status()).toBe(200);
  const row = ((await found.json()) as { data: { programUuid: string; shortName: string }[] }).data.find(
    (p) => p.shortName === shortName,
  );
  expect(row, `program ${shortName}`).toBeDefined();
  const detail = await request.get(`/admin-api/programs/${row!.programUuid}`, { headers: bearer(token) });
  return (await detail.json()) as ProgramInfo;
}

/** A program added through the API, as another administrator would have. */
async function addProgram(
  request: APIRequestContext,
  shortName: string,
  fundingSources = [{ fundingId: -1, name: 'USDA' }],
) {
  const res = await request.post('/admin-api/programs', {
    headers: bearer(await adminToken(request)),
    data: {
      programName: `Story Program ${shortName}`,
      shortName,
      programStatusId: 0,
      contactEmail: 'story@example.com',
      contactPhone: '8605550100',
      contactAddress1: '1 Story Street',
      contactCity: 'Hartford',
      contactStateCode: 'CT',
      contactZip: '06103',
      startDate: dayFromToday(2),
      endDate: dayFromToday(300),
      benefitAmount: 20,
      fundingAmount: 5000,
      fundingSources,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { programUuid: string }).programUuid;
}

test.describe('programs list', () => {
  test('lists every program, finds one by short name, says when none match, opens a program', async ({
    page,
    request,
  }) => {
    const shortName = uniqueShortName('LIST');
    await addProgram(request, shortName);
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Programs' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Program' })).toHaveAttribute('href', '/admin/program/add');
    await expect(results(page).getByRole('row').nth(1)).toBeVisible();
    for (const header of ['Name', 'Short Name', 'Contact Email', 'Status', 'Start Date', 'End Date', 'State'])
      await expect(results(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    await expectAccessible(page);

    await search(page).getByRole('textbox', { name: 'Short Name' }).fill(shortName.toLowerCase());
    await search(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`shortName=${shortName.toLowerCase()}`));
    await expect(results(page).getByRole('row')).toHaveCount(2);
    await expect(results(page).getByRole('cell', { name: 'story@example.com' })).toBeVisible();

    await search(page).getByRole('textbox', { name: 'Program Name' }).fill('No Such Program Anywhere');
    await search(page).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No programs found.')).toBeVisible();

    await search(page).getByRole('textbox', { name: 'Program Name' }).fill('');
    await search(page).getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Open program Story Program ${shortName}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Program' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Short Name' })).toHaveValue(shortName);
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/programs');
    await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Open program / }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

test.describe('program add', () => {
  test('creates a program with two funding sources, one removed before saving, after the duplicate warning', async ({
    page,
    request,
  }) => {
    const shortName = uniqueShortName('NEW');
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/program/add');
    await expect(page.getByRole('heading', { level: 1, name: 'New Program' })).toBeVisible();
    // B§9: the default card settings, secrets blank; the default funding sources.
    await expect(page.getByRole('textbox', { name: 'Configuration' })).toHaveValue(/"accountNumberLength":"9"/);
    await expect(sources(page).getByRole('row').nth(1)).toBeVisible();

    // Start from no sources: remove the defaults (each asks first).
    while (
      (await sources(page)
        .getByRole('button', { name: /^Remove funding source / })
        .count()) > 0
    ) {
      const name = (await sources(page)
        .getByRole('button', { name: /^Remove funding source / })
        .first()
        .getAttribute('aria-label'))!.replace('Remove funding source ', '');
      await sources(page)
        .getByRole('button', { name: `Remove funding source ${name}` })
        .click();
      const confirm = await opened(page.getByRole('dialog'));
      await expect(confirm).toContainText(`Remove funding source ${name}?`);
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expect(sources(page).getByRole('cell', { name, exact: true })).toHaveCount(0);
    }

    const addSource = async (name: string) => {
      await page.getByRole('button', { name: 'Add Funding Source' }).click();
      const dialog = await opened(page.getByRole('dialog', { name: 'Add Funding Source' }));
      await dialog.getByRole('textbox', { name: 'Funding Source Name' }).fill(name);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      return dialog;
    };
    await addSource('Farm Fresh');
    await expect(sources(page).getByRole('cell', { name: 'Farm Fresh' })).toBeVisible();
    await addSource('City Match');
    await addSource('Temporary');

    // The duplicate warning (B§5, B§8), ignoring case.
    const duplicate = await addSource('farm fresh');
    await expect(duplicate.getByText('Funding Source Name already exists.')).toBeVisible();
    await expectAccessible(page);
    await duplicate.getByRole('button', { name: 'Cancel' }).click();
    await expect(duplicate).toBeHidden();

    await sources(page).getByRole('button', { name: 'Remove funding source Temporary' }).click();
    const confirm = await opened(page.getByRole('dialog'));
    await expect(confirm).toContainText('Remove funding source Temporary?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(sources(page).getByRole('cell', { name: 'Temporary' })).toHaveCount(0);
    // The removed row's button is gone: the focus goes to 'Add Funding Source', not to the page's body.
    await expect(page.getByRole('button', { name: 'Add Funding Source' })).toBeFocused();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Harvest ${shortName}`);
    await page.getByRole('textbox', { name: 'Short Name' }).fill(shortName);
    await page.getByRole('textbox', { name: 'Contact Email' }).fill('harvest@example.com');
    await page.getByRole('textbox', { name: 'Phone' }).fill('(860) 555-0100');
    await page.getByRole('textbox', { name: 'Address 1' }).fill('10 Market Street');
    await page.getByRole('textbox', { name: 'City' }).fill('Hartford');
    await choose(page, 'State', 'Connecticut (CT)');
    await page.getByRole('textbox', { name: 'Zip' }).fill('06103-1234');
    // A start date before today is refused when adding (B§5).
    await page.getByRole('textbox', { name: 'Start Date' }).fill(dayFromToday(-2));
    await page.getByRole('textbox', { name: 'End Date' }).fill(dayFromToday(365));
    await page.getByRole('button', { name: 'Add Program' }).click();
    await expect(page.getByText(/^Date cannot be before \d{4}-\d{2}-\d{2}\.$/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Start Date' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Start Date' }).fill(dayFromToday(2));
    await page.getByRole('textbox', { name: 'Benefit Amount' }).fill('25.50');
    await page.getByRole('textbox', { name: 'Benefit Expiration (days)' }).fill('90');
    await page.getByRole('button', { name: 'Add Program' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Edit Program' })).toBeVisible();
    await expect(page.getByText('Program added.')).toBeVisible();
    const saved = await programByShortName(request, shortName);
    expect(saved.fundingSources.map((s) => s.name).sort()).toEqual(['City Match', 'Farm Fresh']);
    expect(saved.benefitAmount).toBe(25.5);
  });
});

test.describe('program edit', () => {
  test('renames a saved funding source whose name is longer than the 20 characters of a typed one', async ({
    page,
    request,
  }) => {
    const shortName = uniqueShortName('LONG');
    const long = 'Supplemental Nutrition Fund'; // 27 characters: a name may have up to 30
    const programUuid = await addProgram(request, shortName, [{ fundingId: -1, name: long }]);
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto(`/admin/program/${programUuid}`);
    await page.getByRole('button', { name: `Edit funding source ${long}` }).click();
    const dialog = await opened(page.getByRole('dialog', { name: 'Edit Funding Source' }));
    const name = dialog.getByRole('textbox', { name: 'Funding Source Name' });
    await expect(name).toHaveValue(long);
    await name.fill(`${long} 2`);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Update Program' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Program updated.' })).toBeFocused();
    expect((await programByShortName(request, shortName)).fundingSources.map((s) => s.name)).toEqual([`${long} 2`]);
  });

  test("changes a program's dates and amounts, and adds and removes a program admin", async ({ page, request }) => {
    const shortName = uniqueShortName('EDIT');
    const programUuid = await addProgram(request, shortName);
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto(`/admin/program/${programUuid}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Program' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Short Name' })).toHaveValue(shortName);
    await expectAccessible(page);

    // A source added here gets its real id with the save: saving again does not add it twice.
    await page.getByRole('button', { name: 'Add Funding Source' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: 'Add Funding Source' }));
    await dialog.getByRole('textbox', { name: 'Funding Source Name' }).fill('Second Source');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Update Program' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Program updated.' })).toBeFocused();
    const second = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes(programUuid));
    await page.getByRole('button', { name: 'Update Program' }).click();
    expect((await second).status()).toBe(200);
    // Sent with its real id: kept and not removed and added again (which would also leave the names unchanged).
    const sent = (await second).request().postDataJSON() as { fundingSources: { fundingId: number }[] };
    expect(sent.fundingSources.every((s) => s.fundingId > 0)).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: 'Program updated.' })).toBeFocused();
    expect((await programByShortName(request, shortName)).fundingSources.map((s) => s.name).sort()).toEqual([
      'Second Source',
      'USDA',
    ]);

    const newEnd = dayFromToday(400);
    await page.getByRole('textbox', { name: 'End Date' }).fill(newEnd);
    await page.getByRole('textbox', { name: 'Benefit Amount' }).fill('42.75');
    await page.getByRole('textbox', { name: 'Funding Amount' }).fill('125000');
    await page.getByRole('button', { name: 'Update Program' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Program updated.' })).toBeFocused();
    const saved = await programByShortName(request, shortName);
    expect(saved).toMatchObject({ endDate: newEnd, benefitAmount: 42.75, fundingAmount: 125000 });

    // An end date before the start date is refused and nothing is sent.
    await page.getByRole('textbox', { name: 'End Date' }).fill(dayFromToday(1));
    await page.getByRole('button', { name: 'Update Program' }).click();
    await expect(page.getByText('End date cannot be before start date.')).toBeVisible();

    // The program admins panel (the program view's): 'Add Admin' and 'Remove From Program'.
    const admins = page.getByRole('region', { name: 'Program Admins' });
    await expect(admins.getByRole('heading', { name: 'Add Admin' })).toBeVisible();
    await admins.getByRole('textbox', { name: 'Username' }).fill(DEMO_USERS.progadmin);
    await admins.getByRole('button', { name: 'Search' }).click();
    await admins.getByRole('button', { name: `Add ${DEMO_USERS.progadmin} as a program admin` }).click();
    let confirm = await opened(page.getByRole('dialog'));
    await expect(confirm).toContainText('Add this user as an admin for this program?');
    await confirm.getByRole('button', { name: 'Add' }).click();
    await expect(admins.getByText('User added to Program.')).toBeVisible();
    await admins.getByRole('button', { name: `Remove From Program ${DEMO_USERS.progadmin}` }).click();
    confirm = await opened(page.getByRole('dialog'));
    await expect(confirm).toContainText('Remove this user as an admin for this program?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(admins.getByText('User removed from Program.')).toBeVisible();
    await expect(admins.getByRole('button', { name: `Remove From Program ${DEMO_USERS.progadmin}` })).toHaveCount(0);
  });

  test("switches the card PIN requirement off and on (docs/security.md 'Card PINs')", async ({ page, request }) => {
    const shortName = uniqueShortName('PIN');
    const programUuid = await addProgram(request, shortName);
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto(`/admin/program/${programUuid}`);
    const pinSwitch = page.getByRole('switch', { name: "Require the card's PIN at purchases and balance inquiries" });
    // A new program requires the PIN.
    await expect(pinSwitch).toBeChecked();
    await pinSwitch.press('Space');
    await expect(pinSwitch).not.toBeChecked();
    await page.getByRole('button', { name: 'Update Program' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Program updated.' })).toBeFocused();
    expect((await programByShortName(request, shortName)).pinRequired).toBe(false);
    await expectAccessible(page);
    await pinSwitch.press('Space');
    await page.getByRole('button', { name: 'Update Program' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Program updated.' })).toBeFocused();
    expect((await programByShortName(request, shortName)).pinRequired).toBe(true);
  });

  test('fits a phone', async ({ page, request }) => {
    const programUuid = await addProgram(request, uniqueShortName('PHONE'));
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto(`/admin/program/${programUuid}`);
    await expect(page.getByRole('textbox', { name: 'Short Name' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/admin/program/add');
    await expect(page.getByRole('table', { name: 'Funding sources of the program' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
