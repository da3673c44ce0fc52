import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, signInAs } from './helpers';
import { addMerchant, banner } from './merchant-helpers';

// A merchant's point-of-sale terminals on the merchant detail (decision 0042): issue one and see its
// secret once, revoke it after a confirmation. Each story works on a merchant it adds itself.

const terminals = (page: Page) => page.getByRole('region', { name: 'Terminals' });

test.describe('merchant terminals', () => {
  test('issues a terminal, shows its secret once, and revokes it', async ({ page, request }) => {
    const merchant = await addMerchant(request, DEMO_USERS.progadmin);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/merchant/${merchant.merchantUuid}`);
    const section = terminals(page);
    await expect(section.getByText('No terminals have been issued to this merchant.')).toBeVisible();

    // A name is needed: nothing is sent without one.
    await section.getByRole('button', { name: 'Issue terminal' }).click();
    await expect(section.getByText('Enter a name for the terminal.')).toBeVisible();

    await section.getByRole('textbox', { name: 'Terminal name' }).fill('Stall 3 tablet');
    await section.getByRole('button', { name: 'Issue terminal' }).click();
    const secretPanel = section.getByRole('status').filter({ hasText: 'issued' });
    await expect(secretPanel).toBeFocused();
    const secret = (await section.getByTestId('terminal-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const table = section.getByRole('table', { name: /^Terminals of / });
    await expect(table.getByRole('row').filter({ hasText: 'Stall 3 tablet' })).toContainText('Active');
    await expectAccessible(page);

    // The list, from the server, never shows the secret again.
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const listed = await request.get(`/merchant-api/merchant/${merchant.merchantUuid}/terminals`, {
      headers: bearer(token),
    });
    expect(await listed.text()).not.toContain(secret);
    await secretPanel.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(section.getByTestId('terminal-secret')).toHaveCount(0);

    await section.getByRole('button', { name: /^Revoke terminal .* \(Stall 3 tablet\)$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Revoke this terminal? It stops working at once and cannot be restored.');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(banner(page, 'Terminal revoked. It can no longer make transactions.')).toBeFocused();
    await expect(table.getByRole('row').filter({ hasText: 'Stall 3 tablet' })).toContainText('Revoked');
    await expect(section.getByRole('button', { name: /^Revoke terminal/ })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('fits a phone', async ({ page, request }) => {
    const merchant = await addMerchant(request, DEMO_USERS.progadmin);
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/merchant/${merchant.merchantUuid}`);
    const section = terminals(page);
    await section.getByRole('textbox', { name: 'Terminal name' }).fill('Saturday market card reader');
    await section.getByRole('button', { name: 'Issue terminal' }).click();
    await expect(section.getByTestId('terminal-secret')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await section.screenshot({ path: 'test-results/merchant-terminals-phone.png' });
  });

  test('is not offered to agency staff, who cannot update merchants', async ({ page, request }) => {
    const merchant = await addMerchant(request, DEMO_USERS.progadmin);
    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    await page.goto(`/program/merchant/${merchant.merchantUuid}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Merchant');
    await expect(terminals(page)).toHaveCount(0);
  });
});
