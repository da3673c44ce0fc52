import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { parsePayCode } from '@ebt/core/pans';
import { apiToken, bearer, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, signInAs } from './helpers';
import { signInInSpanish } from './spanish-helpers';
import { fakeCamera } from './sell-helpers';

// Pay codes (decision 0108): recipient01 opens Pay for the demo card at a phone's size, sees a QR code made and signed
// on the phone, reads it as text too, and a terminal pays with it and the PIN once (the second time it is refused);
// with the network cut the screen opens again and makes a fresh code, and so it does when the app was closed (no
// session) and opened again without signal. The QR is read back from a screenshot by an
// independent decoder (jsQR on the PNG, in Node), not from the page's own data.

test.use({ viewport: { width: 390, height: 844 } });

/** The demo terminal and the demo card's PIN (packages/server/src/seed/model.ts). */
const DEMO_TERMINAL = { id: 'DEM0TERM0001', secret: 'demo-terminal-secret-not-for-production' };
const DEMO_PIN = '4826';
/** The demo card's last four (9001000021000000013). */
const DEMO_CARD_LAST4 = '0013';
/** Where the screenshots of the screen go, to be looked at (SHOTS_DIR; none when unset). */
const SHOTS_DIR = process.env.SHOTS_DIR;

interface OwnCard {
  panId: number;
  last4: string;
  panStatusId: number;
}

