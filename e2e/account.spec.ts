import { expect, test } from '@playwright/test';
import {
  apiToken,
  bearer,
  checklistItem,
  DEMO_PASSWORD,
  DEMO_USERS,
  expectAccessible,
  signIn,
  signInAs,
} from './helpers';

// The account page every portal shares (A§2): user info, change password, security question (A§5, A§8). The story
// belongs to agencyadmin04, a seeded user no other spec signs in as, because it changes the password.
const USERNAME = 'agencyadmin04';
const NEW_PASSWORD = 'Market#Link2027';

test.describe('the account page', () => {
  test('a staff user updates their info, password and security question', async ({ page, request }) => {
    await signInAs(page, USERNAME, /\/program$/);
    await page.getByRole('button', { name: /User menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/program\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

    const info = page.getByRole('region', { name: 'User info' });
    const password = page.getByRole('region', { name: 'Change password' });
    const question = page.getByRole('region', { name: 'Security question' });
    await expect(info.getByRole('textbox', { name: 'Username' })).toHaveValue(USERNAME);
    await expect(info.getByRole('textbox', { name: 'Username' })).toHaveAttribute('readonly', '');
    await expect(info.getByRole('textbox', { name: 'First name' })).toHaveValue('Tom');
    await expectAccessible(page);

    // User info: Update is enabled only after a change (A§5); an invalid e-mail is refused at its input.
    const update = info.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    const email = info.getByRole('textbox', { name: 'E-mail' });
    await email.fill('not-an-email');
    await expect(update).toBeEnabled();
    await update.click();
    await expect(email).toHaveAccessibleDescription('Invalid email format.');
    await expect(email).toBeFocused();
    await email.fill('agencyadmin04@example.com');
    await expect(update).toBeDisabled();

    await info.getByRole('textbox', { name: 'Middle initial' }).fill('QX');
    await expect(info.getByRole('textbox', { name: 'Middle initial' })).toHaveValue('Q');
    await info.getByRole('textbox', { name: 'Mobile phone' }).fill('860.555.0199');
    await update.click();
    await expect(info.getByRole('status')).toHaveText('Data updated.');
    await expect(update).toBeDisabled();
    // The header's name follows, and the phone was stored as digits (A§5).
    await expect(page.getByRole('button', { name: 'User menu for Tom Q Brennan' })).toBeVisible();
    const token = await apiToken(request, USERNAME);
    const saved = await request.get('/user-api/user/currentuser', { headers: bearer(token) });
    expect(await saved.json()).toMatchObject({ middlename: 'Q', mobile: '8605550199' });
    await expectAccessible(page);

    // Change password: the live checklist, then a wrong current password, then the right one.
    const newPassword = password.getByRole('textbox', { name: 'New password', exact: true });
    await newPassword.fill('market');
    await expect(checklistItem(page, 'A lowercase letter')).toContainText(', met');
    await expect(checklistItem(page, 'An uppercase letter')).toContainText('not met');
    await expect(checklistItem(page, '8 to 30 characters')).toContainText('not met');
    await newPassword.fill(NEW_PASSWORD);
    await expect(checklistItem(page, 'A special character')).toContainText(', met');
    await expect(checklistItem(page, '8 to 30 characters')).toContainText(', met');
    await password.getByRole('textbox', { name: 'Confirm new password' }).fill(NEW_PASSWORD);
    await password.getByRole('textbox', { name: 'Current password' }).fill('Not#MyPassword1');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('alert')).toHaveText('The current password is incorrect.');

    await password.getByRole('textbox', { name: 'Current password' }).fill(DEMO_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('status')).toHaveText('Password updated.');
    await expect(password.getByRole('textbox', { name: 'Current password' })).toHaveValue('');

    // Security question: another question and answer.
    await question.getByRole('combobox', { name: 'Security question' }).click();
    await page.getByRole('option', { name: 'What was the make of your first car?' }).click();
    await question.getByRole('textbox', { name: 'Answer' }).fill('X');
    await question.getByRole('button', { name: 'Save security question' }).click();
    await expect(question.getByRole('textbox', { name: 'Answer' })).toHaveAccessibleDescription(
      /Answer must be 2 to 100 characters\./,
    );
    await question.getByRole('textbox', { name: 'Answer' }).fill('Rambler');
    await question.getByRole('button', { name: 'Save security question' }).click();
    await expect(question.getByRole('status')).toHaveText('Security Question updated.');
    await expectAccessible(page);

    // The saved question is the one shown next time.
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Security question' }).getByRole('combobox', { name: 'Security question' }),
    ).toHaveValue('What was the make of your first car?');

    // Signing in again: the old password no longer works, the new one does.
    await page.getByRole('button', { name: /User menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/logout$/);
    await signIn(page, USERNAME, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Invalid username and password combination.');
    await signIn(page, USERNAME, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/program$/);
  });

  test('the same page serves the admin and recipient portals', async ({ page }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(DEMO_USERS.sysadmin);
    await expect(page.getByRole('combobox', { name: 'Security question' })).toHaveValue(
      'What is the name of the town where you were born?',
    );
    await expectAccessible(page);

    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(DEMO_USERS.recipient);
    await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
    await expectAccessible(page);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the account page fits a phone', async ({ page }) => {
    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    await page.goto('/program/account');
    await expect(page.getByRole('region', { name: 'Change password' })).toBeVisible();
    await expectAccessible(page);
    const overflow = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
    expect(overflow).toBe(false);
  });
});
