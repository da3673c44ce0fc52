import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { apiToken, bearer, DEMO_PASSWORD, DEMO_USERS } from './helpers';

// Selling from a farmer's phone in a browser test (decision 0110): open Sell signed in, register the phone, key an
// amount, the card and the PIN; and undo it afterwards. A `SellRun` notes the phones it registered and the sales it
// made, so `cleanUp` reverses the sales (each from its own phone) and removes the phones through the farmer's own API:
// the shared demo card keeps its balance and reruns find the merchant as they left it.

const SESSION_KEY = 'marketlink.session';
/** recipient01's demo card and its PIN (packages/server/src/seed/model.ts). */
export const DEMO_CARD = '9001000021000000013';
export const DEMO_PIN = '4826';

/** The machine's local time with its offset, as the browser's terminalDateTime (both run on this machine). */
export function localDateTime(now = new Date()): string {
  const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
  const offset = -now.getTimezoneOffset();
  return (
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:` +
    `${pad(now.getMinutes())}:${pad(now.getSeconds())}${offset >= 0 ? '+' : '-'}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/** Keys an amount on the on-screen keypad, digit by digit (1, 0, 0 is $1.00). */
export async function keyAmount(page: Page, digits: string, digitLabel = 'Digit') {
  for (const d of digits) await page.getByRole('button', { name: `${digitLabel} ${d}`, exact: true }).click();
}

/** Past the fruit and vegetables question when the merchant's programs have incentives. */
export async function pastEligible(page: Page, next = 'Next') {
  await page.getByRole('button', { name: next, exact: true }).click();
  const question = page.getByRole('heading', { name: /fruit and vegetables|frutas y verduras/ });
  if (await question.isVisible().catch(() => false))
    await page.getByRole('button', { name: next, exact: true }).click();
}

export async function enterPin(page: Page, pin: string, digitLabel = 'Digit') {
  for (const d of pin) await page.getByRole('button', { name: `${digitLabel} ${d}`, exact: true }).click();
}

/** The demo card of recipient01 as its owner sees it. */
export async function demoCard(request: APIRequestContext) {
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
export async function resetDemoPin(request: APIRequestContext) {
  const { token, panId } = await demoCard(request);
  const res = await request.put(`/account-api/pans/currentuser/${panId}/pin`, {
    headers: bearer(token),
    data: { pin: DEMO_PIN, currentPassword: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

interface RegisteredPhone {
  merchantUuid: string;
  terminalId: string;
  secret: string;
}

export class SellRun {
  private readonly phones: RegisteredPhone[] = [];
  private readonly sales: { terminalId: string; traceNumber: string }[] = [];

  /** `farmer` signs in through the API and removes the phones at the end; `password` when not the demo one. */
  constructor(
    private readonly farmer: string = DEMO_USERS.farmer,
    private readonly password: string = DEMO_PASSWORD,
  ) {}

  /** Opens the sell screen signed in as the farmer (the token from the API, kept where the app keeps it). */
  async open(page: Page): Promise<string> {
    const token = await apiToken(page.request, this.farmer, this.password);
    await page.goto('/healthz');
    await page.evaluate(`window.sessionStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(token)})`);
    await page.goto('/merchant/sell');
    return token;
  }

  /** Taps 'Use this phone to sell' (its label in the page's language) and notes the credential the phone kept. */
  async registerPhone(page: Page, label = 'Use this phone to sell', digitLabel = 'Digit') {
    await page.getByRole('button', { name: label }).click();
    await expect(page.getByRole('button', { name: `${digitLabel} 1`, exact: true })).toBeVisible();
    const kept = await page.evaluate<RegisteredPhone[]>(
      `Object.keys(localStorage).filter((k) => k.startsWith('marketlink.terminal.')).map((k) => JSON.parse(localStorage.getItem(k)))`,
    );
    for (const { merchantUuid, terminalId, secret } of kept)
      if (!this.phones.some((p) => p.terminalId === terminalId)) this.phones.push({ merchantUuid, terminalId, secret });
  }

  /** Notes the approved sale on screen (its terminal and reference, from the receipt) to reverse it at the end. */
  async noteSale(page: Page) {
    const receipt = page.getByRole('region', { name: /Receipt|Recibo/ });
    const terminalId = (await receipt.getByText(/^[0-9A-HJKMNP-TV-Z]{12}$/).textContent())!.trim();
    const lines = await receipt.locator('div').allTextContents();
    const reference = lines.map((l) => /^(?:Reference|Referencia)\s*([0-9A-Z-]+)$/.exec(l.trim())?.[1]).find(Boolean);
    expect(reference, 'the sale’s reference on the receipt').toBeTruthy();
    this.sales.push({ terminalId, traceNumber: reference! });
  }

  /** Reverses the sales (each from its own phone) and removes the phones through the farmer's own API. */
  async cleanUp(request: APIRequestContext) {
    for (const sale of this.sales.splice(0)) {
      const phone = this.phones.find((p) => p.terminalId === sale.terminalId)!;
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
    if (this.phones.length === 0) return;
    const token = await apiToken(request, this.farmer, this.password);
    for (const phone of this.phones.splice(0))
      await request.delete(`/merchant-api/farmer/merchants/${phone.merchantUuid}/phones/${phone.terminalId}`, {
        headers: bearer(token),
      });
  }
}

/**
 * Gives the page a camera that sees `picture` (an image data URL: a QR code, or a screenshot of one) drawn square at
 * `box` on a white 640x480 frame, as a video stream. A string: the root tsconfig has no DOM types for a function body
 * run in the page.
 */
export async function fakeCamera(
  target: Page | BrowserContext,
  picture: string,
  box: { x: number; y: number; size: number },
): Promise<void> {
  await target.addInitScript({
    content: `(() => {
      const fake = async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 640;
        canvas.height = 480;
        const context = canvas.getContext('2d');
        const picture = new Image();
        picture.src = ${JSON.stringify(picture)};
        await picture.decode();
        const draw = () => {
          context.fillStyle = '#fff';
          context.fillRect(0, 0, 640, 480);
          context.drawImage(picture, ${box.x}, ${box.y}, ${box.size}, ${box.size});
        };
        draw();
        setInterval(draw, 100);
        return canvas.captureStream(10);
      };
      Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: fake }, configurable: true });
    })();`,
  });
}
