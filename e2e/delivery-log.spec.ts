import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, mainNavigation, signInAs, DEMO_USERS } from './helpers';

// The delivery log (decision 0112): a platform administrator opens it from the menu and finds the e-mail and the text a
// farmer's application codes just sent, each whole (no provider in the browser tests: the development outbox, runtime
// contract "Outgoing messages"); the filters narrow it, a filter nothing matches says so, a failed read shows the
// error, and the screen fits a phone.

const RUN = Date.now().toString(36).slice(-6);
const EMAIL = `delivery-log-${RUN}@example.org`;
/** A NANP mobile number unique to the run (555-01xx is reserved for fiction). */
const MOBILE = `860555${String(100 + (Date.now() % 100)).padStart(4, '0')}`;

test.describe('delivery log', () => {
  test.beforeAll(async ({ request }) => {
    // The public farmer application sends a code by e-mail and one by text: one message of each channel.
    const sent = await request.post('/merchant-api/farmer-application/confirmations', {
      data: { email: EMAIL, mobilePhone: MOBILE, language: 'en' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  });

  test('lists both channels, filters them and fits a phone', async ({ page }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await mainNavigation(page).getByRole('link', { name: 'Delivery Log' }).click();
    await expect(page).toHaveURL(/\/admin\/delivery-log$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Delivery Log' })).toBeVisible();
    await expect(page.getByText('No provider is configured: messages stay here and are shown whole')).toBeVisible();

    const table = page.getByRole('table', { name: 'Messages' });
    const mail = table.getByRole('row').filter({ hasText: EMAIL });
    await expect(mail).toHaveCount(1);
    await expect(mail).toContainText('E-mail');
    await expect(mail).toContainText('Queued');
    await expect(mail).toContainText('0 attempts');

    const option = async (label: string, name: string) => {
      await page.getByRole('combobox', { name: label, exact: true }).click();
      await page.getByRole('option', { name, exact: true }).click();
    };
    await option('Channel', 'Text (SMS)');
    await expect(page).toHaveURL(/channel=sms/);
    const text = table.getByRole('row').filter({ hasText: MOBILE });
    await expect(text).toHaveCount(1);
    await expect(text).toContainText('Text (SMS)');
    // Whole in development: the code is in the text.
    await expect(text).toContainText(/code is [A-Za-z0-9]+/);
    await expect(table.getByRole('row').filter({ hasText: EMAIL })).toHaveCount(0);
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText(MOBILE)).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('says when no message matches, and shows a failed read', async ({ page }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    // Without a provider nothing is ever sent: "Sent" matches nothing.
    await page.goto('/admin/delivery-log?status=sent');
    await expect(page.getByText('No messages match these filters.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Sent');
    await expectAccessible(page);

    await page.route('**/admin-api/outbox?**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 503, message: 'The service is briefly unavailable.', errorMessages: [] }),
      }),
    );
    await page.goto('/admin/delivery-log?channel=email');
    await expect(page.getByRole('alert')).toContainText('The service is briefly unavailable.');
  });
});
