import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@ebt/core/messages';
import {
  apiToken,
  bearer,
  choose,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  lastOutboxId,
  linkPathIn,
  opened,
  signInAs,
  waitForMessage,
  shownTotal,
} from './helpers';
import {
  addUser,
  placesOf,
  readUser,
  region,
  RUN,
  uniqueUsername,
  userUuidOf,
  usersFound,
  usersSearch,
} from './user-helpers';

// The user screens of the program and admin portals (B§2 Users, B§4 User status and Roles (user), B§5 User form, Add
// user, B§7, B§8, B§9; decisions 0024, 0025). The stories that change a user work on users they add through the API;
// the activation and OTP stories use agencyuser02, whom no other spec signs in as.

/** The outcome banner of a user's detail (status, activation, OTP, roles). */
const outcome = (page: Page, text: string) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });

test.describe('user search', () => {
  test('needs a criterion, pages the results, and opens a user', async ({ page, request }) => {
    // Eleven users of one last name, so the results take two pages (B§9: 10 a page).
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const places = await placesOf(request, token);
    const lastname = `Pager${RUN}`;
    for (let i = 0; i < 11; i += 1) {
      const username = uniqueUsername('pg');
      await addUser(request, DEMO_USERS.progadmin, {
        username,
        email: `${username}@example.org`,
        firstname: `Page${String.fromCharCode(97 + i)}`,
        lastname,
        roleId: 6,
        agencyUuid: places.agencyUuid,
      });
    }

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New User' })).toHaveAttribute('href', '/program/user/add');

    // B§5, resolution 14: Search is unavailable with no criterion, and says why.
    const searchButton = usersSearch(page).getByRole('button', { name: 'Search' });
    await expect(searchButton).toBeDisabled();
    await expect(searchButton).toHaveAccessibleDescription(MESSAGES.USER_SEARCH_CRITERIA_REQUIRED);
    // The program side's role filter offers roles 1, 3, 5 and 6 only (B§9); the status filter is the admin's.
    await page.getByRole('combobox', { name: 'Role', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText(['Program Admin', 'Recipient', 'Agency Admin', 'Agency User']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await expectAccessible(page);

    await usersSearch(page).getByRole('textbox', { name: 'Last name' }).fill(lastname);
    await searchButton.click();
    expect(await shownTotal(page, 1)).toBe(11);
    await expect(usersFound(page).getByRole('row')).toHaveCount(11);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('Showing 11–11 of 11')).toBeVisible();
    await expectAccessible(page);

    await usersFound(page).getByRole('rowheader').first().getByRole('button').click();
    await expect(page).toHaveURL(/\/program\/user\/[0-9a-f-]{36}$/);
    await expect(region(page, 'User').getByRole('textbox', { name: 'Last name' })).toHaveValue(lastname);
    await page.getByRole('link', { name: 'Back to results' }).click();
    await expect(page.getByText('Showing 11–11 of 11')).toBeVisible();

    // A search that finds nothing.
    await usersSearch(page).getByRole('textbox', { name: 'Last name' }).fill(`Nobody${RUN}`);
    await searchButton.click();
    await expect(page.getByText(MESSAGES.NO_USERS_FOUND)).toBeVisible();
  });

  test('the admin side filters by status, and a deleted user does not open', async ({ page }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/users');
    await expect(page.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/admin/user/add');
    await choose(page, 'Status', 'Deleted');
    await usersSearch(page).getByRole('button', { name: 'Search' }).click();
    const row = usersFound(page).getByRole('row').filter({ hasText: 'agencyuser07' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('add user', () => {
  test('a program admin adds each role it may create, and role 3 cannot be saved', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const places = await placesOf(request, token);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);

    // B§6: a program admin creates Program Admin (1), Agency Admin (5) and Agency User (6).
    for (const role of ['Program Admin', 'Agency Admin', 'Agency User'] as const) {
      await page.goto('/program/user/add');
      await expect(page.getByRole('heading', { level: 1, name: 'New User' })).toBeVisible();
      const username = uniqueUsername('add');
      const form = page.getByRole('form', { name: 'New user' });
      await form.getByRole('textbox', { name: 'First name' }).fill('Added');
      await form.getByRole('textbox', { name: 'Last name' }).fill(`Role${RUN}`);
      await form.getByRole('textbox', { name: 'E-mail' }).fill(`${username}@example.org`);
      await form.getByRole('textbox', { name: 'Mobile phone' }).fill('(860) 555-0199');
      await form.getByRole('textbox', { name: 'Username' }).fill(username);
      await choose(page, 'Status', 'Enabled');
      await page.getByRole('combobox', { name: 'Role', exact: true }).click();
      await expect(page.getByRole('option')).toHaveText(['Program Admin', 'Recipient', 'Agency Admin', 'Agency User']);
      await page.getByRole('option', { name: role, exact: true }).click();
      await choose(page, 'Program', places.programName);
      if (role !== 'Program Admin') await choose(page, 'Agency', places.agencyName);
      else await expect(page.getByRole('combobox', { name: 'Agency', exact: true })).toBeDisabled();
      if (role === 'Agency User') await expectAccessible(page);
      await form.getByRole('button', { name: 'Add User' }).click();
      await expect(page.getByText(MESSAGES.USER_ADDED)).toBeVisible();
      await expect(page).toHaveURL(/\/program\/user\/[0-9a-f-]{36}$/);
      const uuid = /user\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
      const stored = await readUser(request, DEMO_USERS.progadmin, uuid);
      expect(stored.roleId).toBe({ 'Program Admin': 1, 'Agency Admin': 5, 'Agency User': 6 }[role]);
    }

    // Role 3: the danger notice, and the form cannot be saved.
    await page.goto('/program/user/add');
    await choose(page, 'Role', 'Recipient');
    await expect(page.getByText(MESSAGES.RECIPIENT_USER_NOTICE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add User' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Program', exact: true })).toBeDisabled();
    await expectAccessible(page);
  });

  test('a taken username is shown at its field, and bad input is refused before sending', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/user/add');
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByRole('textbox', { name: 'Username' }).fill('1startsdigit');
    await form.getByRole('button', { name: 'Add User' }).click();
    await expect(form.getByText(MESSAGES.INVALID_USERNAME)).toBeVisible();

    await form.getByRole('textbox', { name: 'First name' }).fill('Taken');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Name');
    await form.getByRole('textbox', { name: 'E-mail' }).fill(`taken${RUN}@example.org`);
    await form.getByRole('textbox', { name: 'Mobile phone' }).fill('8605550100');
    await form.getByRole('textbox', { name: 'Username' }).fill(DEMO_USERS.agencyuser);
    await choose(page, 'Status', 'Enabled');
    await choose(page, 'Role', 'Program Admin');
    await page.getByRole('combobox', { name: 'Program', exact: true }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('button', { name: 'Add User' }).click();
    await expect(form.getByText(MESSAGES.USERNAME_EXISTS).first()).toBeVisible();
  });
});

test.describe('user detail', () => {
  test('edit, disable and delete a user; back to the list 2.5 seconds after the delete', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const places = await placesOf(request, token);
    const username = uniqueUsername('del');
    const uuid = await addUser(request, DEMO_USERS.progadmin, {
      username,
      email: `${username}@example.org`,
      firstname: 'Dora',
      lastname: `Delete${RUN}`,
      roleId: 6,
      agencyUuid: places.agencyUuid,
    });

    await page.clock.install();
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/user/${uuid}`);
    const form = page.getByRole('form', { name: 'User details' });
    await expect(form.getByRole('button', { name: 'Update' })).toBeDisabled();
    await form.getByRole('textbox', { name: 'First name' }).fill('Dorothy');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByText(MESSAGES.USER_UPDATED)).toBeVisible();
    expect((await readUser(request, DEMO_USERS.progadmin, uuid)).firstname).toBe('Dorothy');

    await page.getByRole('button', { name: 'Disable' }).click();
    let dialog = await opened(page.getByRole('dialog', { name: 'Disable user' }));
    await expect(dialog).toContainText(MESSAGES.CONFIRM_DISABLE_USER);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(outcome(page, MESSAGES.USER_STATUS_UPDATED)).toBeVisible();
    expect((await readUser(request, DEMO_USERS.progadmin, uuid)).userStatusId).toBe(3);
    await expect(page.getByRole('button', { name: 'Disable' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete' }).click();
    dialog = await opened(page.getByRole('dialog', { name: 'Delete user' }));
    await expect(dialog).toContainText(MESSAGES.CONFIRM_DELETE_USER_NOTE);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(outcome(page, MESSAGES.USER_DELETED)).toBeVisible();
    expect((await readUser(request, DEMO_USERS.progadmin, uuid)).userStatusId).toBe(4);
    // B§4: a deleted user's form is disabled.
    await expect(form.getByRole('textbox', { name: 'First name' })).toBeDisabled();
    // B§9: back to the list after 2.5 seconds, not before.
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL(new RegExp(`/program/user/${uuid}$`));
    await page.clock.runFor(600);
    await expect(page).toHaveURL(/\/program\/users$/);
  });

  test('resend and force activation send the e-mail; Reset OTP Token tells the user', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const places = await placesOf(request, token);
    const username = uniqueUsername('act');
    const email = `${username}@example.org`;
    const fresh = await addUser(request, DEMO_USERS.progadmin, {
      username,
      email,
      firstname: 'Ada',
      lastname: `Activate${RUN}`,
      roleId: 6,
      agencyUuid: places.agencyUuid,
    });

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    // Not verified yet: 'Resend Activation Email'.
    await page.goto(`/program/user/${fresh}`);
    let after = await lastOutboxId(request);
    await page.getByRole('button', { name: 'Resend Activation Email' }).click();
    await expect(outcome(page, MESSAGES.ACTIVATION_EMAIL_SENT)).toBeVisible();
    await waitForMessage(request, (m) => m.to === email && /activate/i.test(m.subject), after);

    // A verified user (agencyuser02, seeded Enabled): 'Force Re-Activation', then 'Reset OTP Token'.
    const verified = await userUuidOf(request, DEMO_USERS.progadmin, 'agencyuser02');
    await page.goto(`/program/user/${verified}`);
    after = await lastOutboxId(request);
    await page.getByRole('button', { name: 'Force Re-Activation' }).click();
    await expect(outcome(page, MESSAGES.ACTIVATION_EMAIL_SENT)).toBeVisible();
    await waitForMessage(request, (m) => m.to === 'agencyuser02@example.com' && /activate/i.test(m.subject), after);
    // Forcing resets the verification (resolution 4): the button becomes 'Resend Activation Email'.
    await expect(page.getByRole('button', { name: 'Resend Activation Email' })).toBeVisible();

    after = await lastOutboxId(request);
    await page.getByRole('button', { name: 'Reset OTP Token' }).click();
    await expect(outcome(page, MESSAGES.OTP_REQUEST_SENT)).toBeVisible();
    await waitForMessage(
      request,
      (m) => m.to === 'agencyuser02@example.com' && /verification codes/i.test(m.subject),
      after,
    );
    await expectAccessible(page);
  });

  test('an admin changes a user role only once the box is ticked', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const places = await placesOf(request, token);
    const username = uniqueUsername('role');
    const uuid = await addUser(request, DEMO_USERS.progadmin, {
      username,
      email: `${username}@example.org`,
      firstname: 'Roy',
      lastname: `Role${RUN}`,
      roleId: 6,
      agencyUuid: places.agencyUuid,
    });

    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto(`/admin/user/${uuid}`);
    const roles = region(page, 'Roles');
    await expect(roles.getByRole('radio', { name: 'Agency User' })).toBeChecked();
    await roles.getByRole('radio', { name: 'Agency Admin' }).check();
    await roles.getByRole('button', { name: 'Update Role' }).click();
    await expect(roles.getByText(MESSAGES.ROLE_CHANGE_NOT_CONFIRMED)).toBeVisible();
    expect((await readUser(request, DEMO_USERS.sysadmin, uuid)).roleId).toBe(6);
    await expectAccessible(page);

    await roles.getByRole('checkbox', { name: MESSAGES.ROLE_CHANGE_CONFIRM_LABEL }).check();
    await roles.getByRole('button', { name: 'Update Role' }).click();
    await expect(outcome(page, MESSAGES.USER_ROLES_UPDATED)).toBeVisible();
    expect((await readUser(request, DEMO_USERS.sysadmin, uuid)).roleId).toBe(5);
  });

  test('the program side opens a recipient user on its own form', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const found = await request.get('/user-api/users', {
      headers: bearer(token),
      params: { username: DEMO_USERS.recipient },
    });
    const row = ((await found.json()) as { data: { userUuid: string; programs: { programUuid: string }[] }[] })
      .data[0]!;
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/users?username=${DEMO_USERS.recipient}`);
    await usersFound(page).getByRole('rowheader').first().getByRole('button').click();
    await expect(page).toHaveURL(`/program/user/${row.userUuid}/${row.programs[0]!.programUuid}`);
    const form = page.getByRole('form', { name: 'Recipient user details' });
    await expect(form.getByRole('textbox', { name: 'Username' })).toHaveValue(DEMO_USERS.recipient);
    await expect(region(page, 'Programs and agencies')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('e-mail changes and users held in part', () => {
  test('a new e-mail waits for the user to open the link sent to it; the link works once', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const places = await placesOf(request, token);
    const username = uniqueUsername('mail');
    const uuid = await addUser(request, DEMO_USERS.progadmin, {
      username,
      email: `${username}@example.org`,
      firstname: 'Mara',
      lastname: `Mailer${RUN}`,
      roleId: 6,
      agencyUuid: places.agencyUuid,
    });
    // The user activates, so has an address of their own that staff cannot simply replace.
    let afterId = await lastOutboxId(request);
    const sent = await request.post('/user-api/user/send-activation', {
      headers: bearer(token),
      data: { uuid, resetHash: true },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const activation = await waitForMessage(request, (m) => m.to === `${username}@example.org`, afterId);
    const hash = new URL(linkPathIn(activation.body, 'validate'), 'http://x').searchParams.get('hash')!;
    const activated = await request.post('/user-api/activate-user', {
      data: {
        password: 'Mailer#2026x',
        confirmPassword: 'Mailer#2026x',
        questionId: 2,
        answer: 'Biscuit',
        otpPreference: 'email',
        hash,
      },
    });
    expect(activated.status(), await activated.text()).toBe(200);

    afterId = await lastOutboxId(request);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/user/${uuid}`);
    const form = page.getByRole('form', { name: 'User details' });
    await form.getByRole('textbox', { name: 'E-mail' }).fill(`${username}.new@example.org`);
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByText(MESSAGES.USER_UPDATED)).toBeVisible();
    await expect(page.getByText('New e-mail address waiting for confirmation')).toBeVisible();
    await expect(page.getByText(`Until then e-mails, links and codes go to ${username}@example.org.`)).toBeVisible();
    await expectAccessible(page);
    expect((await readUser(request, DEMO_USERS.progadmin, uuid)).email).toBe(`${username}@example.org`);
    // The old address is told, the new one gets the link.
    await waitForMessage(
      request,
      (m) => m.to === `${username}@example.org` && /being changed/.test(m.subject),
      afterId,
    );
    const link = await waitForMessage(request, (m) => m.to === `${username}.new@example.org`, afterId);
    const confirmPath = /\/confirm-email\?hash=[A-Za-z0-9_-]+/.exec(link.body)![0];

    await page.goto('/logout');
    await page.goto(confirmPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
    await expect(page.getByText(`${username}.new@example.org`)).toBeVisible();
    await expectAccessible(page);
    // The account's password: a wrong one is refused where it was typed, nothing changes.
    const password = page.getByLabel('Your password');
    await password.fill('Not#TheRight1');
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
    await expect(page.getByText(MESSAGES.EMAIL_CHANGE_PASSWORD_INVALID)).toBeVisible();
    expect((await readUser(request, DEMO_USERS.progadmin, uuid)).email).toBe(`${username}@example.org`);
    await password.fill('Mailer#2026x');
    await password.press('Enter');
    await expect(page.getByText(MESSAGES.EMAIL_CHANGE_CONFIRMED)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.EMAIL_CHANGE_CONFIRMED })).toBeFocused();
    expect((await readUser(request, DEMO_USERS.progadmin, uuid)).email).toBe(`${username}.new@example.org`);

    // Used once: opened again, it is refused on load.
    await page.goto(confirmPath);
    await expect(page.getByText(MESSAGES.EMAIL_CHANGE_LINK_INVALID)).toBeVisible();
    await expectAccessible(page);
  });

  test('a program admin of one program sees an admin of two read-only, and the server refuses a change', async ({
    page,
    request,
  }) => {
    const other = await userUuidOf(request, DEMO_USERS.sysadmin, DEMO_USERS.progadmin);
    await signInAs(page, 'progadmin02', /\/program$/);
    await page.goto(`/program/user/${other}`);
    await expect(page.getByText('You can view this user but not change them')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disable' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Force Re-Activation' })).toHaveCount(0);
    await expect(
      page.getByRole('form', { name: 'User details' }).getByRole('textbox', { name: 'E-mail' }),
    ).toBeDisabled();
    await expectAccessible(page);
    // Asked directly, the server answers as for a user outside the caller's scope.
    const token = await apiToken(request, 'progadmin02');
    const refused = await request.put(`/user-api/user/${other}/status`, {
      headers: bearer(token),
      data: { userStatusId: 3 },
    });
    expect(refused.status()).toBe(404);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list, a user and the add form fit a phone', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/users?username=agencyuser');
    await shownTotal(page, 1);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await usersFound(page).getByRole('rowheader').first().getByRole('button').click();
    await expect(region(page, 'User')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.goto('/program/user/add');
    await expect(page.getByRole('heading', { level: 1, name: 'New User' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
