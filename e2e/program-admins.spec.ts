import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiToken,
  bearer,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  mainNavigation,
  opened,
  signInAs,
} from './helpers';

// The program view's program admins (A§2 "Program view", A§3 Program admin, A§5 "Program admin search", A§6, A§8).
// The story works on a Program Admin it creates through the API, so the demo program admins stay as they are.

interface CallerProgram {
  programUuid: string;
  programName: string;
}

async function callerPrograms(request: APIRequestContext, token: string): Promise<CallerProgram[]> {
  const answer = await request.get('/account-api/account/programs', { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  const programs = (await answer.json()) as CallerProgram[];
  expect(programs.length).toBeGreaterThanOrEqual(2);
  return programs;
}

/** A new enabled Program Admin (role 1) of `programUuid`, created by the program admin; answers its username. */
async function addProgramAdminUser(request: APIRequestContext, token: string, programUuid: string) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const username = `pa${stamp}`.slice(0, 20);
  const answer = await request.post('/user-api/user', {
    headers: bearer(token),
    data: {
      username,
      email: `${username}@example.com`,
      firstname: 'Pat',
      middlename: '',
      lastname: `Admin${stamp}`,
      mobile: '8605550123',
      phone: '',
      userStatusId: 2,
      roleId: 1,
      programUuid,
      agencyUuid: '',
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return username;
}

async function confirm(page: Page, button: string) {
  const dialog = await opened(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('program view and its program admins', () => {
  test('adds and removes a program admin, and says when one is already assigned', async ({ page, request }) => {
    // The demo program admin has two programs; the new Program Admin belongs to the second and joins the first (a
    // program admin reaches only users of their own programs).
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const [program, other] = await callerPrograms(request, token);
    const username = await addProgramAdminUser(request, token, other!.programUuid);

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await mainNavigation(page).getByRole('button', { name: 'Programs' }).click();
    await mainNavigation(page).getByRole('link', { name: 'Program', exact: true }).click();
    await expect(page).toHaveURL(/\/program\/program$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Program' })).toBeVisible();

    const section = page.getByRole('region', { name: program!.programName, exact: true });
    await expect(section.getByRole('heading', { level: 2, name: program!.programName })).toBeVisible();
    const admins = section.getByRole('table', { name: `Program admins of ${program!.programName}` });
    const adminRow = admins.getByRole('row').filter({ hasText: username });
    await expect(admins.getByRole('row').filter({ hasText: DEMO_USERS.progadmin })).toBeVisible();
    await expect(adminRow).toHaveCount(0);
    await expect(section.getByRole('region', { name: 'Incentives' })).toBeVisible();

    // B§5: the search needs a criterion.
    const search = section.getByRole('search', { name: `Add Program Admin search for ${program!.programName}` });
    const searchButton = search.getByRole('button', { name: 'Search' });
    await expect(searchButton).toBeDisabled();
    await expect(searchButton).toHaveAccessibleDescription('Please enter at least one user search criteria.');
    await expectAccessible(page);

    // Add after the confirmation: 'User added to Program.' and the list reloads with the user.
    await search.getByRole('textbox', { name: 'Username' }).fill(username);
    await searchButton.click();
    const found = section.getByRole('table', { name: `Users found for ${program!.programName}` });
    const addButton = found.getByRole('button', { name: `Add ${username} as a program admin` });
    await addButton.click();
    const dialog = await opened(page.getByRole('dialog'));
    await expect(dialog).toContainText('Add this user as an admin for this program?');
    await confirm(page, 'Add');
    await expect(section.getByRole('status').filter({ hasText: 'User added to Program.' })).toBeVisible();
    await expect(adminRow).toBeVisible();
    await expectAccessible(page);

    // A§3: adding them again says so, and the list holds them once.
    await addButton.click();
    await confirm(page, 'Add');
    await expect(
      section.getByRole('alert').filter({ hasText: 'This user is already assigned to the Program.' }),
    ).toBeVisible();
    await expect(adminRow).toHaveCount(1);

    // Remove after the confirmation; the list reloads without the user.
    await adminRow.getByRole('button', { name: `Remove ${username}` }).click();
    await expect(page.getByRole('dialog')).toContainText('Remove this user as an admin for this program?');
    await confirm(page, 'Remove');
    await expect(section.getByRole('status').filter({ hasText: 'User removed from Program.' })).toBeVisible();
    await expect(adminRow).toHaveCount(0);

    const listed = await request.get(`/admin-api/programs/${program!.programUuid}/users`, { headers: bearer(token) });
    expect(listed.status()).toBe(200);
    expect(((await listed.json()) as { username: string }[]).map((u) => u.username)).not.toContain(username);
  });

  test('agency staff see their program and its incentives without the admins panel, on a phone too', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS.agencyadmin, /\/program$/);
    await page.goto('/program/program');
    await expect(page.getByRole('heading', { level: 1, name: 'Program' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Incentives' }).first()).toBeVisible();
    // Program admins are the program side's (A§6: PROGRAM_USER_VIEW has no visible effect).
    await expect(page.getByRole('region', { name: 'Program Admins' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByRole('search')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
