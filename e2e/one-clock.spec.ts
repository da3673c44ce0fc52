import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { displayDate } from '@ebt/core/format';
import { localClock } from '@ebt/core/settlement';
import { apiToken, bearer, DEMO_USERS, signInAs } from './helpers';
import { signInInSpanish } from './spanish-helpers';

// One clock (docs/decisions/0115): the screens show every time on the wall clock of the program it belongs to, not the
// browser's or UTC. The browser here runs in Tokyo, 14 hours ahead of the demo programs' New York: on the browser's
// clock a sale after 10:00 in New York would move to the next day and an 18:00 cut-off to 08:00; on UTC's, five hours
// later. The demo's market sales are seeded in the daytime, so the spec picks one after 10:00.

test.use({ timezoneId: 'Asia/Tokyo' });

const ZONE = 'America/New_York';
const NOTE = 'Times are shown in Eastern Time (New York).';
const onProgramClock = (instant: string) => displayDate(instant, 'datetime', ZONE)!.text;

type Row = { trxUuid: string; trxDatetime: string; programUuid: string };

/** A purchase made after 10:00 New York time, when it is already tomorrow in Tokyo. */
async function eveningPurchase(request: APIRequestContext): Promise<Row> {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  for (let page = 0; page < 5; page++) {
    const res = await request.get('/transaction-api/transactions', {
      headers: bearer(token),
      params: { trxTypeId: '1', respCodeId: '1', page: String(page), pageSize: '200' },
    });
    expect(res.status(), await res.text()).toBe(200);
    const rows = ((await res.json()) as { data: Row[] }).data;
    const evening = rows.find((r) => localClock(new Date(r.trxDatetime), ZONE).minutes >= 10 * 60);
    if (evening) return evening;
  }
  throw new Error('The demo data has no purchase after 10:00 in its newest 1,000.');
}

async function expectNote(page: Page) {
  await expect(page.getByTestId('time-zone-note')).toHaveText(NOTE);
}

test('a transaction and its settlement batch show New York times to a browser in Tokyo', async ({ page, request }) => {
  const purchase = await eveningPurchase(request);
  const local = onProgramClock(purchase.trxDatetime);
  const tokyo = displayDate(purchase.trxDatetime, 'datetime', 'Asia/Tokyo')!.text;
  const utc = displayDate(purchase.trxDatetime, 'datetime', 'UTC')!.text;
  expect(local.slice(0, 10)).not.toBe(tokyo.slice(0, 10));

  await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
  await page.goto(`/program/transaction/${purchase.trxUuid}`);
  const facts = page.getByRole('region', { name: 'Transaction', exact: true });
  await expect(facts.getByText(local, { exact: true })).toBeVisible();
  await expect(page.getByText(tokyo)).toHaveCount(0);
  await expect(page.getByText(utc)).toHaveCount(0);
  await expectNote(page);

  // The batch list's newest batch (the demo closes one per program at its 18:00 cut-off).
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const batches = await request.get('/settlement-api/batches', { headers: bearer(token) });
  expect(batches.status()).toBe(200);
  const batch = ((await batches.json()) as { data: { batchUuid: string; cutoffAt: string; businessDay: string }[] })
    .data[0]!;
  expect(onProgramClock(batch.cutoffAt)).toBe(`${batch.businessDay} 18:00:00`);
  await page.goto(`/program/settlement/${batch.batchUuid}`);
  await expect(
    page.getByRole('region', { name: 'Batch', exact: true }).getByText(`${batch.businessDay} 18:00:00`),
  ).toBeVisible();
  await expectNote(page);
});

test("a recipient's notifications show their program's clock", async ({ page, request }) => {
  const token = await apiToken(request, DEMO_USERS.recipient);
  const res = await request.get('/account-api/notifications', { headers: bearer(token), params: { pageSize: '5' } });
  expect(res.status()).toBe(200);
  const first = ((await res.json()) as { data: { notifiedDate: string }[] }).data[0]!;
  await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
  await page.goto('/recipient/notifications');
  await expect(page.getByText(onProgramClock(first.notifiedDate)).first()).toBeVisible();
  await expectNote(page);
});

test.describe('in Spanish', () => {
  // The browser's language, not the switch: choosing one while signed in keeps it on the demo user, which the other
  // specs sign in as.
  test.use({ locale: 'es-US' });

  test("a recipient's notifications say which clock in Spanish, dates day first", async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.recipient);
    const res = await request.get('/account-api/notifications', { headers: bearer(token), params: { pageSize: '5' } });
    const first = ((await res.json()) as { data: { notifiedDate: string }[] }).data[0]!;
    await signInInSpanish(page);
    await page.goto('/recipient/notifications');
    await expect(page.getByTestId('time-zone-note')).toHaveText('Las horas se muestran en hora oriental (New York).');
    await expect(
      page.getByText(displayDate(first.notifiedDate, 'datetime', ZONE, 'es-US')!.text).first(),
    ).toBeVisible();
  });
});
