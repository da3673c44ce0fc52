import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, bearer, DEMO_USERS, expectAccessible, opened, signInAs } from './helpers';
import { addMerchant, banner, merchantCount } from './merchant-helpers';

// A merchant mapped to a second program (docs/decisions/0116): progadmin01 holds the demo's first two programs and adds
// a merchant of the first to the second from the merchant page; progadmin02, who holds only the second, then finds it
// in the merchant search and in the locator around its address (Hartford, CT 06103).

const HARTFORD = { latitude: '41.7637', longitude: '-72.6851', radius: '25' };

async function programsOf(request: APIRequestContext, username: string) {
  const token = await apiToken(request, username);
  const answer = await request.get('/account-api/account/programs', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { programId: number; programName: string }[];
}

async function inLocatorOf(request: APIRequestContext, username: string, merchantUuid: string): Promise<boolean> {
  const token = await apiToken(request, username);
  const answer = await request.get('/merchant-api/merchant/locator', { headers: bearer(token), params: HARTFORD });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { merchantUuid: string }[] | { data: { merchantUuid: string }[] };
  const items = Array.isArray(body) ? body : body.data;
  return items.some((m) => m.merchantUuid === merchantUuid);
}

test('a program admin of two programs adds a merchant to the second, which then finds it', async ({
  page,
  request,
}) => {
  // The program of progadmin01's two that progadmin02 does not hold.
  const [mine, theirs] = await Promise.all([
    programsOf(request, DEMO_USERS.progadmin),
    programsOf(request, 'progadmin02'),
  ]);
  const first = mine.find((p) => !theirs.some((t) => t.programId === p.programId))!;
  const merchant = await addMerchant(request, DEMO_USERS.progadmin, { name: 'Two Program Stand', program: first });
  const criteria = { merchantId: merchant.merchantIdentifier };
  expect(await merchantCount(request, 'progadmin02', criteria)).toBe(0);
  expect(await inLocatorOf(request, 'progadmin02', merchant.merchantUuid)).toBe(false);

  await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
  await page.goto(`/program/merchant/${merchant.merchantUuid}`);
  const programs = page.getByRole('table', { name: 'Programs of this merchant' });
  await expect(programs.getByRole('row')).toHaveCount(2);
  const add = page.getByRole('combobox', { name: 'Add to program', exact: true });
  await add.click();
  const second = page.getByRole('option').first();
  const secondName = (await second.textContent())!.trim();
  await second.click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = await opened(page.getByRole('dialog', { name: 'Add to program' }));
  await expect(dialog.getByText(`Add this merchant to ${secondName}?`)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(banner(page, 'Merchant added to the program.')).toBeVisible();
  await expect(programs.getByRole('row')).toHaveCount(3);
  await expect(programs.getByRole('row', { name: new RegExp(secondName) })).toContainText('Active');
  // Every program of the caller is mapped now: nothing left to add.
  await expect(page.getByRole('combobox', { name: 'Add to program', exact: true })).toHaveCount(0);

  expect(await merchantCount(request, 'progadmin02', criteria)).toBe(1);
  expect(await inLocatorOf(request, 'progadmin02', merchant.merchantUuid)).toBe(true);
});
