import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { payCodeSignedText, payCodeText } from '@ebt/core/pans';
import { POS_MESSAGES } from '@ebt/core/pos';
import { cardDevices, payCodeUses, transactions } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import {
  CARD_PIN,
  call,
  makeMerchant,
  makePosWorld,
  makeTerminal,
  pos,
  purchaseOf,
  transactionCount,
} from '../../testing/pos-world.js';

// Pay codes at the engine (docs/transaction-engine.md "Pay codes"): a code signed by a phone registered for the card
// names the card instead of its digits, once; a replayed, expired, altered or revoked one is declined and spends
// nothing. The phones' devices are made here as the registration would store them.

const t = useTestApp();
afterEach(() => t.clock.reset());

interface Device {
  id: number;
  uuid: string;
  privateKey: KeyObject;
}

async function registerDevice(panId: number): Promise<Device> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const spki = publicKey.export({ format: 'der', type: 'spki' }).toString('base64url');
  const [row] = await t.database.db
    .insert(cardDevices)
    .values({ panId, publicKey: spki, name: 'Test phone' })
    .returning({ id: cardDevices.id, uuid: cardDevices.uuid });
  return { ...row!, privateKey };
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

/** A code of the device, made `age` seconds ago on the test clock. */
function codeOf(device: Device, age = 10): string {
  const signed = payCodeSignedText(device.uuid, nowSeconds() - age, randomBytes(12).toString('base64url'));
  const signature = sign('sha256', Buffer.from(signed), { key: device.privateKey, dsaEncoding: 'ieee-p1363' });
  return payCodeText(signed, signature);
}

/** A purchase by pay code (entry mode 031, QR), with the card's PIN. */
function paidWith(payCode: string, amount: number, extra: Record<string, unknown> = {}) {
  const { pan: _pan, ...body } = purchaseOf('', amount, { posEntryMode: '031', ...extra });
  return { ...body, payCode };
}

async function rowOf(uuid: string) {
  const [row] = await t.database.db.select().from(transactions).where(eq(transactions.uuid, uuid));
  return row!;
}

