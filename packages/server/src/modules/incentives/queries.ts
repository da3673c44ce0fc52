import { and, asc, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fundingSources, incentives, programs, recipientAccounts, recipientIncentives } from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';

// The SQL of the incentive area (B§2, B§7; docs/decisions/0040, 0041). Definitions are read in the caller's programs
// (platform admins: all); an enrolment is read through its recipient account, whose program and agency the services
// check with canSeeAgency (agency staff: their agencies' recipients only).

/** The incentives a caller may see, as a condition on `incentives`. */
export function incentiveScope(caller: Caller): SQL | undefined {
  if (caller.scope === 'all') return undefined;
  if (caller.scope === 'none' || caller.scope === 'self' || caller.programIds.length === 0) return sql`false`;
  return inArray(incentives.programId, [...caller.programIds]);
}

export interface IncentiveFilter {
  /** The program the criteria name (already checked against the caller's scope). */
  programId?: number;
  /** The program named by uuid, matched in the same statement (the whole list: one statement after the caller). */
  programUuid?: string;
}

const incentiveColumns = {
  id: incentives.id,
  incentive: incentives,
  programId: programs.id,
  programName: programs.name,
  programUuid: programs.uuid,
  timeZone: programs.timeZone,
  fundingId: fundingSources.id,
  fundingName: fundingSources.name,
};

export type IncentiveRecord = {
  id: number;
  incentive: typeof incentives.$inferSelect;
  programId: number;
  programName: string;
  programUuid: string;
  timeZone: string;
  fundingId: number;
  fundingName: string;
};

const filterCondition = (caller: Caller, filter: IncentiveFilter) =>
  and(
    incentiveScope(caller),
    filter.programId === undefined ? undefined : eq(incentives.programId, filter.programId),
    // Only the whole list names the program by uuid; its query joins programs (the count's does not).
    filter.programUuid === undefined ? undefined : eq(programs.uuid, filter.programUuid),
  );

function incentivesWithPlaces(db: DbOrTx) {
  return db
    .select(incentiveColumns)
    .from(incentives)
    .innerJoin(programs, eq(programs.id, incentives.programId))
    .innerJoin(fundingSources, eq(fundingSources.id, incentives.fundingSourceId))
    .$dynamic();
}

/** Every incentive of the filter in the caller's scope, by name (the benefit issue form, the program view). */
export async function incentiveOptions(db: DbOrTx, caller: Caller, filter: IncentiveFilter) {
  return incentivesWithPlaces(db)
    .where(filterCondition(caller, filter))
    .orderBy(asc(incentives.name), asc(incentives.id));
}

