import { type SQL, sql } from 'drizzle-orm';
import type { DateRange } from '@ebt/core/dashboard';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';

// The dashboard's reads (docs/dashboard.md): each one statement over the daily roll-ups, which also resolves the
// program, agency and funding source the request names within the caller's scope (an authenticated read costs the
// caller and this statement: platform/request-cost.test.ts).

/** The rows of a raw statement (PGlite and node-postgres both answer { rows }). */
async function all<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

const ids = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;

/** The programs the caller may see, as a condition on programs (alias p). */
function programScope(caller: Caller): SQL {
  return caller.scope === 'all' ? sql`true` : sql`p.id = any(${ids(caller.programIds)})`;
}

/** The agencies the caller may see, as a condition on a column; agency staff see only their own agencies. */
function agencyScope(caller: Caller, column: SQL): SQL {
  return caller.scope === 'agencies' ? sql`${column} = any(${ids(caller.agencyIds)})` : sql`true`;
}

/** The first day of the range from the program's today (alias r.today); To Date has no first day (-infinity). */
function rangeStart(range: DateRange): SQL {
  switch (range) {
    case '30':
      return sql`r.today - 29`;
    case 'MTD':
      return sql`date_trunc('month', r.today)::date`;
    case 'YTD':
      return sql`date_trunc('year', r.today)::date`;
    default:
      return sql`'-infinity'::date`;
  }
}

export interface DashFilter {
  programUuid: string;
  agencyUuid?: string;
  fundingId?: number;
  dateRange: DateRange;
}

/**
 * The CTEs every filtered read starts with: p (the program in scope), a (the named agency in scope, if any),
 * f (the named funding source of the program, if any) and r (the program's today and the range's first day).
 */
function filterCtes(caller: Caller, now: Date, f: DashFilter): SQL {
  return sql`
    p as (select id, funding_amount, time_zone from programs p where p.uuid = ${f.programUuid} and ${programScope(caller)}),
    a as (select a.id, a.funding_amount from agencies a, p
          where ${f.agencyUuid ? sql`a.uuid = ${f.agencyUuid}` : sql`false`} and a.program_id = p.id
            and ${agencyScope(caller, sql`a.id`)}),
    f as (select fs.id from funding_sources fs, p
          where ${f.fundingId ? sql`fs.id = ${f.fundingId}` : sql`false`} and fs.program_id = p.id),
    r0 as (select p.id as program_id, (${now.toISOString()}::timestamptz at time zone p.time_zone)::date as today from p),
    r1 as (select r.program_id, r.today, ${rangeStart(f.dateRange)} as start from r0 r),
    r as (select r.*,
      -- The whole months of the range (decision 0067): from the first month that starts on or after the range's first
      -- day, up to (not including) the month of the day after today. None when the first is not before the last.
      case when r.start = date_trunc('month', r.start)::date then r.start
           else (date_trunc('month', r.start) + interval '1 month')::date end as months_from,
      date_trunc('month', r.today + 1)::date as months_to
      from r1 r),
    -- The partial months' days end where the whole months start; without whole months they end where the last ones
    -- start, so the two day ranges cover the range exactly once either way.
    rm as (select r.*, least(r.months_from, r.months_to) as head_end from r)`;
}

/** The rows of a roll-up (alias x) that the filter selects: the program, range, agency (or the caller's), funding. */
function selected(caller: Caller, f: DashFilter): SQL {
  const agency = f.agencyUuid ? sql`x.agency_id = (select id from a)` : agencyScope(caller, sql`x.agency_id`);
  const funding = f.fundingId ? sql`x.funding_source_id = (select id from f)` : sql`true`;
  // Scalar bounds (one-row CTE r read by sub-selects) so the planner uses them as the index range of (program, day).
  return sql`x.program_id = (select program_id from r) and x.day between (select start from r) and (select today from r)
    and ${agency} and ${funding}`;
}

/**
 * The merchant roll-ups a merchant read sums (decisions 0067 and 0075), the least split ones the filter allows, and the
 * condition on their rows: a whole-program read (no agency or funding filter, a caller who sees every agency) the
 * program-wide tables, a row per merchant and day or month; a read narrowed to agencies but not to a funding source
 * (an agency chosen, or agency staff) the agency tables; a funding source filter the tables split by both.
 */
