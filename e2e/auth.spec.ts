import { expect, test } from '@playwright/test';
import {
  DEMO_USERS,
  expectAccessible,
  mainNavigation,
  sessionToken,
  signIn,
  signInAs,
  signInThroughForm,
} from './helpers';

const PLACEHOLDER_TEXT = 'This screen arrives in a later release.';

test.describe('sign-in page', () => {
  test('is accessible and prefills the username from the address', async ({ page }) => {
    await page.goto('/login?username=progadmin01');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('progadmin01');
    await expectAccessible(page);
  });

  test('answers at / as well', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('an empty form shows both required messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);
  });

  test('a wrong password shows the logon error', async ({ page }) => {
    await signIn(page, DEMO_USERS.progadmin, 'Wrong#Password1');
    await expect(page.getByRole('alert')).toHaveText('Invalid username and password combination.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionToken(page)).toBeNull();
  });

  test('any other failure says the sign-in is unavailable, with the lock reason when locked', async ({ page }) => {
    const locked = 'Too many failed sign-in attempts. Try again in 30 minutes.';
    let answer = { status: 500, body: { status: 500, message: 'An unexpected error occurred.', errorMessages: [] } };
    await page.route('**/api/authenticate', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
    );
    await signIn(page, DEMO_USERS.progadmin, 'Welcome#2026');
    await expect(page.getByRole('alert')).toHaveText('Unable to login at this time.');

    answer = { status: 429, body: { status: 429, message: locked, errorMessages: [] } };
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(`Unable to login at this time. ${locked}`);
    expect(await sessionToken(page)).toBeNull();
  });
});

// Through the form, as each user signs in: the other specs open their portal with a token (helpers.ts signInAs).
test.describe('each demo user lands in their portal', () => {
  test('the platform admin lands on Admin Home with the admin menu', async ({ page }) => {
    await signInThroughForm(page, DEMO_USERS.sysadmin, /\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Home');
    const nav = mainNavigation(page);
    for (const label of ['Programs', 'Agencies', 'Users', 'Pan Generation', 'Roles', 'Privileges', 'Configurations']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /User menu for/ })).toBeVisible();
    await expectAccessible(page);

    // Resolution 8: /admin/home is the same page.
    await page.goto('/admin/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Home');
  });

  test('the program admin lands on the welcome page with Users and the Programs dropdown', async ({ page }) => {
    await signInThroughForm(page, DEMO_USERS.progadmin, /\/program$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(page.getByText(/enables management of electronic benefits/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@marketlink.example' })).toBeVisible();

    const nav = mainNavigation(page);
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    const programs = nav.getByRole('button', { name: 'Programs' });
    await expect(programs).toHaveAttribute('aria-expanded', 'false');
    await programs.click();
    await expect(programs).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Pan Generation' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Program', exact: true })).toBeVisible();
    await expectAccessible(page);

    // The dashboard is reachable from the navigation (e2e/dashboard.spec.ts covers the screen).
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/program\/dash$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Parameterised screens answer too, and the printable PAN view has no header at all (A§2, resolution 7).
    await page.goto('/program/pans/10000001/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Recipient PANs' })).toBeVisible();
    await page.goto('/program/pans/view');
    await expect(page.getByRole('heading', { level: 1, name: 'PAN Cards' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(mainNavigation(page)).toHaveCount(0);
  });

  test('the agency admin lands on /program with Users', async ({ page }) => {
    await signInThroughForm(page, DEMO_USERS.agencyadmin, /\/program$/);
    await expect(mainNavigation(page).getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('the agency user lands on /program without Users', async ({ page }) => {
    await signInThroughForm(page, DEMO_USERS.agencyuser, /\/program$/);
    const nav = mainNavigation(page);
    await expect(nav.getByRole('link', { name: 'Agencies', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    // No BULK_PAN_GEN: Programs is a plain link.
    await expect(nav.getByRole('link', { name: 'Programs', exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('the recipient lands on /recipient with the recipient menu', async ({ page }) => {
    await signInThroughForm(page, DEMO_USERS.recipient, /\/recipient$/);
    const nav = mainNavigation(page);
    for (const label of [
      'Home',
      'Benefits',
      'Transactions',
      'Merchants',
      'Merchant Locator',
      'Incentives',
      'EBT Cards',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    await expectAccessible(page);

    // The recipient portal's screens are built: Benefits is a search, not the placeholder.
    await nav.getByRole('link', { name: 'Benefits', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Benefits' })).toBeVisible();
    await expect(page.getByText(PLACEHOLDER_TEXT)).toHaveCount(0);
  });
});

test.describe('access and not-found', () => {
  test('an unknown path shows the not-found screen', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found.');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a protected page without a session goes to the sign-in page', async ({ page }) => {
    await page.goto('/program/recipients');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a recipient visiting /admin is sent to /login', async ({ page }) => {
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('session end', () => {
  test('signing out ends the session on the server', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    const token = await sessionToken(page);
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: /User menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    expect(await sessionToken(page)).toBeNull();
    await expectAccessible(page);

    const answer = await page.request.get('/user-api/user/current', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(401);

    // The portal is closed to the tab too.
    await page.goto('/program');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('twenty minutes without activity signs the user out', async ({ page }) => {
    await page.clock.install();
    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    await page.clock.runFor(20 * 60_000 + 2000);
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  });

  test('an active user who makes no calls keeps the server session alive', async ({ page }) => {
    await page.clock.install();
    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    const keepAlive = page.waitForRequest(
      (request) => request.url().endsWith('/user-api/user/current') && request.method() === 'GET',
    );
    // Six minutes of moving the mouse on a page that makes no calls of its own.
    for (let minute = 0; minute < 12; minute += 1) {
      await page.mouse.move(100 + minute * 10, 200);
      await page.clock.runFor(30_000);
    }
    const request = await keepAlive;
    expect((await request.response())?.status()).toBe(200);
    await expect(page).toHaveURL(/\/program$/);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation folds into a drawer behind the burger', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await expect(burger).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Benefits' })).not.toBeInViewport();

    await burger.click();
    const nav = mainNavigation(page);
    await expect(nav.getByRole('link', { name: 'Benefits' })).toBeInViewport();
    await expectAccessible(page);
    await nav.getByRole('link', { name: 'Benefits' }).click();
    await expect(page).toHaveURL(/\/program\/benefits$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Benefits' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  });
});
