import { eq, sql } from 'drizzle-orm';
import { ROLE } from '@ebt/core/enums';
import { toCents } from '@ebt/core/format';
import type { DbOrTx } from '../db/client.js';
import {
  type BenefitRow,
  benefitIssuanceTotals,
  benefits,
  fundingSources,
  incentives,
  issuanceJournal,
  programs,
} from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { makeRecipient } from './factories.js';
import { buildWorld } from './world.js';
import { benefitInsertRow, type NewBenefit } from '../modules/benefits/index.js';

// Fixtures of the benefits tests: a program with funding sources, agencies, staff of every scope and recipients.

export async function makeFundingSource(
  db: DbOrTx,
  program: { id: number },
  name = `Fund ${Math.random().toString(36).slice(2, 8)}`,
) {
  const [row] = await db.insert(fundingSources).values({ programId: program.id, name }).returning();
  return row!;
}

export async function makeIncentive(db: DbOrTx, program: { id: number }, funding: { id: number }) {
  const [row] = await db
    .insert(incentives)
    .values({
      programId: program.id,
      fundingSourceId: funding.id,
      name: `Incentive ${Math.random().toString(36).slice(2, 8)}`,
      startDate: '2026-01-01',
    })
    .returning();
  return row!;
}

/**
 * Program A (agencies A1 and A2, two funding sources, an incentive) and program B (agency B1); a signed-in user of
 * each scope; recipient accounts in A1, A2, at program level and in B1. The recipient user owns the A1 account and
 * the B1 account.
 */
export async function makeBenefitWorld(t: TestApp) {
  const { db } = t.database;
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' }, a2: { program: 'programA' }, b1: { program: 'programB' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      agencyUserA2: { roleId: ROLE.AGENCY_USER, agencies: ['a2'] },
      recipient: { roleId: ROLE.RECIPIENT },
      otherRecipient: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const { a1, a2, b1 } = world.agencies;
  const { users, tokens } = world;
  const fundA = await makeFundingSource(db, programA, 'State Funds');
  const fundA2 = await makeFundingSource(db, programA, 'Federal Funds');
  const fundB = await makeFundingSource(db, programB, 'State Funds');
  const incentiveA = await makeIncentive(db, programA, fundA);
  const accounts = {
    a1: await makeRecipient(db, {
      program: programA,
      agency: a1,
      user: users.recipient,
      firstName: 'Margaret',
      lastName: 'Kowalski',
    }),
    a2: await makeRecipient(db, {
      program: programA,
      agency: a2,
      user: users.otherRecipient,
      firstName: 'Peter',
      lastName: 'Nowak',
    }),
    programLevel: await makeRecipient(db, {
      program: programA,
      agency: null,
      firstName: 'Olga',
      lastName: 'Kowalczyk',
    }),
    inactive: await makeRecipient(db, { program: programA, agency: a1, statusId: 1 }),
    b1: await makeRecipient(db, {
      program: programB,
      agency: b1,
      user: users.recipient,
      firstName: 'Margaret',
      lastName: 'Kowalski',
    }),
  };
  return { programA, programB, a1, a2, b1, fundA, fundA2, fundB, incentiveA, users, accounts, tokens };
}
export type BenefitWorld = Awaited<ReturnType<typeof makeBenefitWorld>>;

/** A benefit written straight to the table (no effects), for tests of reads and changes. */
export async function makeBenefit(
  db: DbOrTx,
  values: Partial<NewBenefit> & Pick<NewBenefit, 'programId' | 'accountId'> & { statusId?: number; balance?: string },
) {
  const row = benefitInsertRow(
    {
      agencyId: null,
      fundingId: null,
      authorizationNumber: `T${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
      benefitTypeId: 1,
      availableDate: '2026-11-23',
      expirationDate: '2027-03-31',
      amountCents: 5000,
      ...values,
    },
    new Date('2026-11-23T15:00:00Z'),
  );
  const [inserted] = await db
    .insert(benefits)
    .values({ ...row, statusId: values.statusId ?? 0, ...(values.balance ? { balance: values.balance } : {}) })
    .returning();
  return inserted!;
}

export async function benefitRow(db: DbOrTx, uuid: string): Promise<BenefitRow | undefined> {
  const [row] = await db.select().from(benefits).where(eq(benefits.uuid, uuid));
  return row;
}

/**
 * The issuance roll-up of a program as { 'funding:agency': [cents, count] }, exactly: its folded rows plus the journal
 * rows not folded yet (platform/issuance-totals.ts), as the funding checks read it.
 */
export async function issuanceTotals(db: DbOrTx, programId: number): Promise<Record<string, [number, number]>> {
  const result = (await db.execute(sql`
    select funding_source_id, agency_id, sum(amount)::text as amount, sum(n)::int as n from (
      select funding_source_id, agency_id, issued_amount as amount, issued_count as n
        from ${benefitIssuanceTotals} where program_id = ${programId}
      union all
      select funding_source_id, agency_id, amount, count from ${issuanceJournal} where program_id = ${programId}
    ) x group by 1, 2`)) as unknown as {
    rows: { funding_source_id: number | null; agency_id: number | null; amount: string; n: number }[];
  };
  return Object.fromEntries(
    result.rows.map((r) => [
      `${r.funding_source_id ?? '-'}:${r.agency_id ?? '-'}`,
      [toCents(r.amount), Number(r.n)] as [number, number],
    ]),
  );
}

export async function setProgram(db: DbOrTx, program: { id: number }, values: Partial<typeof programs.$inferInsert>) {
  await db.update(programs).set(values).where(eq(programs.id, program.id));
}

/** The PUT body the edit form sends for a benefit as it is, with overrides. */
export function editBody(detail: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    benefitUuid: detail.benefitUuid,
    benefitBalance: detail.benefitBalance,
    benefitAvailableDate: detail.benefitAvailableDate,
    benefitExpirationDate: detail.benefitExpirationDate,
    benefitAuthorizationNumber: detail.benefitAuthorizationNumber,
    notifiedRecipient: detail.notifiedRecipient,
    fundingId: detail.fundingId,
    benefitTypeId: detail.benefitTypeId,
    incentiveUuid: detail.incentiveUuid ?? '',
    benefitOptionId: detail.benefitOptionId ?? '',
    note: detail.note ?? '',
    updationChannel: 'WEB',
    lastUpdatedDate: detail.lastUpdatedDate,
    ...overrides,
  };
}
