import { randomUUID } from 'node:crypto';
import { ROLE } from '@ebt/core/enums';
import type { DbOrTx } from '../db/client.js';
import { benefits, merchantPrograms, merchants, transactionBenefits, transactions } from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { makeRecipient } from './factories.js';
import { buildWorld } from './world.js';

// Transaction rows for the transaction tests, written straight to the table (the authorisation side that writes
// them comes later). Defaults: an approved purchase of $12.50 at 2026-11-20 15:30 UTC.

let sequence = 0;

export async function makeTransaction(
  db: DbOrTx,
  values: Partial<typeof transactions.$inferInsert> &
    Pick<typeof transactions.$inferInsert, 'programId'> & { benefits?: { benefitId: number; amount: string }[] },
) {
  const { benefits = [], ...row } = values;
  const n = ++sequence;
  const [inserted] = await db
    .insert(transactions)
    .values({
      uuid: randomUUID(),
      trxDatetime: new Date('2026-11-20T15:30:00Z'),
      trxTypeId: 1,
      respCodeId: 1,
      reqAmt: '12.50',
      settleAmt: '12.50',
      settleDate: '2026-11-20',
      authNumber: String(100000 + n),
      traceNumber: String(400000000000 + n),
      mcc: '5411',
      terminalId: `TERM${n}`,
      panEntryMode: '051',
      posConditionCode: '00',
      aiCode: '60110000001',
      apiVersion: '2.1',
      startBalance: '50.00',
      endBalance: '37.50',
      ...row,
    })
    .returning();
  if (benefits.length > 0)
    await db
      .insert(transactionBenefits)
      .values(benefits.map((b) => ({ transactionId: inserted!.id, benefitId: b.benefitId, amount: b.amount })));
  return inserted!;
}

/**
 * Program A (agencies A1 and A2) and program B (agency B1); a signed-in user of each scope; recipient accounts in
 * A1, A2, at program level and in B1. The recipient user owns the A1 and the B1 accounts.
 */
export async function makeTransactionWorld(t: TestApp) {
  const { db } = t.database;
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' }, a2: { program: 'programA' }, b1: { program: 'programB' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      agencyUserA2: { roleId: ROLE.AGENCY_USER, agencies: ['a2'] },
      recipient: { roleId: ROLE.RECIPIENT },
      otherRecipient: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const { a1, a2, b1 } = world.agencies;
  const { users, tokens } = world;
  const person = { firstName: 'Margaret', lastName: 'Kowalski' };
  const accounts = {
    a1: await makeRecipient(db, { program: programA, agency: a1, user: users.recipient, ...person }),
    a2: await makeRecipient(db, { program: programA, agency: a2, user: users.otherRecipient }),
    programLevel: await makeRecipient(db, { program: programA, agency: null }),
    b1: await makeRecipient(db, { program: programB, agency: b1, user: users.recipient, ...person }),
  };
  return { programA, programB, a1, a2, b1, users, accounts, tokens };
}
export type TransactionWorld = Awaited<ReturnType<typeof makeTransactionWorld>>;

/** A merchant mapped to a program (the name and Merchant ID are all the transaction screens show). */
export async function makeShop(db: DbOrTx, program: { id: number }, name = `Farm Stand ${++sequence}`) {
  const [row] = await db
    .insert(merchants)
    .values({ uuid: randomUUID(), merchantIdentifier: `TX${sequence}-${randomUUID().slice(0, 6)}`, name })
    .returning();
  await db.insert(merchantPrograms).values({ merchantId: row!.id, programId: program.id, statusId: 0 });
  return row!;
}

/** An issued benefit written straight to the table. */
export async function makeIssuedBenefit(
  db: DbOrTx,
  values: { programId: number; accountId: number; agencyId: number | null; expirationDate: string },
) {
  const [row] = await db
    .insert(benefits)
    .values({
      ...values,
      authorizationNumber: `TB${++sequence}`,
      availableDate: '2026-11-01',
      amount: '50.00',
      balance: '50.00',
    })
    .returning();
  return row!;
}
