import { eq } from 'drizzle-orm';
import { ROLE } from '@ebt/core/enums';
import type { DbOrTx } from '../db/client.js';
import { fundingSources, incentives, recipientIncentives } from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { makeRecipient } from './factories.js';
import { buildWorld } from './world.js';

// The world of the incentive tests: program A (agencies North a1 and East a2) and program B (Bay b1), each with a
// funding source; one signed-in user per role and scope; a recipient user with an account of program A in a1. The
// test clock's today is 2026-11-23 in the programs' zone (America/New_York).

export async function makeIncentiveWorld(t: TestApp) {
  const { db } = t.database;
  const world = await buildWorld(t, {
    programs: { programA: { name: 'Alpha Program' }, programB: { name: 'Beta Program' } },
    agencies: {
      a1: { program: 'programA', name: 'North Agency', code: 'N1' },
      a2: { program: 'programA', name: 'East Agency', code: 'E1' },
      b1: { program: 'programB', name: 'Bay Agency', code: 'B1' },
    },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      agencyUserA2: { roleId: ROLE.AGENCY_USER, agencies: ['a2'] },
      agencyAdminB1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['b1'] },
      recipient: { roleId: ROLE.RECIPIENT },
      otherRecipient: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const [fundA, fundA2, fundB] = await db
    .insert(fundingSources)
    .values([
      { programId: programA.id, name: 'State Funds' },
      { programId: programA.id, name: 'USDA' },
      { programId: programB.id, name: 'Federal' },
    ])
    .returning();
  const account = await makeRecipient(db, {
    program: programA,
    agency: world.agencies.a1,
    user: world.users.recipient,
  });
  const otherAccount = await makeRecipient(db, {
    program: programA,
    agency: world.agencies.a1,
    user: world.users.otherRecipient,
  });
  return { ...world, funding: { a: fundA!, a2: fundA2!, b: fundB! }, account, otherAccount };
}
export type IncentiveWorld = Awaited<ReturnType<typeof makeIncentiveWorld>>;

let incentiveSequence = 0;

/** An incentive with valid, unique defaults: from 2026-01-01, open-ended, a 5.25% match. */
export async function makeIncentive(
  db: DbOrTx,
  program: { id: number },
  fundingId: number,
  overrides: Partial<typeof incentives.$inferInsert> = {},
) {
  const [row] = await db
    .insert(incentives)
    .values({
      programId: program.id,
      fundingSourceId: fundingId,
      name: `Test Incentive ${++incentiveSequence}`,
      startDate: '2026-01-01',
      matchRate: '5.25',
      ...overrides,
    })
    .returning();
  return row!;
}

/** An enrolment written directly (for states the API would not make today: started, ended). */
export async function makeEnrolment(
  db: DbOrTx,
  accountId: number,
  incentiveId: number,
  dates: { startDate: string; endDate?: string | null },
) {
  const [row] = await db
    .insert(recipientIncentives)
    .values({ accountId, incentiveId, startDate: dates.startDate, endDate: dates.endDate ?? null })
    .returning();
  return row!;
}

export async function enrolmentRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(recipientIncentives).where(eq(recipientIncentives.id, id));
  return row;
}

export async function incentiveRow(db: DbOrTx, uuid: string) {
  const [row] = await db.select().from(incentives).where(eq(incentives.uuid, uuid));
  return row;
}
