import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { payCodeSignedText, payCodeText, toBase64Url } from '@ebt/core/pans';
import { bearer, expectAccessible, expectNoSidewaysScroll } from './helpers';
import {
  DEMO_CARD,
  DEMO_PIN,
  demoCard,
  enterPin,
  fakeCamera,
  keyAmount,
  pastEligible,
  resetDemoPin,
  SellRun,
} from './sell-helpers';
import { englishOn } from './spanish-helpers';

// The farmer's phone as the merchant's terminal (decision 0110): farmer01 on a phone opens Sell, registers the phone
// with one tap, and sells to recipient01's demo card: keyed number and the right PIN (approved, balance left), keyed
// with a wrong PIN (declined in plain words), and by scanning a pay code with the camera (a QR drawn into a fake camera
// stream). Offline, the screen says so and keeps the amount. Then in Spanish. Each run removes the phones it
// registered and the pay-code phone it added to the card, and sets the card's PIN again (which clears the day's wrong
// tries), so reruns and the other specs that use the demo card find it as they left it. Amounts are $1.00.
// Each test's browser starts with no credential kept, so each registers a phone.

test.use({ viewport: { width: 390, height: 844 } });

const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

const run = new SellRun();
const openSell = (page: Page) => run.open(page);
const registerPhone = (page: Page, label?: string, digitLabel?: string) => run.registerPhone(page, label, digitLabel);
const noteSale = (page: Page) => run.noteSale(page);
const removeRegisteredPhones = (request: APIRequestContext) => run.cleanUp(request);

