import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiToken, bearer, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, signInAs } from './helpers';

// The farmer's portal (docs/farmer-app.md) as farmer01 at a desk and on a phone: today's figures, the sales list
// with a range, its CSV, a refund of part of a sale from a registered phone, the payouts with a statement PDF, and the
// business with its bank account masked.

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

for (const width of [1280, 390]) {
  test.describe(`farmer portal at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('home, sales with export, payouts with a statement, business', async ({ page }) => {
      await signInAs(page, DEMO_USERS.farmer, /\/merchant$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
      await expect(page.getByText('Sales today')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sell' }).first()).toBeVisible();
      await expectAccessible(page);
      if (width < 600) await expectNoSidewaysScroll(page);
      await shot(page, `home-${width}`);

      await page.goto('/merchant/sales');
      await page.getByRole('textbox', { name: 'From' }).fill(A_YEAR_AGO);
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page.getByRole('heading', { name: /Totals/ })).toBeVisible();
      await expectAccessible(page);
      if (width < 600) await expectNoSidewaysScroll(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const csv = (await readFile(await (await download).path())).toString('utf8').replace(/^\uFEFF/, '');
      const [header, first] = csv.trim().split(/\r?\n/);
      expect(header).toBe(
        'Date,Time,Program,Type,Amount,Approved Amount,Response Code,Response,Card,Terminal,Trace Number',
      );
      expect(first).toMatch(/^\d{4}-\d{2}-\d{2},\d{2}:\d{2}:\d{2},/);
      await shot(page, `sales-${width}`);

      await page.goto('/merchant/payouts');
      await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
      await expectAccessible(page);
      if (width < 600) await expectNoSidewaysScroll(page);
      const pdf = page.waitForEvent('download');
      await page
        .getByRole('button', { name: /Statement of payout/ })
        .first()
        .click();
      const bytes = await readFile(await (await pdf).path());
      expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
      await shot(page, `payouts-${width}`);

      await page.goto('/merchant/business');
      await expect(page.getByTestId('bank-account')).toHaveText(/^\*{4}\d{4}$/);
      await expectAccessible(page);
      if (width < 600) await expectNoSidewaysScroll(page);
      await shot(page, `business-${width}`);
    });
  });
}

/** The start of the longest range the sales search takes (366 days), so the demo's older sales show. */
const A_YEAR_AGO = new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10);
/** Sales up to a week ago are the demo history's: the sell specs' sales of today (which reverse them) stay out. */
const A_WEEK_AGO = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);

test('a refund of part of a sale from the list, from a registered phone', async ({ page, request }) => {
  await signInAs(page, DEMO_USERS.farmer, /\/merchant$/);
  const token = await apiToken(request, DEMO_USERS.farmer);
  const merchants = (await (
    await request.get('/merchant-api/farmer/merchants', { headers: bearer(token) })
  ).json()) as { merchantUuid: string }[];
  const merchantUuid = merchants[0]!.merchantUuid;
  const registered = await request.post(`/merchant-api/farmer/merchants/${merchantUuid}/phones`, {
    headers: bearer(token),
    data: { name: `E2E phone ${Date.now()}` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const phone = (await registered.json()) as { terminalId: string; secret: string; name: string };
  await page.evaluate(
    `window.localStorage.setItem(${JSON.stringify(`marketlink.terminal.${merchantUuid}`)}, ${JSON.stringify(
      JSON.stringify({ merchantUuid, ...phone }),
    )})`,
  );
  await page.goto('/merchant/sales');
  await page.getByRole('textbox', { name: 'From' }).fill(A_YEAR_AGO);
  await page.getByRole('textbox', { name: 'To' }).fill(A_WEEK_AGO);
  await page.getByRole('button', { name: 'Show' }).click();
  // The list of the range asked for, not the first range's list it replaces: a Refund button of that one may be gone
  // (with the dialog it opened) by the time it is clicked.
  await expect(page.getByRole('heading', { name: `Totals (${A_YEAR_AGO} – ${A_WEEK_AGO})` })).toBeVisible();
  // Another range typed but not shown yet, then the dialog of a sale outside it opened.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'From' }).fill(tomorrow);
  await page.getByRole('textbox', { name: 'To' }).fill(tomorrow);
  await page
    .getByRole('button', { name: /^Refund the sale of/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount to refund').fill('0.01');
  // The list changes under the open dialog (as when Show was pressed just before Refund): the sale's row goes, the
  // dialog stays, with what was typed in it.
  await page.getByRole('button', { name: 'Show' }).dispatchEvent('click');
  await expect(page.locator('#farmer-totals')).toHaveText(`Totals (${tomorrow})`);
  await expect(page.getByRole('button', { name: /^Refund the sale of/ })).toHaveCount(0);
  await expect(dialog.getByLabel('Amount to refund')).toHaveValue('$0.01');
  await dialog.getByRole('button', { name: /^Refund \$0\.01/ }).click();
  await expect(page.getByText(/^Approved: \$0\.01 went back to the card/)).toBeVisible();
  await expectAccessible(page);
});

test('a sale from the phone shows to the recipient at once, and the farmer voids it from the list', async ({
  browser,
  page,
  request,
}) => {
  await signInAs(page, DEMO_USERS.farmer, /\/merchant$/);
  const token = await apiToken(request, DEMO_USERS.farmer);
  const merchants = (await (
    await request.get('/merchant-api/farmer/merchants', { headers: bearer(token) })
  ).json()) as { merchantUuid: string; name: string }[];
  const merchantUuid = merchants[0]!.merchantUuid;
  const registered = await request.post(`/merchant-api/farmer/merchants/${merchantUuid}/phones`, {
    headers: bearer(token),
    data: { name: `E2E void phone ${Date.now()}` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const phone = (await registered.json()) as { terminalId: string; secret: string; name: string };
  await page.evaluate(
    `window.localStorage.setItem(${JSON.stringify(`marketlink.terminal.${merchantUuid}`)}, ${JSON.stringify(
      JSON.stringify({ merchantUuid, ...phone }),
    )})`,
  );

  // The sale as the sell screen sends it: the phone's own credential, the card and its PIN.
  const sold = await request.post('/transaction-api/pos/purchase', {
    headers: { authorization: `Basic ${Buffer.from(`${phone.terminalId}:${phone.secret}`).toString('base64')}` },
    data: {
      pan: '9001000021000000013',
      pin: '4826',
      amount: 0.75,
      traceNumber: `VD${Date.now().toString(36).toUpperCase()}`,
      terminalDateTime: new Date().toISOString().replace('Z', '+00:00'),
      posEntryMode: '010',
    },
  });
  expect(sold.status(), await sold.text()).toBe(200);
  const sale = (await sold.json()) as { trxUuid: string; responseCode: string };
  expect(sale.responseCode).toBe('00');

  // The recipient sees it at once, at this merchant.
  const recipient = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInAs(recipient, DEMO_USERS.recipient, /\/recipient$/);
  await recipient.goto(`/recipient/transaction/${sale.trxUuid}`);
  await expect(recipient.getByText('$0.75').first()).toBeVisible();
  await expect(recipient.getByText(merchants[0]!.name).first()).toBeVisible();
  await recipient.close();

  // The farmer voids it: the phone's last sale, within the window.
  await page.goto('/merchant/sales');
  await page.getByRole('button', { name: 'Void the sale of $0.75' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Void the sale of $0.75? The whole amount goes back to the card.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Void the sale' }).click();
  await expect(page.getByText(/^Approved: \$0\.75 went back to the card/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Void the sale of $0.75' })).toHaveCount(0);
  await request.delete(`/merchant-api/farmer/merchants/${merchantUuid}/phones/${phone.terminalId}`, {
    headers: bearer(token),
  });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-US' });
  test('home, sales and a payout statement speak Spanish', async ({ page }) => {
    await signInAs(page, DEMO_USERS.farmer, /\/merchant$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
    await expect(page.getByText('Ventas de hoy')).toBeVisible();
    // Dates day first, as every Spanish page writes them.
    const dayFirst = String.raw`\d{2}/\d{2}/\d{4}`;
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Hoy, ${dayFirst}$`) })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/merchant/sales');
    await expect(page.getByRole('heading', { level: 1, name: 'Ventas' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mostrar' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(`^Totales \\(${dayFirst}\\)$`) }),
    ).toBeVisible();
    await expectAccessible(page);

    // The statement is asked for in the page's language, and comes as a Spanish PDF (its catalog's /Lang).
    await page.goto('/merchant/payouts');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible();
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/statement.pdf'));
    const pdf = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /Estado de cuenta del pago/ })
      .first()
      .click();
    expect(new URL((await asked).url()).searchParams.get('lang')).toBe('es');
    const bytes = await readFile(await (await pdf).path());
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    expect(bytes.toString('latin1')).toContain('/Lang (es-US)');
  });
});
