import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ROLE } from '@ebt/core/enums';
import type { DbOrTx } from '../db/client.js';
import { TRANSACTION_TYPE as T } from '../db/reference-data.js';
import {
  benefits,
  fundingSources,
  merchantPrograms,
  merchants,
  transactionBenefits,
  transactions,
} from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { makeRecipient } from './factories.js';
import { buildWorld } from './world.js';
import { recordTransactionTotals } from '../modules/dashboard/index.js';
import { foldAllIssuanceJournal } from '../platform/issuance-totals.js';

// A small fixed data set for the dashboard tests (today is 2026-11-23 on the test clock; the programs run on
// America/New_York). Benefits and transactions are written straight to the tables, as the authorisation side and
// bulk loads do; transactions are then added with recordTransactionTotals, as the engine does.

let sequence = 0;

async function fundingSource(db: DbOrTx, programId: number, name: string) {
  const [row] = await db.insert(fundingSources).values({ programId, name }).returning();
  return row!;
}

async function shop(db: DbOrTx, programIds: number[], name: string) {
  const [row] = await db
    .insert(merchants)
    .values({ uuid: randomUUID(), merchantIdentifier: `DASH${++sequence}`, name })
    .returning();
  for (const programId of programIds) await db.insert(merchantPrograms).values({ merchantId: row!.id, programId });
  return row!;
}