function merchantTables(caller: Caller, f: DashFilter): { days: SQL; months: SQL; where: SQL } {
  const agency = f.agencyUuid ? sql`x.agency_id = (select id from a)` : agencyScope(caller, sql`x.agency_id`);
  if (f.fundingId)
    return {
      days: sql`dashboard_merchant_days`,
      months: sql`dashboard_merchant_months`,
      where: sql`${agency} and x.funding_source_id = (select id from f)`,
    };
  if (f.agencyUuid || caller.scope === 'agencies')
    return { days: sql`dashboard_agency_merchant_days`, months: sql`dashboard_agency_merchant_months`, where: agency };
  return {
    days: sql`dashboard_program_merchant_days`,
    months: sql`dashboard_program_merchant_months`,
    where: sql`true`,
  };
}

/**
 * Each merchant's redeemed amounts in the filter's range (merchant_id, amount rows to be summed): the whole months
 * from a monthly roll-up and the days of the partial months at either end from the daily one (decision 0067), so a
 * long range reads months, not days. Each part is one range of its table's key, with scalar bounds the planner uses
 * as index bounds; the program-wide and agency tables' keys cover the amount, so they are index-only scans.
 */
function merchantRedemptions(caller: Caller, f: DashFilter): SQL {
  const { days, months, where } = merchantTables(caller, f);
  return sql`
    select x.merchant_id, x.redeemed_amount as amount from ${months} x
    where x.program_id = (select program_id from r)
      and x.month >= (select months_from from r) and x.month < (select months_to from r) and ${where}
    union all
    select x.merchant_id, x.redeemed_amount from ${days} x
    where x.program_id = (select program_id from r) and x.day >= (select start from r)
      and x.day < (select head_end from rm) and ${where}
    union all
    select x.merchant_id, x.redeemed_amount from ${days} x
    where x.program_id = (select program_id from r) and x.day >= (select months_to from r)
      and x.day <= (select today from r) and ${where}`;
}

/** What the filter found: a missing program, agency or funding source answers 404 (out of scope is missing). */
export type Found = {
  programFound: boolean;
  agencyFound: boolean;
  fundingFound: boolean;
};
const foundColumns = sql`exists (select 1 from p) as "programFound", exists (select 1 from a) as "agencyFound",
  exists (select 1 from f) as "fundingFound"`;

export async function snapshotTotals(db: Db, caller: Caller, now: Date, f: DashFilter) {
  // Funding: the chosen agency's; agency staff without a choice, their agencies' in the program; else the program's.
  const funding = f.agencyUuid
    ? sql`(select funding_amount from a)`
    : caller.scope === 'agencies'
      ? sql`(select sum(x.funding_amount) from agencies x, p where x.program_id = p.id and ${agencyScope(caller, sql`x.id`)})`
      : sql`(select funding_amount from p)`;
  const rows = await all<Found & { funding: string | null; issued: string | null; redeemed: string | null }>(
    db,
    sql`
    with ${filterCtes(caller, now, f)}
    select ${foundColumns}, ${funding} as funding,
      (select sum(x.issued_amount) from dashboard_issuance_days x where ${selected(caller, f)}) as issued,
      (select sum(x.redeemed_amount) from dashboard_redemption_days x where ${selected(caller, f)}) as redeemed`,
  );
  return rows[0]!;
}

/** The value of a chart series (resolution 22) on its roll-up. */
const SERIES: Record<number, { table: SQL; value: SQL }> = {
  1: { table: sql`dashboard_redemption_days`, value: sql`sum(x.redeemed_amount)` },
  2: { table: sql`dashboard_redemption_days`, value: sql`sum(x.redemption_count)` },
  3: { table: sql`dashboard_issuance_days`, value: sql`sum(x.issued_amount)` },
  4: { table: sql`dashboard_issuance_days`, value: sql`sum(x.issued_count)` },
  5: { table: sql`dashboard_redemption_days`, value: sql`sum(x.recipient_count)` },
  6: { table: sql`dashboard_redemption_days`, value: sql`sum(x.incentive_amount)` },
};

/** One row per day with a value, oldest first, plus the found flags on every row (and a flags-only row). */
export async function chartSeries(db: Db, caller: Caller, now: Date, f: DashFilter, dataType: number) {
  const s = SERIES[dataType]!;
  const rows = await all<Found & { day: string | null; value: string | null }>(
    db,
    sql`
    with ${filterCtes(caller, now, f)},
    series as (
      select x.day::text as day, ${s.value} as value from ${s.table} x where ${selected(caller, f)}
      group by x.day having ${s.value} <> 0
    )
    select ${foundColumns}, series.day, series.value
    from (select 1) one left join series on true order by series.day`,
  );
  return rows;
}

