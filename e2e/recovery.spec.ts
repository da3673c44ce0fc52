import { expect, test, type Page } from '@playwright/test';
import {
  addRecipientAndSendActivation,
  checklistItem,
  DEMO_SECURITY_ANSWER,
  DEMO_SECURITY_QUESTION,
  expectAccessible,
  lastOutboxId,
  linkPathIn,
  sendActivationLink,
  signIn,
  waitForCode,
  waitForMessage,
} from './helpers';

// Activation, password reset and the forgot password / forgot username flows (A§2, A§4, A§5, A§8), each told as one
// person's story against the built server, with the outbox as their mailbox. Each test has a user of its own, so
// changing a password here breaks no other spec. The server limits recovery look-ups per address (10 per 15 minutes,
// core LOOKUP_LIMIT_PER_ADDRESS): this file makes 7.

const ACTIVATION_SUCCESS =
  'Activation successful. You can now proceed to the online portal or login via the MyMarketLink app.';

/** The text under which a step's code went out: 'A verification code was sent to j***@example.com.' */
async function codeSentTo(page: Page): Promise<string> {
  const banner = page.getByRole('status').filter({ hasText: 'A verification code was sent to' });
  await expect(banner).toBeVisible();
  return (await banner.textContent()) ?? '';
}

test.describe('account activation', () => {
  test('a recipient added by staff activates the e-mailed link and signs in to the recipient portal', async ({
    page,
    request,
  }) => {
    // Staff add the person (a new, Pending portal user) and send the activation e-mail, as the detail page does.
    const { message } = await addRecipientAndSendActivation(request, {
      firstname: 'Nadia',
      lastname: 'Okafor',
      address1: '12 Elm Street',
      city: 'Hartford',
      zipcode: '06103',
      mobilePhone: '8605550199',
      emailPrefix: 'new.recipient',
    });

    // The person opens the link, sets a password, question and code preference, and signs in.
    await page.goto(linkPathIn(message.body, 'validate'));
    await expect(page.getByRole('heading', { level: 1, name: 'Account activation' })).toBeVisible();
    const username = await page.getByRole('textbox', { name: 'Username' }).inputValue();
    expect(username).not.toBe('');
    const newPassword = 'Market#Day2026';
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(newPassword);
    await page.getByRole('combobox', { name: 'Security question' }).click();
    await page.getByRole('option', { name: 'What was the name of your first pet?' }).click();
    await page.getByRole('textbox', { name: 'Answer' }).fill('Biscuit');
    await page.getByRole('radio', { name: 'E-mail' }).check();
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(page.getByRole('status')).toHaveText(ACTIVATION_SUCCESS);

    await signIn(page, username, newPassword);
    await expect(page).toHaveURL(/\/recipient$/);
  });

  test('a user activates the account from the e-mailed link and signs in', async ({ page, request }) => {
    const username = 'agencyuser05';
    const newPassword = 'Orchard#Lane42';
    const first = await sendActivationLink(request, username);

    await page.goto(first.path);
    await expect(page.getByRole('heading', { level: 1, name: 'Account activation' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(username);
    await expectAccessible(page);

    // The live checklist (A§5) marks each rule met or not met as the password is typed.
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('orchard');
    await expect(checklistItem(page, 'A lowercase letter')).toContainText(', met');
    await expect(checklistItem(page, 'An uppercase letter')).toContainText('not met');
    await expect(checklistItem(page, 'A number')).toContainText('not met');
    await expect(checklistItem(page, 'A special character')).toContainText('not met');
    await expect(checklistItem(page, '8 to 30 characters')).toContainText('not met');
    await password.fill(newPassword);
    for (const item of [
      'A lowercase letter',
      'An uppercase letter',
      'A number',
      'A special character',
      '8 to 30 characters',
    ]) {
      await expect(checklistItem(page, item)).not.toContainText('not met');
    }

    await page.getByRole('combobox', { name: 'Security question' }).click();
    await page.getByRole('option', { name: 'What was the name of your first pet?' }).click();
    await page.getByRole('textbox', { name: 'Answer' }).fill('Biscuit');
    await page.getByRole('radio', { name: 'E-mail' }).check();

    // A confirmation that does not match is refused next to its input, which takes focus.
    const confirm = page.getByRole('textbox', { name: 'Confirm password' });
    await confirm.fill('Orchard#Lane43');
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(confirm).toHaveAccessibleDescription('The passwords do not match.');
    await expect(confirm).toBeFocused();
    await expectAccessible(page);
    await confirm.fill(newPassword);

    // Meanwhile a newer link is sent: it ends this one, so the submit is refused (A§8: 404 on submit).
    const second = await sendActivationLink(request, username);
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(page.getByRole('alert')).toHaveText('The activation link is invalid.');

    // The newer link works.
    await page.goto(second.path);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(newPassword);
    await page.getByRole('combobox', { name: 'Security question' }).click();
    await page.getByRole('option', { name: 'What was the name of your first pet?' }).click();
    await page.getByRole('textbox', { name: 'Answer' }).fill('Biscuit');
    await page.getByRole('radio', { name: 'Text message (SMS)' }).check();
    await page.getByRole('button', { name: 'Activate account' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Your account is active' })).toBeFocused();
    await expect(page.getByRole('status')).toHaveText(ACTIVATION_SUCCESS);
    await expectAccessible(page);

    // The Login link fills in the username; the new password signs in.
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?username=${username}$`));
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/program$/);

    // A link works once.
    await page.goto(second.path);
    await expect(page.getByRole('alert')).toHaveText('The activation link is no longer valid.');
  });

  test('an unknown or missing link is refused on load', async ({ page }) => {
    await page.goto('/validate?hash=not-a-real-link');
    await expect(page.getByRole('alert')).toHaveText('The activation link is no longer valid.');
    await expectAccessible(page);
    await page.goto('/resetpass?hash=not-a-real-link');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('The reset link is no longer valid.');
    await expectAccessible(page);
  });
});

test.describe('forgot password', () => {
  test('a user answers the question, enters the code, resets the password and signs in', async ({ page, request }) => {
    const username = 'agencyuser06';
    const email = 'agencyuser06@example.com';
    const newPassword = 'Harvest#Moon2027';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgotpass$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 1 of 4: Enter your username');
    await expectAccessible(page);

    // Step 1: letters and digits only (A§5).
    const usernameInput = page.getByRole('textbox', { name: 'Username' });
    await usernameInput.fill('agency.user');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(usernameInput).toHaveAttribute('aria-invalid', 'true');
    await usernameInput.fill(username);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: the user's question; focus moves to the step's heading.
    const answerHeading = page.getByRole('heading', { level: 2, name: /Answer your security question/ });
    await expect(answerHeading).toBeFocused();
    await expect(page.getByText(DEMO_SECURITY_QUESTION)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: DEMO_SECURITY_QUESTION }).fill('Springfield');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Security Question answer is invalid.');

    const beforeCode = await lastOutboxId(request);
    await page.getByRole('textbox', { name: DEMO_SECURITY_QUESTION }).fill(DEMO_SECURITY_ANSWER);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3: the code from the outbox; a wrong one first.
    await expect(page.getByRole('heading', { level: 2, name: /Enter the verification code/ })).toBeFocused();
    const sentTo = await codeSentTo(page);
    const code = await waitForCode(request, email, sentTo, beforeCode);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Verification code' }).fill('WRONG1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('The code entered is invalid or has expired.');

    const beforeLink = await lastOutboxId(request);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 4: a reset e-mail is on its way.
    await expect(page.getByRole('heading', { level: 2, name: /Check your e-mail/ })).toBeFocused();
    await expect(page.getByRole('status')).toHaveText('A password reset email will be sent to you.');
    await expectAccessible(page);

    const mail = await waitForMessage(request, (m) => m.to === email && /reset/i.test(m.subject), beforeLink);
    const resetPath = linkPathIn(mail.body, 'resetpass');
    await page.goto(resetPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(username);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();

    // A§4: after a reset the user is taken to /logout.
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByText('You have been signed out.')).toBeVisible();

    await signIn(page, username, newPassword);
    await expect(page).toHaveURL(/\/program$/);

    // The reset link worked once.
    await page.goto(resetPath);
    await expect(page.getByRole('alert')).toHaveText('The reset link is no longer valid.');
  });

  test('more than three unknown usernames lock the form', async ({ page }) => {
    await page.goto('/forgotpass');
    const usernameInput = page.getByRole('textbox', { name: 'Username' });
    const continueButton = page.getByRole('button', { name: 'Continue' });
    for (const name of ['nosuchuser1', 'nosuchuser2', 'nosuchuser3']) {
      await usernameInput.fill(name);
      await continueButton.click();
      await expect(page.getByRole('alert')).toHaveText('The username was not found.');
    }
    await usernameInput.fill('nosuchuser4');
    await continueButton.click();
    await expect(page.getByRole('alert')).toHaveText('Forgot Password locked due to too many failed reset attempts.');
    await expect(usernameInput).toBeDisabled();
    await expect(continueButton).toBeDisabled();
    await expectAccessible(page);

    // Reloading the page in the same tab does not lift the lock.
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Forgot Password locked due to too many failed reset attempts.');
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeDisabled();
  });
});

test.describe('forgot username', () => {
  test('a user recovers the username by e-mail, answer and code', async ({ page, request }) => {
    const email = 'agencyuser03@example.com';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot username?' }).click();
    await expect(page).toHaveURL(/\/forgotusername$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot username' })).toBeVisible();
    await expectAccessible(page);

    const emailInput = page.getByRole('textbox', { name: 'E-mail address' });
    await emailInput.fill('not-an-email');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(emailInput).toHaveAccessibleDescription('Invalid email format.');

    await emailInput.fill('nobody.here@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email address was not found.');

    await emailInput.fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Answer your security question/ })).toBeFocused();
    const beforeCode = await lastOutboxId(request);
    await page.getByRole('textbox', { name: DEMO_SECURITY_QUESTION }).fill(`  ${DEMO_SECURITY_ANSWER.toUpperCase()} `);
    await page.getByRole('button', { name: 'Continue' }).click();

    const sentTo = await codeSentTo(page);
    const code = await waitForCode(request, email, sentTo, beforeCode);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 2, name: /Your username/ })).toBeFocused();
    await expect(page.getByTestId('recovered-username')).toHaveText('agencyuser03');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Sign in as agencyuser03' }).click();
    await expect(page).toHaveURL(/\/login\?username=agencyuser03$/);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('agencyuser03');
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the recovery pages fit and stay accessible', async ({ page }) => {
    for (const path of ['/forgotpass', '/forgotusername']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
      await expectAccessible(page);
      const overflow = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
      expect(overflow, `${path} scrolls sideways`).toBe(false);
    }
  });
});