export async function makeDashboardWorld(t: TestApp) {
  const { db } = t.database;
  const world = await buildWorld(t, {
    programs: { programA: { fundingAmount: '1000.00' }, programB: { fundingAmount: '500.00' }, empty: {} },
    agencies: {
      a1: { program: 'programA', fundingAmount: '400.00' },
      a2: { program: 'programA', fundingAmount: '300.00' },
      b1: { program: 'programB' },
    },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      agencyAdminA2: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a2'] },
    },
  });
  const { programA, programB } = world.programs;
  const { a1, a2, b1 } = world.agencies;
  const fund = {
    snap: await fundingSource(db, programA.id, 'SNAP Match'),
    city: await fundingSource(db, programA.id, 'City Grant'),
    state: await fundingSource(db, programB.id, 'State Fund'),
  };
  const account = {
    a1: await makeRecipient(db, { program: programA, agency: a1 }),
    a1b: await makeRecipient(db, { program: programA, agency: a1 }),
    a2: await makeRecipient(db, { program: programA, agency: a2 }),
    programLevel: await makeRecipient(db, { program: programA, agency: null }),
    b1: await makeRecipient(db, { program: programB, agency: b1 }),
  };
  const shops = {
    market: await shop(db, [programA.id, programB.id], 'Market Square'),
    farm: await shop(db, [programA.id], 'Farm Stand'),
    idle: await shop(db, [programA.id], 'Idle Grocer'),
  };

  const benefit = async (
    acct: { id: number; programId: number; agencyId: number | null },
    fundingSourceId: number,
    availableDate: string,
    amount: string,
  ) => {
    const [row] = await db
      .insert(benefits)
      .values({
        programId: acct.programId,
        accountId: acct.id,
        agencyId: acct.agencyId,
        fundingSourceId,
        authorizationNumber: `DB${++sequence}`,
        availableDate,
        expirationDate: '2027-06-30',
        amount,
        balance: amount,
      })
      .returning();
    return row!;
  };
  const b = {
    a1Nov: await benefit(account.a1, fund.snap.id, '2026-11-05', '100.00'),
    a2Oct: await benefit(account.a2, fund.city.id, '2026-10-28', '60.00'),
    a1Mar: await benefit(account.a1b, fund.city.id, '2026-03-10', '40.00'),
    lastYear: await benefit(account.programLevel, fund.snap.id, '2025-12-01', '30.00'),
    voided: await benefit(account.a1, fund.snap.id, '2026-11-10', '20.00'),
    future: await benefit(account.a1, fund.snap.id, '2026-12-05', '10.00'),
    b1: await benefit(account.b1, fund.state.id, '2026-11-02', '70.00'),
  };
  // A void and an amount change after issue: the issuance roll-up follows both.
  await db
    .update(benefits)
    .set({ statusId: 3 })
    .where(sql`${benefits.id} = ${b.voided.id}`);
  await db
    .update(benefits)
    .set({ amount: '65.00' })
    .where(sql`${benefits.id} = ${b.a2Oct.id}`);

  const ids: number[] = [];
  const trx = async (
    acct: { id: number; programId: number; agencyId: number | null },
    at: string,
    typeId: number,
    draws: [{ id: number }, string][],
    extra: { merchantId?: number; respCodeId?: number; reversalOfId?: number } = {},
  ) => {
    const total = draws.reduce((s, [, a]) => s + Number(a), 0).toFixed(2);
    const [row] = await db
      .insert(transactions)
      .values({
        uuid: randomUUID(),
        trxDatetime: new Date(at),
        programId: acct.programId,
        agencyId: acct.agencyId,
        accountId: acct.id,
        trxTypeId: typeId,
        respCodeId: extra.respCodeId ?? 1,
        reqAmt: total,
        settleAmt: total,
        merchantId: extra.merchantId ?? shops.market.id,
        reversalOfId: extra.reversalOfId ?? null,
      })
      .returning();
    if (draws.length > 0)
      await db
        .insert(transactionBenefits)
        .values(draws.map(([ben, amount]) => ({ transactionId: row!.id, benefitId: ben.id, amount })));
    ids.push(row!.id);
    return row!;
  };
  const market = { merchantId: shops.market.id };
  const farm = { merchantId: shops.farm.id };
  // A purchase paid by two funding sources (its count goes to SNAP Match, which paid most), a second purchase the
  // same day (one recipient that day), a refund and its reversal, a purchase and its reversal.
  await trx(
    account.a1,
    '2026-11-20T15:00:00Z',
    T.PURCHASE,
    [
      [b.a1Nov, '30.00'],
      [b.a1Mar, '10.00'],
    ],
    market,
  );
  await trx(account.a1, '2026-11-20T18:00:00Z', T.PURCHASE, [[b.a1Nov, '5.00']], farm);
  const refund = await trx(account.a1, '2026-11-21T15:00:00Z', T.REFUND, [[b.a1Nov, '8.00']], market);
  await trx(account.a1, '2026-11-22T15:00:00Z', T.REFUND_REVERSAL, [[b.a1Nov, '8.00']], {
    ...market,
    reversalOfId: refund.id,
  });
  // 03:00 UTC on 30 October is 23:00 on the 29th in New York: the program's day.
  await trx(account.a2, '2026-10-30T03:00:00Z', T.PURCHASE, [[b.a2Oct, '20.00']], farm);
  const sale = await trx(account.a2, '2026-11-02T16:00:00Z', T.PURCHASE, [[b.a2Oct, '15.00']], farm);
  await trx(account.a2, '2026-11-02T16:05:00Z', T.PURCHASE_REVERSAL, [[b.a2Oct, '15.00']], {
    ...farm,
    reversalOfId: sale.id,
  });
  await trx(account.a1b, '2026-02-15T15:00:00Z', T.PURCHASE, [[b.a1Mar, '12.00']], market);
  await trx(account.programLevel, '2025-12-15T15:00:00Z', T.PURCHASE, [[b.lastYear, '7.00']], market);
  // Declined and balance inquiries add nothing; accruals and clawbacks are incentives earned.
  await trx(account.a1, '2026-11-21T12:00:00Z', T.PURCHASE, [[b.a1Nov, '3.00']], { ...market, respCodeId: 2 });
  await trx(account.a1, '2026-11-21T12:30:00Z', T.BALANCE_INQUIRY, [], market);
  await trx(account.a1, '2026-11-20T16:00:00Z', T.INCENTIVE_ACCRUAL, [[b.a1Nov, '4.00']], market);
  await trx(account.a1, '2026-11-21T16:00:00Z', T.INCENTIVE_CLAWBACK, [[b.a1Nov, '1.50']], market);
  await trx(account.b1, '2026-11-10T15:00:00Z', T.PURCHASE, [[b.b1, '25.00']], market);
  await recordTransactionTotals(db, ids);
  // The benefits' issuance, journaled by their trigger, folded as the fold job would (decision 0101).
  await foldAllIssuanceJournal(db);
  return { ...world, fund, account, shops, benefits: b, transactionIds: ids };
}
export type DashboardWorld = Awaited<ReturnType<typeof makeDashboardWorld>>;