/** One page of the admin list, by name then id. */
export async function incentivePageRows(
  db: DbOrTx,
  caller: Caller,
  filter: IncentiveFilter,
  window: { limit: number; offset: number },
): Promise<IncentiveRecord[]> {
  return incentivesWithPlaces(db)
    .where(filterCondition(caller, filter))
    .orderBy(asc(incentives.name), asc(incentives.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many incentives match, counting at most cap + 1. */
export async function countIncentivesUpTo(db: DbOrTx, caller: Caller, filter: IncentiveFilter, cap: number) {
  const inner = db
    .select({ one: sql`1` })
    .from(incentives)
    .where(filterCondition(caller, filter))
    .limit(cap + 1)
    .as('matched');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

/** The kit's keyset batches by id (the search definition needs them; the list offers no export). */
export async function incentiveBatch(
  db: DbOrTx,
  caller: Caller,
  filter: IncentiveFilter,
  afterId: number,
  limit: number,
): Promise<IncentiveRecord[]> {
  return incentivesWithPlaces(db)
    .where(and(filterCondition(caller, filter), gt(incentives.id, afterId)))
    .orderBy(asc(incentives.id))
    .limit(limit);
}

/** The incentive with its program and funding source when the caller may see it. */
export async function findIncentive(db: DbOrTx, caller: Caller, uuid: string): Promise<IncentiveRecord | undefined> {
  const [row] = await incentivesWithPlaces(db)
    .where(and(eq(incentives.uuid, uuid), incentiveScope(caller)))
    .limit(1);
  return row;
}

/**
 * The incentive locked for a change (FOR NO KEY UPDATE of incentives only: enrolments and benefits inserted meanwhile
 * take KEY SHARE through their foreign keys, which this does not block), when the caller may see it.
 */
export async function lockIncentive(tx: DbOrTx, caller: Caller, uuid: string): Promise<IncentiveRecord | undefined> {
  const [row] = await incentivesWithPlaces(tx)
    .where(and(eq(incentives.uuid, uuid), incentiveScope(caller)))
    .limit(1)
    .for('no key update', { of: incentives });
  return row;
}

/** A funding source of the program, or undefined. */
export async function findProgramFunding(db: DbOrTx, programId: number, fundingId: number) {
  const [row] = await db
    .select({ id: fundingSources.id, name: fundingSources.name })
    .from(fundingSources)
    .where(and(eq(fundingSources.id, fundingId), eq(fundingSources.programId, programId)))
    .limit(1);
  return row;
}

export async function insertIncentive(tx: DbOrTx, values: typeof incentives.$inferInsert) {
  const [row] = await tx.insert(incentives).values(values).returning({ id: incentives.id, uuid: incentives.uuid });
  return row!;
}

export async function updateIncentive(tx: DbOrTx, id: number, changes: Partial<typeof incentives.$inferInsert>) {
  await tx.update(incentives).set(changes).where(eq(incentives.id, id));
}

/** The programs a caller may define incentives for (B§3 "Program option"), by name. */
export async function programOptions(db: DbOrTx, caller: Caller) {
  const scope =
    caller.scope === 'all'
      ? undefined
      : caller.programIds.length === 0
        ? sql`false`
        : inArray(programs.id, [...caller.programIds]);
  return db
    .select({
      programId: programs.id,
      programName: programs.name,
      programUuid: programs.uuid,
      shortName: programs.shortName,
      timeZone: programs.timeZone,
    })
    .from(programs)
    .where(scope)
    .orderBy(asc(programs.name), asc(programs.id));
}

/** A program's funding sources, by name. */
export async function fundingOptions(db: DbOrTx, programId: number) {
  return db
    .select({ fundingId: fundingSources.id, name: fundingSources.name })
    .from(fundingSources)
    .where(eq(fundingSources.programId, programId))
    .orderBy(asc(fundingSources.name), asc(fundingSources.id));
}

// ---------------------------------------------------------------------------------------------------------------
// Enrolments

/** A recipient account with what enrolment needs: its scope columns, its status and its program's zone. */
export async function findAccount(db: DbOrTx, accountUuid: string) {
  const [row] = await db
    .select({
      id: recipientAccounts.id,
      uuid: recipientAccounts.uuid,
      programId: recipientAccounts.programId,
      agencyId: recipientAccounts.agencyId,
      statusId: recipientAccounts.statusId,
      timeZone: programs.timeZone,
    })
    .from(recipientAccounts)
    .innerJoin(programs, eq(programs.id, recipientAccounts.programId))
    .where(eq(recipientAccounts.uuid, accountUuid))
    .limit(1);
  return row;
}

const enrolmentColumns = {
  id: recipientIncentives.id,
  accountId: recipientIncentives.accountId,
  startDate: recipientIncentives.startDate,
  endDate: recipientIncentives.endDate,
  updatedAt: recipientIncentives.updatedAt,
  incentiveId: incentives.id,
  incentiveUuid: incentives.uuid,
  incentiveName: incentives.name,
  incentiveStartDate: incentives.startDate,
  incentiveEndDate: incentives.endDate,
  programName: programs.name,
  timeZone: programs.timeZone,
};

export type EnrolmentRow = {
  id: number;
  accountId: number;
  startDate: string;
  endDate: string | null;
  updatedAt: Date;
  incentiveId: number;
  incentiveUuid: string;
  incentiveName: string;
  incentiveStartDate: string;
  incentiveEndDate: string | null;
  programName: string;
  timeZone: string;
};

function enrolmentsWithIncentive(db: DbOrTx) {
  return db
    .select(enrolmentColumns)
    .from(recipientIncentives)
    .innerJoin(incentives, eq(incentives.id, recipientIncentives.incentiveId))
    .innerJoin(programs, eq(programs.id, incentives.programId))
    .$dynamic();
}

/**
 * A recipient account (its scope columns) and its enrolments, newest start first, at most `limit`, in one statement:
 * the account left-joined to its enrolments, so an account without any answers one row with null enrolment fields and
 * a missing account none.
 */
export async function accountWithEnrolments(db: DbOrTx, accountUuid: string, limit: number) {
  const rows = await db
    .select({
      accountId: recipientAccounts.id,
      programId: recipientAccounts.programId,
      agencyId: recipientAccounts.agencyId,
      enrolmentId: recipientIncentives.id,
      startDate: recipientIncentives.startDate,
      endDate: recipientIncentives.endDate,
      updatedAt: recipientIncentives.updatedAt,
      incentiveId: incentives.id,
      incentiveUuid: incentives.uuid,
      incentiveName: incentives.name,
      incentiveStartDate: incentives.startDate,
      incentiveEndDate: incentives.endDate,
      programName: programs.name,
      timeZone: programs.timeZone,
    })
    .from(recipientAccounts)
    .innerJoin(programs, eq(programs.id, recipientAccounts.programId))
    .leftJoin(recipientIncentives, eq(recipientIncentives.accountId, recipientAccounts.id))
    .leftJoin(incentives, eq(incentives.id, recipientIncentives.incentiveId))
    .where(eq(recipientAccounts.uuid, accountUuid))
    .orderBy(desc(recipientIncentives.startDate), desc(recipientIncentives.id))
    .limit(limit);
  const [first] = rows;
  if (!first) return undefined;
  const enrolments: EnrolmentRow[] = rows.flatMap((r) =>
    r.enrolmentId === null
      ? []
      : [
          {
            id: r.enrolmentId,
            accountId: r.accountId,
            startDate: r.startDate!,
            endDate: r.endDate,
            updatedAt: r.updatedAt!,
            incentiveId: r.incentiveId!,
            incentiveUuid: r.incentiveUuid!,
            incentiveName: r.incentiveName!,
            incentiveStartDate: r.incentiveStartDate!,
            incentiveEndDate: r.incentiveEndDate,
            programName: r.programName,
            timeZone: r.timeZone,
          },
        ],
  );
  return { programId: first.programId, agencyId: first.agencyId, enrolments };
}

/** The enrolments of accounts, newest start first, at most `limit` (recipient_incentives_account_id_idx). */
export async function enrolmentsOf(db: DbOrTx, accountIds: readonly number[], limit: number): Promise<EnrolmentRow[]> {
  if (accountIds.length === 0) return [];
  return enrolmentsWithIncentive(db)
    .where(inArray(recipientIncentives.accountId, [...accountIds]))
    .orderBy(desc(recipientIncentives.startDate), desc(recipientIncentives.id))
    .limit(limit);
}

const enrolmentAccountColumns = {
  ...enrolmentColumns,
  accountUuid: recipientAccounts.uuid,
  accountProgramId: recipientAccounts.programId,
  accountAgencyId: recipientAccounts.agencyId,
  accountStatusId: recipientAccounts.statusId,
};

function enrolmentWithAccount(db: DbOrTx) {
  return db
    .select(enrolmentAccountColumns)
    .from(recipientIncentives)
    .innerJoin(incentives, eq(incentives.id, recipientIncentives.incentiveId))
    .innerJoin(programs, eq(programs.id, incentives.programId))
    .innerJoin(recipientAccounts, eq(recipientAccounts.id, recipientIncentives.accountId))
    .$dynamic();
}

/** One enrolment with its incentive and account (the caller checks scope on the account's program and agency). */
export async function findEnrolment(db: DbOrTx, id: number) {
  const [row] = await enrolmentWithAccount(db).where(eq(recipientIncentives.id, id)).limit(1);
  return row;
}

/** The same, its enrolment row locked for a change or a delete. */
export async function lockEnrolment(tx: DbOrTx, id: number) {
  const [row] = await enrolmentWithAccount(tx)
    .where(eq(recipientIncentives.id, id))
    .limit(1)
    .for('update', { of: recipientIncentives });
  return row;
}

/** The account's other enrolments in the incentive (the overlap check before the constraint has its say). */
export async function enrolmentsInIncentive(tx: DbOrTx, accountId: number, incentiveId: number, exceptId?: number) {
  return tx
    .select({
      id: recipientIncentives.id,
      startDate: recipientIncentives.startDate,
      endDate: recipientIncentives.endDate,
    })
    .from(recipientIncentives)
    .where(
      and(
        eq(recipientIncentives.accountId, accountId),
        eq(recipientIncentives.incentiveId, incentiveId),
        exceptId === undefined ? undefined : ne(recipientIncentives.id, exceptId),
      ),
    );
}

export async function insertEnrolment(tx: DbOrTx, values: typeof recipientIncentives.$inferInsert) {
  const [row] = await tx.insert(recipientIncentives).values(values).returning({ id: recipientIncentives.id });
  return row!;
}

export async function updateEnrolment(
  tx: DbOrTx,
  id: number,
  changes: { startDate: string; endDate: string | null; updatedAt: Date },
) {
  await tx.update(recipientIncentives).set(changes).where(eq(recipientIncentives.id, id));
}

export async function deleteEnrolment(tx: DbOrTx, id: number) {
  await tx.delete(recipientIncentives).where(eq(recipientIncentives.id, id));
}