async function demoCard(request: APIRequestContext): Promise<{ token: string; card: OwnCard }> {
  const token = await apiToken(request, DEMO_USERS.recipient);
  const answer = await request.get('/account-api/pans/currentuser', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  const cards = (await answer.json()) as OwnCard[];
  const card = cards.find((c) => c.last4 === DEMO_CARD_LAST4 && c.panStatusId === 0);
  expect(card, 'the demo card of recipient01, Active').toBeDefined();
  return { token, card: card! };
}

/** The code as the page shows it as text (opening the disclosure when it is closed). */
async function codeText(page: Page): Promise<string> {
  const show = page.getByRole('button', { name: /Show code as text|Mostrar el código como texto/ });
  if (await show.isVisible()) await show.click();
  const text = page.getByTestId('pay-code-text');
  await expect(text).toBeVisible();
  return ((await text.textContent()) ?? '').trim();
}

/** The QR code read from a screenshot of its canvas. */
async function decodedQr(page: Page): Promise<string> {
  const png = PNG.sync.read(await page.getByTestId('pay-qr').screenshot());
  const found = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  expect(found, 'a QR code in the screenshot').not.toBeNull();
  return found!.data;
}

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** The service worker controls the page (it registers a few seconds after the recipient home has loaded). */
async function workerInControl(page: Page) {
  await expect
    .poll(() => page.evaluate<string | undefined>('navigator.serviceWorker.ready.then((r) => r.active?.state)'), {
      timeout: 20_000,
    })
    .toBe('activated');
}

function purchase(request: APIRequestContext, payCode: string, trace: string) {
  return request.post('/transaction-api/pos/purchase', {
    headers: {
      authorization: `Basic ${Buffer.from(`${DEMO_TERMINAL.id}:${DEMO_TERMINAL.secret}`).toString('base64')}`,
    },
    data: {
      payCode,
      pin: DEMO_PIN,
      amount: 1.0,
      traceNumber: trace,
      terminalDateTime: new Date().toISOString().replace('Z', '+00:00'),
      posEntryMode: '031',
    },
  });
}

/**
 * Removes the phones this run registered on the card, so that runs never fill its five places. The farmer's sell spec
 * registers one of its own on the same card while it runs in the other worker ('Sell spec phone'): that one is its.
 */
async function removePhones(request: APIRequestContext, token: string, panId: number, keep: string[] = []) {
  const list = await request.get(`/account-api/pans/currentuser/${panId}/devices`, { headers: bearer(token) });
  for (const device of (await list.json()) as { deviceUuid: string; name: string }[])
    if (!keep.includes(device.deviceUuid) && device.name !== 'Sell spec phone')
      await request.delete(`/account-api/pans/currentuser/${panId}/devices/${device.deviceUuid}`, {
        headers: bearer(token),
      });
}

test.describe('pay codes', () => {
  test('a phone shows a signed pay code that pays once, and makes fresh ones offline', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token, card } = await demoCard(request);
    await removePhones(request, token, card.panId);
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await workerInControl(page);

    // From the cards page: 'Pay with this phone' for the demo card.
    await page.goto('/recipient/ebtcards');
    await page.getByRole('link', { name: `Pay with this phone: card ending in ${card.last4}` }).click();
    await expect(page).toHaveURL(new RegExp(`/recipient/pay/${card.panId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Pay with this phone' })).toBeVisible();
    const qr = page.getByRole('img', { name: `Pay code for card ending in ${card.last4}` });
    await expect(qr).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('pay-card')).toContainText(`Card ending in ${card.last4}`);
    await expect(page.getByTestId('pay-balance')).toBeVisible();
    await expect(page.getByTestId('pay-expires')).toHaveText(/Expires in [45]:\d\d/);
    const box = await qr.boundingBox();
    expect(box!.width, 'the QR code is big enough to scan').toBeGreaterThanOrEqual(280);

    const text = await codeText(page);
    expect(await decodedQr(page)).toBe(text);
    const parts = parsePayCode(text);
    expect(parts, text).not.toBeNull();
    expect(Math.abs(parts!.issuedAt - Date.now() / 1000)).toBeLessThan(120);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, 'pay-en-online');

    // 'New code', reached with the keyboard alone, makes another code of the same phone.
    await page.getByRole('heading', { level: 1 }).click();
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate<string>('document.activeElement?.textContent ?? ""')) === 'New code') break;
    }
    await expect(page.getByRole('button', { name: 'New code' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('pay-code-text')).not.toHaveText(text);
    const renewed = parsePayCode(await codeText(page))!;
    expect(renewed.deviceUuid).toBe(parts!.deviceUuid);
    expect(renewed.nonce).not.toBe(parts!.nonce);

    // The phone is listed under the card on the cards page.
    const devices = await request.get(`/account-api/pans/currentuser/${card.panId}/devices`, {
      headers: bearer(token),
    });
    expect(((await devices.json()) as { deviceUuid: string }[]).map((d) => d.deviceUuid)).toEqual([parts!.deviceUuid]);

    // No network: the page and its code come from the phone; a fresh code, the card as last read, not current.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pay with this phone' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('img', { name: `Pay code for card ending in ${card.last4}` })).toBeVisible();
    await expect(page.getByText('Not current').first()).toBeVisible();
    await expect(page.getByTestId('pay-read-at')).toContainText(/Read at \d{4}-\d{2}-\d{2}/);
    const offlineText = await codeText(page);
    const offline = parsePayCode(offlineText)!;
    expect(offline.deviceUuid).toBe(parts!.deviceUuid);
    expect(offline.nonce).not.toBe(parts!.nonce);
    expect(await decodedQr(page)).toBe(offlineText);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, 'pay-en-offline');
    await context.setOffline(false);

    // The terminal: the code and the PIN pay once; the same code a second time is refused (the engine's part).
    await page.reload();
    await expect(page.getByRole('img', { name: `Pay code for card ending in ${card.last4}` })).toBeVisible({
      timeout: 15_000,
    });
    const payText = await codeText(page);
    const run = Date.now().toString(36).slice(-6).toUpperCase();
    const first = await purchase(request, payText, `PAY${run}1`);
    expect(first.status(), await first.text()).toBe(200);
    expect(((await first.json()) as { responseCode: string }).responseCode).toBe('00');
    const again = await purchase(request, payText, `PAY${run}2`);
    const refused = (await again.json()) as { responseCode?: string };
    expect(again.status() !== 200 || refused.responseCode !== '00', await again.text()).toBe(true);
    // The phone sees its code spent and shows a new one.
    await expect(page.getByTestId('pay-code-text')).not.toHaveText(payText, { timeout: 15_000 });

    // Removed on the cards page, the phone's registration is gone.
    await page.goto('/recipient/ebtcards');
    const phones = page.getByRole('region', { name: `Phones that can pay with the card ending in ${card.last4}` });
    await expect(phones.getByRole('button', { name: /^Remove Phone/ })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'cards-en-phones');
    await phones.getByRole('button', { name: /^Remove Phone/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(phones.getByText('No phone can pay with this card yet.')).toBeVisible();
  });
});

test.describe('a phone that was closed without signing out', () => {
  test('opens with no signal and no session, and its pay code pays', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const { token, card } = await demoCard(request);
    await removePhones(request, token, card.panId);
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await workerInControl(page);
    await page.goto(`/recipient/pay/${card.panId}`);
    await expect(page.getByRole('img', { name: `Pay code for card ending in ${card.last4}` })).toBeVisible({
      timeout: 15_000,
    });
    const registered = parsePayCode(await codeText(page))!;

    // The app is closed (its tab, and with it the session, is gone) and opened again at a market without signal.
    await page.close();
    await context.setOffline(true);
    const reopened = await context.newPage();
    await reopened.goto('/recipient');
    await expect(reopened.getByText('You are offline. These balances are the last ones read')).toBeVisible({
      timeout: 20_000,
    });
    await expectAccessible(reopened);
    await shot(reopened, 'pay-en-reopened-home');
    await reopened.getByRole('link', { name: `Pay with this phone: card ending in ${card.last4}` }).click();
    await expect(reopened.getByRole('img', { name: `Pay code for card ending in ${card.last4}` })).toBeVisible({
      timeout: 15_000,
    });
    await expect(reopened.getByText('Not current').first()).toBeVisible();
    const offlineText = await codeText(reopened);
    const offline = parsePayCode(offlineText)!;
    expect(offline.deviceUuid).toBe(registered.deviceUuid);
    expect(await decodedQr(reopened)).toBe(offlineText);
    await expectNoSidewaysScroll(reopened);
    await expectAccessible(reopened);
    await shot(reopened, 'pay-en-reopened-offline');

    // The cashier's terminal has signal: the code made without a session pays once, with the PIN.
    await context.setOffline(false);
    const run = Date.now().toString(36).slice(-6).toUpperCase();
    const paid = await purchase(request, offlineText, `RPN${run}1`);
    expect(paid.status(), await paid.text()).toBe(200);
    expect(((await paid.json()) as { responseCode: string }).responseCode).toBe('00');

    // Signing out takes the kept cards with it: the Pay screen then needs a sign-in.
    await signInAs(reopened, DEMO_USERS.recipient, /\/recipient$/);
    await reopened.goto('/logout');
    await expect(reopened.getByRole('heading', { level: 1 })).toBeVisible();
    await reopened.goto(`/recipient/pay/${card.panId}`);
    await expect(reopened).toHaveURL(/\/login$/);
  });
});

test.describe("a farmer's phone scans the pay code the recipient's app shows", () => {
  test('and the sale goes through with the PIN handed over', async ({ page, browser, request }) => {
    test.setTimeout(150_000);
    const { token, card } = await demoCard(request);
    await removePhones(request, token, card.panId);
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto(`/recipient/pay/${card.panId}`);
    await expect(page.getByRole('img', { name: `Pay code for card ending in ${card.last4}` })).toBeVisible({
      timeout: 15_000,
    });
    const shown = await codeText(page);
    const picture = `data:image/png;base64,${(await page.getByTestId('pay-qr').screenshot()).toString('base64')}`;

    // The farmer's phone: its camera sees the recipient's screen (the QR as the recipient's phone drew it).
    const farmer = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const stall = await farmer.newPage();
    await fakeCamera(stall, picture, { x: 100, y: 20, size: 440 });
    await signInAs(stall, DEMO_USERS.farmer, /\/merchant$/);
    await stall.goto('/merchant/sell');
    await stall.getByRole('button', { name: 'Use this phone to sell' }).click();
    for (const digit of '25') await stall.getByRole('button', { name: `Digit ${digit}`, exact: true }).click();
    await stall.getByRole('button', { name: 'Next', exact: true }).click();
    const question = stall.getByRole('heading', { name: /fruit and vegetables/ });
    if (await question.isVisible().catch(() => false))
      await stall.getByRole('button', { name: 'Next', exact: true }).click();
    await stall.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(stall.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible({ timeout: 15_000 });
    for (const digit of DEMO_PIN) await stall.getByRole('button', { name: `Digit ${digit}`, exact: true }).click();
    await stall.getByRole('button', { name: 'OK' }).click();
    await expect(stall.getByRole('heading', { name: 'Approved' })).toBeVisible({ timeout: 15_000 });
    await expect(stall.getByRole('region', { name: /Receipt/ }).getByText('Pay code')).toBeVisible();
    await shot(stall, 'pay-scanned-by-farmer');

    // The recipient's phone sees its code spent and shows a fresh one; the same code again is refused.
    await expect(page.getByTestId('pay-code-text')).not.toHaveText(shown, { timeout: 15_000 });
    const again = await purchase(request, shown, `FRM${Date.now().toString(36).slice(-6).toUpperCase()}`);
    const refused = (await again.json()) as { responseCode?: string };
    expect(again.status() !== 200 || refused.responseCode !== '00', await again.text()).toBe(true);

    // The sale is voided (the demo card's balance is every spec's) and the farmer's phone removed, as the day ends.
    const kept = await stall.evaluate<{ merchantUuid: string; terminalId: string; secret: string }[]>(
      `Object.keys(localStorage).filter((k) => k.startsWith('marketlink.terminal.')).map((k) => JSON.parse(localStorage.getItem(k)))`,
    );
    const receiptLines = await stall
      .getByRole('region', { name: /Receipt/ })
      .locator('div')
      .allTextContents();
    const reference = receiptLines.map((l) => /^Reference\s*([0-9A-Z-]+)$/.exec(l.trim())?.[1]).find(Boolean);
    const now = new Date();
    const offset = -now.getTimezoneOffset();
    const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
    const local =
      `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:` +
      `${pad(now.getMinutes())}:${pad(now.getSeconds())}${offset >= 0 ? '+' : '-'}${pad(offset / 60)}:${pad(offset % 60)}`;
    const voided = await request.post('/transaction-api/pos/reversal', {
      headers: {
        Authorization: `Basic ${Buffer.from(`${kept[0]!.terminalId}:${kept[0]!.secret}`).toString('base64')}`,
      },
      data: { original: { traceNumber: reference, date: local.slice(0, 10) }, terminalDateTime: local },
    });
    expect(((await voided.json()) as { responseCode: string }).responseCode, 'the sale voided').toBe('00');
    const farmerToken = await apiToken(request, DEMO_USERS.farmer);
    for (const phone of kept)
      await request.delete(`/merchant-api/farmer/merchants/${phone.merchantUuid}/phones/${phone.terminalId}`, {
        headers: bearer(farmerToken),
      });
    await farmer.close();
  });
});

test.describe('the phones of a card, on the staff PANs page', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('staff see the phones of a PAN and remove one', async ({ page, request }) => {
    const { token, card } = await demoCard(request);
    await removePhones(request, token, card.panId);
    const publicKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64url');
    const registered = await request.post(`/account-api/pans/currentuser/${card.panId}/devices`, {
      headers: bearer(token),
      data: { publicKey, name: 'Market phone' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const programs = await request.get('/account-api/account/currentuser/programs', { headers: bearer(token) });
    const own = (await programs.json()) as { accountUuid: string; programId: number; programUuid: string }[];
    const cardsOf = await request.get('/account-api/pans/currentuser', { headers: bearer(token) });
    const ownCards = (await cardsOf.json()) as { panId: number; programUuid: string }[];
    const programUuid = ownCards.find((c) => c.panId === card.panId)!.programUuid;
    const account = own.find((p) => p.programUuid === programUuid)!;

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/pans/${account.accountUuid}/${account.programId}`);
    const section = page.getByRole('region', { name: 'Phones that pay' });
    const phones = section.getByRole('region', { name: `Phones of the PAN ending in ${card.last4}` });
    await expect(phones.getByText('Market phone')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'staff-pans-phones');
    await phones.getByRole('button', { name: 'Remove phone Market phone' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('The phone "Market phone" was removed.')).toBeVisible();
    await expect(phones.getByText('No phone can pay with this PAN.')).toBeVisible();
  });
});

test.describe('pay codes in Spanish', () => {
  test.use({ locale: 'es-US' });

  test('the Pay screen speaks Spanish, online and offline', async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const { token, card } = await demoCard(request);
    await removePhones(request, token, card.panId);
    await signInInSpanish(page);
    await workerInControl(page);
    await page.goto(`/recipient/pay/${card.panId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagar con este teléfono' })).toBeVisible();
    await expect(
      page.getByRole('img', { name: `Código de pago de la tarjeta que termina en ${card.last4}` }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('pay-expires')).toHaveText(/Vence en [45]:\d\d/);
    expect(parsePayCode(await codeText(page))).not.toBeNull();
    await expectAccessible(page);
    await shot(page, 'pay-es-online');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pagar con este teléfono' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('No está al día').first()).toBeVisible();
    expect(parsePayCode(await codeText(page))).not.toBeNull();
    await expectAccessible(page);
    await shot(page, 'pay-es-offline');
    await context.setOffline(false);
    await removePhones(request, token, card.panId);
  });
});
