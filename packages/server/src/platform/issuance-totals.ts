import { sql, type SQL } from 'drizzle-orm';
import { BENEFIT_STATUS } from '@ebt/core/enums';
import type { Db, DbOrTx } from '../db/client.js';
import { benefitIssuanceTotals, benefits, dashboardIssuanceDays, issuanceJournal } from '../db/schema/index.js';

// What benefits have issued (docs/decisions/0010-benefit-rules.md "Funding accounting", decision 0101): the sum and
// count of non-Void benefits per program, funding source and agency (benefit_issuance_totals, read by the funding
// checks and screens) and per available date (dashboard_issuance_days, read by the dashboard). No writer of benefits
// touches those rows: the statement triggers on benefits append each change to issuance_journal, a table writers only
// insert into, so an incentive earned at a purchase never waits on a staff issuance or another purchase of the
// program. The fold below moves the journal into both roll-ups; where a figure must be exact at once (an agency's
// funding), the journal rows not folded yet are added to the roll-up in the same statement (`issuedOfAgency`).

/** The most journal rows one fold takes: a few statements' worth of a busy market morning. */
const FOLD_BATCH = 5_000;

/**
 * Moves up to `FOLD_BATCH` journal rows into both roll-ups in one statement (so one transaction): the rows it takes
 * are locked with SKIP LOCKED, so folds running at once in several instances take disjoint rows and each row is added
 * once. Keys are upserted in key order, days before totals, so two folds lock shared keys in the same order. Answers
 * how many rows it folded.
 */
export async function foldIssuanceJournal(db: DbOrTx): Promise<number> {
  const result = (await db.execute(sql`
    with claimed as (
      delete from ${issuanceJournal} j
      where j.id in (select id from ${issuanceJournal} order by id limit ${FOLD_BATCH} for update skip locked)
      returning j.program_id, j.day, j.agency_id, j.funding_source_id, j.amount, j.count
    ),
    days as (
      insert into ${dashboardIssuanceDays} as d (program_id, day, agency_id, funding_source_id, issued_amount, issued_count)
      select program_id, day, agency_id, funding_source_id, sum(amount), sum(count) from claimed
      group by 1, 2, 3, 4 having sum(amount) <> 0 or sum(count) <> 0 order by 1, 2, 3, 4
      on conflict on constraint dashboard_issuance_days_key do update
        set issued_amount = d.issued_amount + excluded.issued_amount,
          issued_count = d.issued_count + excluded.issued_count
      returning 1
    ),
    totals as (
      insert into ${benefitIssuanceTotals} as t (program_id, funding_source_id, agency_id, issued_amount, issued_count)
      select program_id, funding_source_id, agency_id, sum(amount), sum(count) from claimed
      group by 1, 2, 3 having sum(amount) <> 0 or sum(count) <> 0 order by 1, 2, 3
      on conflict on constraint benefit_issuance_totals_key do update
        set issued_amount = t.issued_amount + excluded.issued_amount,
          issued_count = t.issued_count + excluded.issued_count, updated_at = now()
      returning 1
    )
    select (select count(*) from claimed)::int as folded, (select count(*) from days)::int as days,
      (select count(*) from totals)::int as totals`)) as unknown as { rows: { folded: number }[] };
  return Number(result.rows[0]?.folded ?? 0);
}

/** Folds until the journal is empty (the job's run, tests and the end of a bench): answers how many rows it took. */
export async function foldAllIssuanceJournal(db: Db | DbOrTx): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await foldIssuanceJournal(db);
    total += n;
    if (n < FOLD_BATCH) return total;
  }
}

/**
 * What an agency has issued, exactly, as an SQL expression on the agency's id: its roll-up rows plus its journal rows
 * not folded yet. Both are read in the statement's one snapshot, and a fold moves rows from one to the other in one
 * transaction, so the sum never counts a change twice or misses one.
 */
export function issuedOfAgency(agencyId: SQL): SQL<string> {
  return sql<string>`(coalesce((select sum(${benefitIssuanceTotals.issuedAmount}) from ${benefitIssuanceTotals}
      where ${benefitIssuanceTotals.agencyId} = ${agencyId}), 0)
    + coalesce((select sum(${issuanceJournal.amount}) from ${issuanceJournal}
      where ${issuanceJournal.agencyId} = ${agencyId}), 0))`;
}

/**
 * Recomputes both roll-ups from the benefits and empties the journal (idempotent): after bulk loads, and as the
 * reference a test compares the folded roll-ups with. Runs in the caller's transaction when given one.
 */
export async function rebuildIssuanceRollups(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`delete from ${issuanceJournal}`);
  await tx.execute(sql`delete from ${benefitIssuanceTotals}`);
  await tx.execute(sql`
    insert into ${benefitIssuanceTotals} (program_id, funding_source_id, agency_id, issued_amount, issued_count)
    select program_id, funding_source_id, agency_id, sum(amount), count(*)
    from ${benefits}
    where status_id <> ${BENEFIT_STATUS.VOIDED}
    group by program_id, funding_source_id, agency_id`);
  await tx.execute(sql`delete from ${dashboardIssuanceDays}`);
  await tx.execute(sql`
    insert into ${dashboardIssuanceDays} (program_id, day, agency_id, funding_source_id, issued_amount, issued_count)
    select program_id, available_date, agency_id, funding_source_id, sum(amount), count(*)
    from ${benefits} where status_id <> ${BENEFIT_STATUS.VOIDED} group by 1, 2, 3, 4`);
}
