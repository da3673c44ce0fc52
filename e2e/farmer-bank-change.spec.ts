import { expect, test } from '@playwright/test';
import { apiToken, bearer, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, signInAs } from './helpers';

// A bank account change (docs/farmer-app.md "Changing your bank account"): farmer01 on a phone asks for new numbers,
// a bad routing number shows its field message, progadmin01 at a desk confirms the request on the merchant's page, and
// both see the new last four. The demo merchant's bank numbers are put back at the end.

const NEW_ROUTING = '011000015';
const NEW_ACCOUNT = '7755331199';

test('farmer01 asks for a new bank account and progadmin01 confirms it', async ({ browser, request }) => {
  // Two people, two browsers, axe on three states.
  test.setTimeout(120_000);
  const farmerToken = await apiToken(request, DEMO_USERS.farmer);
  const staffToken = await apiToken(request, DEMO_USERS.progadmin);
  const merchants = (await (
    await request.get('/merchant-api/farmer/merchants', { headers: bearer(farmerToken) })
  ).json()) as { merchantUuid: string }[];
  const merchantUuid = merchants[0]!.merchantUuid;
  // What to put back: the numbers in clear (an audited staff read) and the holder as the detail answers it.
  const reveal = (await (
    await request.get(`/merchant-api/merchant/${merchantUuid}/bank-info`, { headers: bearer(staffToken) })
  ).json()) as { bankAccountNumber: string; bankRoutingNumber: string };
  const detail = (await (
    await request.get(`/merchant-api/merchant/${merchantUuid}`, { headers: bearer(staffToken) })
  ).json()) as {
    bankAccountInfo: {
      bankName: string | null;
      bankAccountType: number;
      firstName: string;
      middleName: string | null;
      lastName: string;
    };
  };

  try {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await signInAs(page, DEMO_USERS.farmer, /\/merchant$/);
    await page.goto('/merchant/business');
    await page.getByRole('button', { name: 'Request a change' }).click();
    await expectAccessible(page);
    await page.getByLabel("Account holder's first name").fill('Rosa');
    await page.getByLabel("Account holder's last name").fill('Field');
    await page.getByLabel('Routing number').fill('011000016');
    await page.getByRole('textbox', { name: 'Account number', exact: true }).fill(NEW_ACCOUNT);
    await page.getByLabel('Account number again').fill(NEW_ACCOUNT);
    await page.getByLabel('Account number again').press('Enter');
    await expect(page.getByText('Enter a valid routing number: 9 digits with its check digit.')).toBeVisible();
    await page.getByLabel('Routing number').fill(NEW_ROUTING);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Change requested, waiting for staff')).toBeVisible();
    await expect(page.getByTestId('bank-change-request')).toContainText('****1199');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staffPage = await desk.newPage();
    await signInAs(staffPage, DEMO_USERS.progadmin, /\/program/);
    await staffPage.goto(`/program/merchant/${merchantUuid}`);
    const pending = staffPage.getByTestId('bank-change-pending');
    await expect(pending).toContainText('****1199');
    await pending.getByRole('button', { name: 'Confirm change' }).click();
    await staffPage.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await expect(staffPage.getByText('The new bank account was applied.')).toBeVisible();
    await expect(staffPage.getByTestId('bank-change-requests')).toContainText('Applied');
    await expectAccessible(staffPage);

    await page.reload();
    await expect(page.getByTestId('bank-account')).toHaveText('****1199');
    await expect(page.getByText('Change applied')).toBeVisible();
    await phone.close();
    await desk.close();
  } finally {
    const bank = detail.bankAccountInfo;
    const restored = await request.put('/merchant-api/bank-info', {
      headers: bearer(staffToken),
      data: {
        merchantUuid,
        bankName: bank.bankName,
        bankAccountNumber: reveal.bankAccountNumber,
        bankRoutingNumber: reveal.bankRoutingNumber,
        bankAccountType: bank.bankAccountType,
        firstName: bank.firstName,
        middleName: bank.middleName,
        lastName: bank.lastName,
      },
    });
    expect(restored.status()).toBe(200);
  }
});