test.describe('selling from the farmer’s phone', () => {
  test.afterAll(async ({ request }) => {
    await removeRegisteredPhones(request);
    await resetDemoPin(request);
  });

  test('registers the phone, sells by keyed card and PIN, and declines a wrong PIN in plain words', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openSell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sell' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Use this phone to sell' })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await shot(page, 'sell-register');
    await registerPhone(page);

    // The keypad: digits fill from the right; the keyboard types too.
    await keyAmount(page, '10');
    await page.keyboard.press('0');
    await expect(page.getByLabel('Amount of the sale')).toHaveText('$1.00');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await shot(page, 'sell-keypad');
    await pastEligible(page);

    await page.getByLabel('Card number (19 digits)').fill(DEMO_CARD);
    await page.getByRole('button', { name: 'Use this card number' }).click();

    // The PIN pad the customer holds: amount and merchant large, digits hidden, Cancel.
    await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
    await expect(page.getByText('$1.00').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await enterPin(page, DEMO_PIN.slice(0, 2));
    await expect(page.getByRole('status', { name: '2 of 4 digits entered' })).toBeVisible();
    await expect(page.getByText(DEMO_PIN.slice(0, 2))).toHaveCount(0);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await shot(page, 'sell-pin');
    await enterPin(page, DEMO_PIN.slice(2));
    await page.getByRole('button', { name: 'OK' }).click();

    await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('$1.00 was paid.')).toBeVisible();
    await noteSale(page);
    await expect(page.getByText(/Balance left: \$[\d,]+\.\d\d/)).toBeVisible();
    const receipt = page.getByRole('region', { name: /Receipt/ });
    await expect(receipt.getByText('•••• 0013')).toBeVisible();
    await expect(receipt.getByText('Approval number')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await shot(page, 'sell-approved');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await shot(page, 'sell-receipt-print');
    await page.emulateMedia({ media: 'screen' });

    // A wrong PIN: declined, in words.
    await page.getByRole('button', { name: 'New sale' }).click();
    await keyAmount(page, '100');
    await pastEligible(page);
    await page.getByLabel('Card number (19 digits)').fill(DEMO_CARD);
    await page.getByRole('button', { name: 'Use this card number' }).click();
    await enterPin(page, '1357');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { name: 'Not approved' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('decline-reason')).toHaveText('The PIN was wrong. The customer can try again.');
    await expectAccessible(page);
    await shot(page, 'sell-declined');

    // A balance check with the PIN, from the sell screen.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Check a card balance' }).click();
    await page.getByLabel('Card number (19 digits)').fill(DEMO_CARD);
    await page.getByRole('button', { name: 'Use this card number' }).click();
    await enterPin(page, DEMO_PIN);
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { name: 'Balance checked' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Balance: \$[\d,]+\.\d\d/)).toBeVisible();
  });

  test('sells by scanning the pay code on the customer’s phone', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { token, panId } = await demoCard(request);
    const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64url');
    const registered = await request.post(`/account-api/pans/currentuser/${panId}/devices`, {
      headers: bearer(token),
      data: { publicKey, name: 'Sell spec phone' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const { deviceUuid } = (await registered.json()) as { deviceUuid: string };
    try {
      const signed = payCodeSignedText(deviceUuid, Math.floor(Date.now() / 1000), toBase64Url(randomBytes(12)));
      const signature = sign('sha256', Buffer.from(signed, 'ascii'), {
        key: keys.privateKey,
        dsaEncoding: 'ieee-p1363',
      });
      const payCode = payCodeText(signed, new Uint8Array(signature));
      const qr = await QRCode.toDataURL(payCode, { margin: 4, width: 480 });
      // The phone's camera sees the QR code.
      await fakeCamera(page, qr, { x: 80, y: 0, size: 480 });

      await openSell(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Sell' })).toBeVisible();
      await registerPhone(page);
      await keyAmount(page, '100');
      await pastEligible(page);
      await page.getByRole('button', { name: 'Scan with the camera' }).click();
      await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible({ timeout: 15_000 });
      await enterPin(page, DEMO_PIN);
      await page.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('region', { name: /Receipt/ }).getByText('Pay code')).toBeVisible();
      await noteSale(page);
      await shot(page, 'sell-paycode-approved');
    } finally {
      await request.delete(`/account-api/pans/currentuser/${panId}/devices/${deviceUuid}`, { headers: bearer(token) });
    }
  });

  test('a phone removed meanwhile says so before a customer keys a PIN, and sets up again', async ({ page }) => {
    const token = await openSell(page);
    await registerPhone(page);
    const [phone] = await page.evaluate<{ merchantUuid: string; terminalId: string }[]>(
      `Object.keys(localStorage).filter((k) => k.startsWith('marketlink.terminal.')).map((k) => JSON.parse(localStorage.getItem(k)))`,
    );
    // Removed on "My business" from another device (the farmer's own API).
    const removed = await page.request.delete(
      `/merchant-api/farmer/merchants/${phone!.merchantUuid}/phones/${phone!.terminalId}`,
      { headers: bearer(token) },
    );
    expect(removed.status(), await removed.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'This phone was removed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Digit 1', exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await registerPhone(page, 'Set up this phone again');
  });

  test('without a connection the screen says so and keeps the amount', async ({ page, context }) => {
    await openSell(page);
    await registerPhone(page);
    await keyAmount(page, '250');
    await context.setOffline(true);
    await expect(page.getByText(/No internet connection/)).toBeVisible();
    await expect(page.getByLabel('Amount of the sale')).toHaveText('$2.50');
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
    await expectAccessible(page);
    await shot(page, 'sell-offline');
    await context.setOffline(false);
    await expect(page.getByText(/No internet connection/)).toBeHidden();
    await expect(page.getByLabel('Amount of the sale')).toHaveText('$2.50');
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
  });
});

test.describe('selling in Spanish', () => {
  test.use({ locale: 'es-US' });
  test.afterAll(async ({ request }) => removeRegisteredPhones(request));

  test('the sell flow speaks Spanish', async ({ page }) => {
    test.setTimeout(90_000);
    await openSell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Vender' })).toBeVisible();
    await registerPhone(page, 'Usar este teléfono para vender', 'Dígito');
    await keyAmount(page, '100', 'Dígito');
    await expect(page.getByLabel('Monto de la venta')).toContainText('1.00');
    expect(await englishOn(page)).toEqual([]);
    await expectAccessible(page);
    await shot(page, 'sell-es-keypad');
    await pastEligible(page, 'Siguiente');
    await page.getByLabel('Número de tarjeta (19 dígitos)').fill(DEMO_CARD);
    await page.getByRole('button', { name: 'Usar este número de tarjeta' }).click();
    await expect(page.getByRole('heading', { name: 'Escriba su PIN' })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await enterPin(page, DEMO_PIN, 'Dígito');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { name: 'Aprobada' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Saldo restante/).first()).toBeVisible();
    await noteSale(page);
    expect(await englishOn(page)).toEqual([]);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await shot(page, 'sell-es-approved');
  });
});
