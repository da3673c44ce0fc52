import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { payCodeSignedText, payCodeText, toBase64Url } from '@ebt/core/pans';
import { apiToken, bearer, DEMO_PASSWORD, DEMO_USERS, expectAccessible, expectNoSidewaysScroll } from './helpers';
import { englishOn } from './spanish-helpers';

// The farmer's phone as the merchant's terminal (decision 0110): farmer01 on a phone opens Sell, registers the phone
// with one tap, and sells to recipient01's demo card: keyed number and the right PIN (approved, balance left), keyed
// with a wrong PIN (declined in plain words), and by scanning a pay code with the camera (a QR drawn into a fake camera
// stream). Offline, the screen says so and keeps the amount. Then in Spanish. Each run removes the phones it
// registered and the pay-code phone it added to the card, and sets the card's PIN again (which clears the day's wrong
// tries), so reruns and the other specs that use the demo card find it as they left it. Amounts are $1.00.
// Each test's browser starts with no credential kept, so each registers a phone.

test.use({ viewport: { width: 390, height: 844 } });

const SESSION_KEY = 'marketlink.session';
/** recipient01's demo card and its PIN (packages/server/src/seed/model.ts). */
const DEMO_CARD = '9001000021000000013';
const DEMO_PIN = '4826';
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** Opens the sell screen signed in as farmer01 (the token from the API, kept where the app keeps it). */
async function openSell(page: Page): Promise<string> {
  const token = await apiToken(page.request, DEMO_USERS.farmer);
  await page.goto('/healthz');
  await page.evaluate(`window.sessionStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(token)})`);
  await page.goto('/merchant/sell');
  return token;
}

/** The phones this spec registered (each test's browser starts with none kept), removed at the end. */
const registered: { merchantUuid: string; terminalId: string; secret: string }[] = [];
/** The sales this spec made, reversed at the end so the shared demo card keeps its balance. */
const sales: { terminalId: string; traceNumber: string }[] = [];

/** The machine's local time with its offset, as the browser's terminalDateTime (both run on this machine). */
function localDateTime(now = new Date()): string {
  const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
  const offset = -now.getTimezoneOffset();
  return (
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:` +
    `${pad(now.getMinutes())}:${pad(now.getSeconds())}${offset >= 0 ? '+' : '-'}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/** Notes the approved sale on screen (its terminal and reference, from the receipt) to reverse it at the end. */
async function noteSale(page: Page) {
  const receipt = page.getByRole('region', { name: /Receipt|Recibo/ });
  const terminalId = (await receipt.getByText(/^[0-9A-HJKMNP-TV-Z]{12}$/).textContent())!.trim();
  const lines = await receipt.locator('div').allTextContents();
  const reference = lines.map((l) => /^(?:Reference|Referencia)\s*([0-9A-Z-]+)$/.exec(l.trim())?.[1]).find(Boolean);
  expect(reference, 'the sale’s reference on the receipt').toBeTruthy();
  sales.push({ terminalId, traceNumber: reference! });
}

/** Reverses the sales this spec made, each from its own phone (a reversal is the same terminal's). */
async function reverseSales(request: APIRequestContext) {
  for (const sale of sales.splice(0)) {
    const phone = registered.find((p) => p.terminalId === sale.terminalId)!;
    const res = await request.post('/transaction-api/pos/reversal', {
      headers: { Authorization: `Basic ${Buffer.from(`${phone.terminalId}:${phone.secret}`).toString('base64')}` },
      data: {
        original: { traceNumber: sale.traceNumber, date: localDateTime().slice(0, 10) },
        terminalDateTime: localDateTime(),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    expect(((await res.json()) as { responseCode: string }).responseCode).toBe('00');
  }
}

/** Taps 'Use this phone to sell' (its label in the page's language) and notes the credential the phone kept. */
async function registerPhone(page: Page, label = 'Use this phone to sell', digitLabel = 'Digit') {
  await page.getByRole('button', { name: label }).click();
  await expect(page.getByRole('button', { name: `${digitLabel} 1`, exact: true })).toBeVisible();
  const kept = await page.evaluate<{ merchantUuid: string; terminalId: string; secret: string }[]>(
    `Object.keys(localStorage).filter((k) => k.startsWith('marketlink.terminal.')).map((k) => JSON.parse(localStorage.getItem(k)))`,
  );
  registered.push(...kept.map(({ merchantUuid, terminalId, secret }) => ({ merchantUuid, terminalId, secret })));
}

/** Removes the phones this spec registered, through farmer01's own API. */
async function removeRegisteredPhones(request: APIRequestContext) {
  await reverseSales(request);
  const token = await apiToken(request, DEMO_USERS.farmer);
  for (const phone of registered.splice(0))
    await request.delete(`/merchant-api/farmer/merchants/${phone.merchantUuid}/phones/${phone.terminalId}`, {
      headers: bearer(token),
    });
}

/** The demo card of recipient01 as its owner sees it. */
async function demoCard(request: APIRequestContext) {
  const token = await apiToken(request, DEMO_USERS.recipient);
  const cards = (await (await request.get('/account-api/pans/currentuser', { headers: bearer(token) })).json()) as {
    panId: number;
    last4: string;
    panStatusId: number;
  }[];
  const card = cards.find((c) => c.last4 === DEMO_CARD.slice(-4) && c.panStatusId === 0)!;
  return { token, panId: card.panId };
}

/** Sets the demo card's PIN again (the same digits): the day's wrong tries start again at none. */
async function resetDemoPin(request: APIRequestContext) {
  const { token, panId } = await demoCard(request);
  const res = await request.put(`/account-api/pans/currentuser/${panId}/pin`, {
    headers: bearer(token),
    data: { pin: DEMO_PIN, currentPassword: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Keys an amount on the on-screen keypad, digit by digit (1, 0, 0 is $1.00). */
async function keyAmount(page: Page, digits: string, digitLabel = 'Digit') {
  for (const d of digits) await page.getByRole('button', { name: `${digitLabel} ${d}`, exact: true }).click();
}

/** Past the fruit and vegetables question when the merchant's programs have incentives (all of it). */
async function pastEligible(page: Page, next = 'Next') {
  await page.getByRole('button', { name: next, exact: true }).click();
  const question = page.getByRole('heading', { name: /fruit and vegetables|frutas y verduras/ });
  if (await question.isVisible().catch(() => false))
    await page.getByRole('button', { name: next, exact: true }).click();
}

async function enterPin(page: Page, pin: string, digitLabel = 'Digit') {
  for (const d of pin) await page.getByRole('button', { name: `${digitLabel} ${d}`, exact: true }).click();
}

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
      // The phone's camera: a canvas that shows the QR code, as a video stream.
      // A string: the root tsconfig has no DOM types for a function body run in the page.
      await page.addInitScript({
        content: `(() => {
          const fake = async () => {
            const canvas = document.createElement('canvas');
            canvas.width = 640;
            canvas.height = 480;
            const context = canvas.getContext('2d');
            const picture = new Image();
            picture.src = ${JSON.stringify(qr)};
            await picture.decode();
            const draw = () => {
              context.fillStyle = '#fff';
              context.fillRect(0, 0, 640, 480);
              context.drawImage(picture, 80, 0, 480, 480);
            };
            draw();
            setInterval(draw, 100);
            return canvas.captureStream(10);
          };
          Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: fake }, configurable: true });
        })();`,
      });

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