describe('a purchase by pay code', () => {
  it('approves once, spends the code and notes the device; the code again is 94', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    const device = await registerDevice(w.card.panId);
    const code = codeOf(device);
    const answer = await call(t, w.terminal, 'purchase', paidWith(code, 4));
    expect(answer).toMatchObject({ responseCode: '00', approvedAmount: 4, balanceAfter: 16 });
    expect(await rowOf(answer.trxUuid!)).toMatchObject({ panId: w.card.panId, panEntryMode: '031' });
    const [use] = await t.database.db.select().from(payCodeUses).where(eq(payCodeUses.deviceId, device.id));
    expect(use).toMatchObject({ terminalCode: w.terminal.code, traceDay: '2026-11-23' });
    const [row] = await t.database.db.select().from(cardDevices).where(eq(cardDevices.id, device.id));
    expect(row!.lastUsedAt).not.toBeNull();

    // The same code in a new call, at this terminal or another.
    const replay = await call(t, w.terminal, 'purchase', paidWith(code, 4));
    expect(replay).toMatchObject({
      responseCode: '94',
      additionalResponseText: POS_MESSAGES.PAY_CODE_USED,
      approvedAmount: 0,
      balanceAfter: null,
    });
    const other = await makeTerminal(t.database.db, w.merchant.id);
    expect((await call(t, other, 'purchase', paidWith(code, 1))).responseCode).toBe('94');
    // A balance inquiry by the spent code, too.
    const { amount: _a, ...inquiry } = paidWith(code, 1);
    expect((await call(t, w.terminal, 'balance-inquiry', inquiry)).responseCode).toBe('94');
    // A new code of the phone is good.
    expect((await call(t, w.terminal, 'purchase', paidWith(codeOf(device), 1))).responseCode).toBe('00');
  });

  it('answers a copy of the same call (same trace number) its first answer, racing or not', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    const device = await registerDevice(w.card.panId);
    const body = paidWith(codeOf(device), 3);
    const first = await call(t, w.terminal, 'purchase', body);
    expect(first.responseCode).toBe('00');
    expect(await call(t, w.terminal, 'purchase', body)).toEqual(first);

    const racing = paidWith(codeOf(device), 2);
    const copies = await Promise.all(Array.from({ length: 5 }, () => call(t, w.terminal, 'purchase', racing)));
    expect(new Set(copies.map((c) => JSON.stringify(c))).size).toBe(1);
    expect(copies[0]).toMatchObject({ responseCode: '00', balanceAfter: 15 });
  });

  it('asks the PIN as a card number does', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    const device = await registerDevice(w.card.panId);
    const none = await call(t, w.terminal, 'purchase', paidWith(codeOf(device), 1, { pin: undefined }));
    expect(none).toMatchObject({ responseCode: '55', additionalResponseText: POS_MESSAGES.PIN_REQUIRED });
    const wrong = await call(t, w.terminal, 'purchase', paidWith(codeOf(device), 1, { pin: '8142' }));
    expect(wrong.responseCode).toBe('55');
    expect((await rowOf(wrong.trxUuid!)).panId).toBe(w.card.panId);
    expect((await call(t, w.terminal, 'purchase', paidWith(codeOf(device), 1, { pin: CARD_PIN }))).responseCode).toBe(
      '00',
    );
  });

  it('declines 14, without the card on the record, a code expired, from the future, altered, of a removed or unknown phone', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    const device = await registerDevice(w.card.panId);
    const declined = async (code: string, text: string) => {
      const answer = await call(t, w.terminal, 'purchase', paidWith(code, 1));
      expect(answer).toMatchObject({ responseCode: '14', additionalResponseText: text, balanceAfter: null });
      expect(await rowOf(answer.trxUuid!)).toMatchObject({ panId: null, accountId: null, respCodeId: 3 });
    };
    await declined(codeOf(device, 301), POS_MESSAGES.PAY_CODE_EXPIRED);
    await declined(codeOf(device, -121), POS_MESSAGES.PAY_CODE_EXPIRED);

    const code = codeOf(device);
    const parts = code.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    await declined([...parts.slice(0, 4), flip(parts[4]!)].join('.'), POS_MESSAGES.PAY_CODE_BAD_SIGNATURE);
    await declined([...parts.slice(0, 3), flip(parts[3]!), parts[4]].join('.'), POS_MESSAGES.PAY_CODE_BAD_SIGNATURE);
    const issued = String(Number(parts[2]) - 1);
    await declined([parts[0], parts[1], issued, parts[3], parts[4]].join('.'), POS_MESSAGES.PAY_CODE_BAD_SIGNATURE);
    // Signed by another phone of the same card.
    const other = await registerDevice(w.card.panId);
    const forged = codeOf(other).split('.');
    await declined(
      [parts[0], parts[1], forged[2], forged[3], forged[4]].join('.'),
      POS_MESSAGES.PAY_CODE_BAD_SIGNATURE,
    );
    // None of them spent the code: it still pays.
    expect((await call(t, w.terminal, 'purchase', paidWith(code, 1))).responseCode).toBe('00');

    const fresh = codeOf(device);
    await t.database.db.update(cardDevices).set({ revokedAt: t.clock.now() }).where(eq(cardDevices.id, device.id));
    await declined(fresh, POS_MESSAGES.PAY_CODE_REVOKED);
    await declined(
      codeOf({ ...device, uuid: '0b7f3f4e-2a8c-4a51-9d0e-6c1f2b3a4d5e' }),
      POS_MESSAGES.PAY_CODE_UNKNOWN_DEVICE,
    );
    expect(await t.database.db.select().from(payCodeUses).where(eq(payCodeUses.deviceId, device.id))).toHaveLength(1);
  });

  it('declines 58 a code of a card whose program the merchant is not mapped to', async () => {
    const w = await makePosWorld(t);
    await w.giveBenefit('20.00');
    const device = await registerDevice(w.card.panId);
    const elsewhere = await makeMerchant(t.database.db, { programs: [] });
    const terminal = await makeTerminal(t.database.db, elsewhere.id);
    const before = await transactionCount(w.db);
    const answer = await call(t, terminal, 'purchase', paidWith(codeOf(device), 1));
    expect(answer.responseCode).toBe('58');
    expect(await transactionCount(w.db)).toBe(before + 1);
  });
});

describe('the pay code field', () => {
  it('takes exactly one of pan and payCode, a code of the right form, and a four-digit PIN (else 400)', async () => {
    const w = await makePosWorld(t);
    const device = await registerDevice(w.card.panId);
    const code = codeOf(device);
    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await pos(t, w.terminal, 'purchase', body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(`"field":"${field}"`);
    };
    await refused({ ...paidWith(code, 1), pan: w.card.pan }, 'payCode');
    const { payCode: _p, ...neither } = paidWith(code, 1);
    await refused(neither, 'pan');
    await refused(paidWith(`${code}x`, 1), 'payCode');
    await refused(paidWith('EBTPAY1.nothing', 1), 'payCode');
    await refused(paidWith('x'.repeat(201), 1), 'payCode');
    await refused(paidWith(code, 1, { pin: '12345' }), 'pin');
    await refused(paidWith(code, 1, { pin: '12a4' }), 'pin');
    await refused({ ...purchaseOf(w.card.pan, 1), pin: 1234 }, 'pin');
    // A refund takes no PIN.
    const res = await pos(t, w.terminal, 'refund', {
      amount: 1,
      original: { trxUuid: '0b7f3f4e-2a8c-4a51-9d0e-6c1f2b3a4d5e' },
      pin: CARD_PIN,
      traceNumber: 'R-1',
      terminalDateTime: '2026-11-23T10:00:00-05:00',
    });
    expect(res.statusCode).toBe(400);
  });
});
