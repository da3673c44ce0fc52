import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_MESSAGES } from '@ebt/core/transactions';
import { useTestApp } from '../../testing/app.js';
import {
  makeIssuedBenefit,
  makeShop,
  makeTransaction,
  makeTransactionWorld,
  type TransactionWorld,
} from '../../testing/transactions.js';

// GET /transaction-api/transactions/{id} (part 2 §7 "Transactions (detail)"; decision 0034).

const t = useTestApp();
let w: TransactionWorld;
let purchase: Awaited<ReturnType<typeof makeTransaction>>;
let reversal: Awaited<ReturnType<typeof makeTransaction>>;
let other: Awaited<ReturnType<typeof makeTransaction>>;
let benefitUuids: string[];
let merchant: Awaited<ReturnType<typeof makeShop>>;

beforeAll(async () => {
  w = await makeTransactionWorld(t);
  const { db } = t.database;
  merchant = await makeShop(db, w.programA, 'Hillside Farm Stand');
  const base = { programId: w.programA.id, accountId: w.accounts.a1.id, agencyId: w.a1.id };
  const b1 = await makeIssuedBenefit(db, { ...base, expirationDate: '2026-12-01' });
  const b2 = await makeIssuedBenefit(db, { ...base, expirationDate: '2027-03-31' });
  benefitUuids = [b1.uuid, b2.uuid];
  purchase = await makeTransaction(db, {
    ...base,
    merchantId: merchant.id,
    reqAmt: '30.00',
    settleAmt: '30.00',
    startBalance: '100.00',
    endBalance: '70.00',
    latitude: '41.763710',
    longitude: '-72.685097',
    locationAddress: '1 Main Street, Hartford, CT 06103',
    deliveryAddress: '5 Elm Street, Hartford, CT 06105',
    additionalResponseText: 'Partial approval not allowed',
    benefits: [
      { benefitId: b1.id, amount: '20.00' },
      { benefitId: b2.id, amount: '10.00' },
    ],
  });
  reversal = await makeTransaction(db, {
    ...base,
    merchantId: merchant.id,
    trxTypeId: 4,
    reqAmt: '30.00',
    trxDatetime: new Date('2026-11-20T15:32:00Z'),
    reversalOfId: purchase.id,
  });
  other = await makeTransaction(db, { programId: w.programA.id, accountId: w.accounts.a2.id, agencyId: w.a2.id });
});

const detail = (token: string, id: string) =>
  t.injectAs(token, { method: 'GET', url: `/transaction-api/transactions/${id}` });

describe('GET /transaction-api/transactions/{id}', () => {
  it('answers every field and block of the detail for staff', async () => {
    const res = await detail(w.tokens.programAdminA, purchase.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      trxUuid: purchase.uuid,
      trxDatetime: '2026-11-20T15:30:00.000Z',
      transactionId: purchase.id,
      programId: w.programA.id,
      traceNumber: purchase.traceNumber,
      apiVersion: '2.1',
      trxType: 'Purchase',
      reqAmt: 30,
      responseText: 'Approved',
      settleDate: '2026-11-20',
      settleAmt: 30,
      authNumber: purchase.authNumber,
      mcc: '5411',
      terminalId: purchase.terminalId,
      panEntryMode: '051',
      posConditionCode: '00',
      aiCode: '60110000001',
      recipient: {
        accountUuid: w.accounts.a1.uuid,
        recipientIdentifier: w.accounts.a1.recipientIdentifier,
        firstname: 'Margaret',
        lastname: 'Kowalski',
      },
      startBalance: 100,
      endBalance: 70,
      benefits: [
        { benefitUuid: benefitUuids[0], amount: 20 },
        { benefitUuid: benefitUuids[1], amount: 10 },
      ],
      reversalOf: null,
      reversedBy: { trxUuid: reversal.uuid, trxType: 'Purchase Reversal', reqAmt: 30 },
      merchant: {
        merchantUuid: merchant.uuid,
        merchantName: 'Hillside Farm Stand',
        merchantIdentifier: merchant.merchantIdentifier,
      },
      deliveryAddress: '5 Elm Street, Hartford, CT 06105',
      locationAddress: '1 Main Street, Hartford, CT 06103',
      latitude: 41.76371,
      longitude: -72.685097,
    });
    const back = await detail(w.tokens.agencyUserA1, reversal.uuid);
    expect(back.json()).toMatchObject({
      reversalOf: { trxUuid: purchase.uuid, trxType: 'Purchase', reqAmt: 30 },
      reversedBy: null,
      latitude: null,
      longitude: null,
    });
  });

  it('answers 404 outside the scope, as for a missing transaction', async () => {
    for (const [token, id] of [
      [w.tokens.agencyUserA2, purchase.uuid],
      [w.tokens.programAdminB, purchase.uuid],
      [w.tokens.recipient, other.uuid],
      [w.tokens.otherRecipient, purchase.uuid],
      [w.tokens.platformAdmin, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await detail(token, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TRANSACTION_MESSAGES.TRANSACTION_NOT_FOUND);
    }
    expect((await detail(w.tokens.agencyUserA2, other.uuid)).statusCode).toBe(200);
    expect((await detail(w.tokens.platformAdmin, 'not-a-uuid')).statusCode).toBe(400);
  });

  it("answers a recipient's own transaction with merchant and place but without the staff-only fields", async () => {
    const res = await detail(w.tokens.recipient, purchase.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      transactionId: null,
      terminalId: null,
      aiCode: null,
      merchant: { merchantName: 'Hillside Farm Stand', merchantIdentifier: null },
      locationAddress: '1 Main Street, Hartford, CT 06103',
      latitude: 41.76371,
    });
  });

  it('never answers a full card number: the card is its last four', async () => {
    const { db } = t.database;
    const { pans } = await import('../../db/schema/index.js');
    const [pan] = await db
      .insert(pans)
      .values({
        programId: w.programA.id,
        accountId: w.accounts.a1.id,
        panHash: 'h'.repeat(64),
        panEncrypted: 'sealed',
        panLast4: '4321',
      })
      .returning();
    const withCard = await makeTransaction(db, {
      programId: w.programA.id,
      accountId: w.accounts.a1.id,
      agencyId: w.a1.id,
      panId: pan!.id,
    });
    for (const token of [w.tokens.platformAdmin, w.tokens.recipient]) {
      const res = await detail(token, withCard.uuid);
      expect(res.json().pan).toBe('*4321');
      expect(res.body).not.toMatch(/\d{16,19}/);
    }
    const csv = await t.injectAs(w.tokens.platformAdmin, {
      method: 'GET',
      url: '/transaction-api/transactions/export',
    });
    expect(csv.body).toContain('*4321');
    expect(csv.body).not.toMatch(/\d{16,19}/);
  });
});