export async function topMerchants(db: Db, caller: Caller, now: Date, f: DashFilter, limit: number) {
  const rows = await all<Found & { name: string | null; amount: string | null }>(
    db,
    sql`
    with ${filterCtes(caller, now, f)},
    top as (
      select x.merchant_id, sum(x.amount) as amount from (${merchantRedemptions(caller, f)}) x
      group by x.merchant_id having sum(x.amount) > 0
      order by amount desc, x.merchant_id limit ${limit}
    )
    select ${foundColumns}, m.name, top.amount
    from (select 1) one left join (top join merchants m on m.id = top.merchant_id) on true
    order by top.amount desc, top.merchant_id`,
  );
  return rows;
}

/**
 * Merchant participation (decision 0054): the merchants active in the program (mapping status 0) together with any
 * other merchant that had redemptions in the range, and how many of them had redemptions.
 */
export async function merchantParticipation(db: Db, caller: Caller, now: Date, f: DashFilter) {
  const rows = await all<Found & { merchants: number; redeeming: number }>(
    db,
    sql`
    with ${filterCtes(caller, now, f)},
    redeeming as (
      select x.merchant_id from (${merchantRedemptions(caller, f)}) x
      group by x.merchant_id having sum(x.amount) > 0
    )
    select ${foundColumns},
      (select count(*)::int from (
         select mp.merchant_id from merchant_programs mp, p where mp.program_id = p.id and mp.status_id = 0
         union select merchant_id from redeeming) every) as merchants,
      (select count(*)::int from redeeming) as redeeming`,
  );
  return rows[0]!;
}

/**
 * Issued per funding source of the program in the range: every funding source of the program, with 0 when it issued
 * nothing. `by` names the program (its uuid) or an agency (its uuid, narrowed to that agency).
 */
export async function fundingBreakdown(
  db: Db,
  caller: Caller,
  now: Date,
  by: { programUuid: string } | { agencyUuid: string },
  dateRange: DateRange,
) {
  const agencyOnly = 'agencyUuid' in by;
  const program = agencyOnly
    ? sql`p.id = (select a.program_id from agencies a where a.uuid = ${by.agencyUuid} and ${agencyScope(caller, sql`a.id`)})`
    : sql`p.uuid = ${by.programUuid}`;
  const agency = agencyOnly
    ? sql`x.agency_id = (select id from agencies where uuid = ${by.agencyUuid})`
    : agencyScope(caller, sql`x.agency_id`);
  const rows = await all<{ fundingId: number | null; amount: string | null }>(
    db,
    sql`
    with p as (select id, time_zone from programs p where ${program} and ${programScope(caller)}),
    r0 as (select p.id as program_id, (${now.toISOString()}::timestamptz at time zone p.time_zone)::date as today from p),
    r as (select r.program_id, r.today, ${rangeStart(dateRange)} as start from r0 r),
    issued as (
      select x.funding_source_id, sum(x.issued_amount) as amount from dashboard_issuance_days x
      where x.program_id = (select program_id from r)
        and x.day between (select start from r) and (select today from r) and ${agency}
      group by x.funding_source_id
    )
    select fs.id as "fundingId", coalesce(issued.amount, 0) as amount
    from p left join (funding_sources fs left join issued on issued.funding_source_id = fs.id) on fs.program_id = p.id
    order by fs.id`,
  );
  return rows;
}

/** The program, agency and funding rows of GET /account-api/dash (decision 0053). */
export async function dashboardRows(db: Db, caller: Caller) {
  const rows = await all<{
    programUuid: string;
    programName: string;
    agencyUuid: string | null;
    agencyName: string | null;
    fundingId: number | null;
    fundingName: string | null;
  }>(
    db,
    sql`
    with p as (select id, uuid, name from programs p where ${programScope(caller)})
    select p.uuid as "programUuid", p.name as "programName", null::uuid as "agencyUuid", null as "agencyName",
      null::int as "fundingId", null as "fundingName", 0 as kind, p.name as sort
    from p
    union all
    select p.uuid, p.name, a.uuid, a.name, null, null, 1, a.name
    from p join agencies a on a.program_id = p.id where ${agencyScope(caller, sql`a.id`)}
    union all
    select p.uuid, p.name, null, null, fs.id, fs.name, 2, fs.name
    from p join funding_sources fs on fs.program_id = p.id
    order by "programName", "programUuid", kind, sort`,
  );
  return rows;
}
