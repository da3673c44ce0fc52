import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  apiToken,
  bearer,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  mainNavigation,
  signInAs,
} from './helpers';

// The roles and privileges admin screens (B§2 "Admin privileges, roles", B§3, B§5 Role, B§6, B§8). The story that
// changes a demo role (6, Agency User) puts its privileges back afterwards, through the API, whatever happened.

// The texts of core's ROLE_MESSAGES (packages/core/src/roles/messages.ts), as a person reads them.
const ROLE_DESCR_LENGTH = 'Descr must be 2 to 20 characters.';
const LAST_PLATFORM_ADMIN =
  'This change would leave no active user with NDGADMIN_ACCESS (platform administrator); grant it to another user first.';

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

interface RoleAnswer {
  roleId: number;
  descr: string;
  privileges: { privilegeId: number; code: string }[];
}

async function readRole(request: APIRequestContext, token: string, roleId: number): Promise<RoleAnswer> {
  const answer = await request.get(`/admin-api/roles/${roleId}`, { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as RoleAnswer;
}

/** The main navigation of agencyuser01 in a fresh browser context (a new sign-in reads the role's privileges). */
async function agencyUserNavigation(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
  return { context, nav: mainNavigation(page) };
}

test.describe('privileges and roles', () => {
  test('lists the privileges with their id, code and description', async ({ page }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await mainNavigation(page).getByRole('link', { name: 'Privileges' }).click();
    await expect(page).toHaveURL(/\/admin\/privileges$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privileges' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Privileges' });
    for (const header of ['Privilege Id', 'Code', 'Descr'])
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: 'BULK_PAN_GEN' });
    await expect(row.getByRole('rowheader')).toHaveText('14');
    await expect(row).toContainText('Generate printed PANs in bulk');
    await expectAccessible(page);
  });

  test('adds a role, refuses its id again, ticks privileges and lists them', async ({ page }) => {
    const roleId = String(100_000 + Math.floor(Math.random() * 899_999_999));
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    const roles = page.getByRole('table', { name: 'Roles' });
    await expect(roles.getByRole('row').filter({ hasText: 'Agency User' })).toContainText('AGENCYUSER_ACCESS');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Add Role' }).click();
    await expect(page).toHaveURL(/\/admin\/role\/add$/);
    const form = page.getByRole('form', { name: 'Add role' });
    // B§5: both fields are required, descr 2 to 20 characters.
    await form.getByRole('button', { name: 'Add Role' }).click();
    await expect(form.getByRole('textbox', { name: 'Role Id' })).toHaveAccessibleDescription(/Role Id is required\./);
    await form.getByRole('textbox', { name: 'Role Id' }).fill(roleId);
    await form.getByRole('textbox', { name: 'Descr' }).fill('A');
    await form.getByRole('button', { name: 'Add Role' }).click();
    await expect(form.getByText(ROLE_DESCR_LENGTH)).toBeVisible();
    await form.getByRole('textbox', { name: 'Descr' }).fill('E2E Auditor');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Add Role' }).click();

    // The new role opens with the message, its privileges to tick.
    await expect(page).toHaveURL(new RegExp(`/admin/roles/${roleId}$`));
    await expect(status(page, 'Role added.')).toBeVisible();
    const edit = page.getByRole('form', { name: `Role ${roleId}` });
    await expect(edit.getByRole('textbox', { name: 'Descr' })).toHaveValue('E2E Auditor');
    await edit.getByRole('checkbox', { name: 'AGENCY_VIEW', exact: true }).check();
    await edit.getByRole('checkbox', { name: 'MERCHANT_VIEW', exact: true }).check();
    await edit.getByRole('textbox', { name: 'Descr' }).fill('E2E Reviewer');
    await edit.getByRole('button', { name: 'Save Role' }).click();
    await expect(status(page, 'Role saved.')).toBeVisible();
    await expect(status(page, 'Role saved.')).toBeFocused();
    await expectAccessible(page);

    // The list shows the saved description and privileges; the id links back to the role.
    await page.getByRole('link', { name: 'Back to Roles' }).click();
    const row = roles.getByRole('row').filter({ has: page.getByRole('link', { name: roleId, exact: true }) });
    await expect(row).toContainText('E2E Reviewer');
    await expect(row).toContainText('AGENCY_VIEW');
    await expect(row).toContainText('MERCHANT_VIEW');
    await row.getByRole('link', { name: roleId, exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'MERCHANT_VIEW', exact: true })).toBeChecked();

    // B§8: the same id again is 409 'Role Id already exists.' at the field, and nothing else changes.
    await page.goto('/admin/role/add');
    await form.getByRole('textbox', { name: 'Role Id' }).fill(roleId);
    await form.getByRole('textbox', { name: 'Descr' }).fill('Another');
    await form.getByRole('button', { name: 'Add Role' }).click();
    await expect(form.getByRole('textbox', { name: 'Role Id' })).toHaveAccessibleDescription(
      /Role Id already exists\./,
    );
    await expect(page).toHaveURL(/\/admin\/role\/add$/);
  });

  test('refuses a change that leaves nobody with NDGADMIN_ACCESS', async ({ page, request }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    const token = await apiToken(request, DEMO_USERS.sysadmin);
    const before = await readRole(request, token, 4);
    await page.goto('/admin/roles/4');
    const edit = page.getByRole('form', { name: 'Role 4' });
    await edit.getByRole('checkbox', { name: 'NDGADMIN_ACCESS', exact: true }).uncheck();
    await edit.getByRole('button', { name: 'Save Role' }).click();
    await expect(alert(page, LAST_PLATFORM_ADMIN)).toBeVisible();
    expect((await readRole(request, token, 4)).privileges).toEqual(before.privileges);
  });

  test("granting and revoking a role's privilege changes the menu of its users", async ({ page, request, browser }) => {
    const token = await apiToken(request, DEMO_USERS.sysadmin);
    const original = await readRole(request, token, 6);
    expect(original.privileges.map((p) => p.code)).not.toContain('BULK_PAN_GEN');
    try {
      await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
      await page.goto('/admin/roles/6');
      const edit = page.getByRole('form', { name: 'Role 6' });
      const bulk = edit.getByRole('checkbox', { name: 'BULK_PAN_GEN', exact: true });
      await expect(bulk).not.toBeChecked();
      await bulk.check();
      await edit.getByRole('button', { name: 'Save Role' }).click();
      await expect(status(page, 'Role saved.')).toBeVisible();

      // A§2: with BULK_PAN_GEN, Programs becomes a dropdown holding Pan Generation.
      const granted = await agencyUserNavigation(browser);
      const programs = granted.nav.getByRole('button', { name: 'Programs' });
      await programs.click();
      await expect(granted.nav.getByRole('link', { name: 'Pan Generation' })).toBeVisible();
      await granted.context.close();

      await bulk.uncheck();
      await edit.getByRole('button', { name: 'Save Role' }).click();
      await expect(status(page, 'Role saved.')).toBeVisible();
      const revoked = await agencyUserNavigation(browser);
      await expect(revoked.nav.getByRole('link', { name: 'Programs' })).toBeVisible();
      await expect(revoked.nav.getByRole('button', { name: 'Programs' })).toHaveCount(0);
      await expect(revoked.nav.getByRole('link', { name: 'Pan Generation' })).toHaveCount(0);
      await revoked.context.close();
    } finally {
      const restored = await request.put('/admin-api/roles', {
        headers: bearer(token),
        data: {
          roleId: 6,
          descr: original.descr,
          privilegeIds: original.privileges.map((p) => p.privilegeId),
        },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });

  test('the role screens fit a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    for (const [path, heading] of [
      ['/admin/roles', 'Roles'],
      ['/admin/roles/6', 'Edit Role'],
      ['/admin/role/add', 'Add Role'],
      ['/admin/privileges', 'Privileges'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('table').or(page.getByRole('form')).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    await expectAccessible(page);
  });
});
