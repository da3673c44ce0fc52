import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_MESSAGES } from '@ebt/core/benefits';
import { ROLE } from '@ebt/core/enums';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { type BenefitWorld, makeBenefit, makeBenefitWorld } from '../../testing/benefits.js';

// The recipient portal's balances and program benefits (part 1 §7 "Recipient portal"; decision 0010). Today is
// 2026-11-23 in the programs' zone.

const t = useTestApp();
let w: BenefitWorld;

beforeAll(async () => {
  w = await makeBenefitWorld(t);
  const { db } = t.database;
  const a = { programId: w.programA.id, accountId: w.accounts.a1.id, agencyId: w.a1.id };
  // Spendable today in program A: 20.00 + 5.25 (its last day is today).
  await makeBenefit(db, {
    ...a,
    authorizationNumber: 'R-A-1',
    availableDate: '2026-11-01',
    expirationDate: '2027-01-31',
    amountCents: 2000,
  });
  await makeBenefit(db, {
    ...a,
    authorizationNumber: 'R-A-2',
    availableDate: '2026-11-23',
    expirationDate: '2026-11-23',
    amountCents: 525,
  });
  // Partly spent: its balance counts, not its amount.
  await makeBenefit(db, {
    ...a,
    authorizationNumber: 'R-A-3',
    availableDate: '2026-10-01',
    expirationDate: '2027-01-31',
    amountCents: 5000,
    balance: '12.50',
  });
  // Not yet available: upcoming.
  await makeBenefit(db, {
    ...a,
    authorizationNumber: 'R-A-4',
    availableDate: '2026-12-01',
    expirationDate: '2027-01-31',
    amountCents: 3000,
  });
  // Never counted: past its expiration (the expiry job has not run yet), voided, expired, expunged.
  await makeBenefit(db, {
    ...a,
    authorizationNumber: 'R-A-5',
    availableDate: '2026-10-01',
    expirationDate: '2026-11-22',
    amountCents: 900,
  });
  await makeBenefit(db, { ...a, authorizationNumber: 'R-A-6', amountCents: 900, statusId: 3 });
  await makeBenefit(db, { ...a, authorizationNumber: 'R-A-7', amountCents: 900, statusId: 1 });
  await makeBenefit(db, { ...a, authorizationNumber: 'R-A-8', amountCents: 900, statusId: 2 });
  // Program B: 7.00 spendable.
  await makeBenefit(db, {
    programId: w.programB.id,
    accountId: w.accounts.b1.id,
    agencyId: w.b1.id,
    authorizationNumber: 'R-B-1',
    amountCents: 700,
  });
  // Someone else's.
  await makeBenefit(db, {
    programId: w.programA.id,
    accountId: w.accounts.a2.id,
    agencyId: w.a2.id,
    authorizationNumber: 'R-O-1',
    amountCents: 99900,
  });
});

const get = (token: string | null, url: string) => t.injectAs(token, { method: 'GET', url });

describe('recipient balances', () => {
  it('GET /benefit-api/benefit/balances answers one card per program of the recipient', async () => {
    const res = await get(w.tokens.recipient, '/benefit-api/benefit/balances');
    expect(res.statusCode).toBe(200);
    const cards = res.json() as { programUuid: string }[];
    expect(cards).toHaveLength(2);
    expect(cards.find((c) => c.programUuid === w.programA.uuid)).toEqual({
      programUuid: w.programA.uuid,
      programName: w.programA.name,
      programId: w.programA.id,
      recipientIdentifier: w.accounts.a1.recipientIdentifier,
      totalAmount: 37.75,
      upcomingAmount: 30,
      // R-A-2 expires today: within the 14 days of 'expiring soon'.
      soonestExpirationDate: '2026-11-23',
      expiringSoon: true,
    });
    expect(cards.find((c) => c.programUuid === w.programB.uuid)).toMatchObject({
      totalAmount: 7,
      upcomingAmount: 0,
      soonestExpirationDate: '2027-03-31',
      expiringSoon: false,
    });
  });

  it('GET /benefit-api/benefit/balance sums every program', async () => {
    const res = await get(w.tokens.recipient, '/benefit-api/benefit/balance');
    expect(res.json()).toEqual({ totalAmount: 44.75, upcomingAmount: 30 });
    expect((await get(w.tokens.otherRecipient, '/benefit-api/benefit/balance')).json()).toEqual({
      totalAmount: 999,
      upcomingAmount: 0,
    });
  });

  it('GET /benefit-api/benefit/program/{uuid}/balance answers one card, 404 for a program without an account', async () => {
    const res = await get(w.tokens.recipient, `/benefit-api/benefit/program/${w.programB.uuid}/balance`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ programUuid: w.programB.uuid, totalAmount: 7 });
    const none = await get(w.tokens.otherRecipient, `/benefit-api/benefit/program/${w.programB.uuid}/balance`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(BENEFIT_MESSAGES.NOT_OWN_PROGRAM);
  });

  it("GET /benefit-api/benefit/program/{uuid} lists the recipient's own benefits of the program", async () => {
    const res = await get(w.tokens.recipient, `/benefit-api/benefit/program/${w.programA.uuid}`);
    expect(res.statusCode).toBe(200);
    const numbers = (res.json() as { data: { benefitAuthNumber: string }[] }).data.map((r) => r.benefitAuthNumber);
    expect(numbers.sort()).toEqual(['R-A-1', 'R-A-2', 'R-A-3', 'R-A-4', 'R-A-5', 'R-A-6', 'R-A-7', 'R-A-8']);
    expect((await get(w.tokens.otherRecipient, `/benefit-api/benefit/program/${w.programB.uuid}`)).statusCode).toBe(
      404,
    );
  });

  it('is for recipients only: staff get 403, no session 401', async () => {
    for (const url of [
      '/benefit-api/benefit/balances',
      '/benefit-api/benefit/balance',
      `/benefit-api/benefit/program/${w.programA.uuid}/balance`,
    ]) {
      expect((await get(w.tokens.programAdminA, url)).statusCode).toBe(403);
      expect((await get(null, url)).statusCode).toBe(401);
    }
  });

  it('answers zero for a recipient without benefits and an empty list for one without accounts', async () => {
    const lonely = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
    const token = await t.signIn(lonely.username);
    expect((await get(token, '/benefit-api/benefit/balances')).json()).toEqual([]);
    expect((await get(token, '/benefit-api/benefit/balance')).json()).toEqual({ totalAmount: 0, upcomingAmount: 0 });
  });
});
