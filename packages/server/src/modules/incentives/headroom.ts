import { sql } from 'drizzle-orm';
import { toCents } from '@ebt/core/format';
import type { IncentiveHeadroomList } from '@ebt/core/incentives';
import { remainingUnder } from '@ebt/core/pos';
import { requireCaller, type RequestContext } from '../../platform/context.js';

// GET /account-api/incentive/recipient-incentive/currentrecipient/headroom: for each enrolment of
// the signed-in recipient in force today, what it has earned today and this month and what the caps leave. The same
// sums the transaction engine caps accrual with (modules/pos/funds.ts): approved accruals less clawbacks, by the day
// they count on in the program's time zone, read through transactions_recipient_incentive_day_idx. One statement.

interface Row {
  id: number;
  incentive_uuid: string;
  incentive_name: string;
  program_uuid: string;
  program_name: string;
  match_rate: string;
  max_trx: string;
  max_day: string;
  max_month: string;
  earned_today: string;
  earned_month: string;
}

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

export async function currentRecipientHeadroom(context: RequestContext): Promise<IncentiveHeadroomList> {
  const ctx = requireCaller(context);
  const ids = ctx.caller.accountIds;
  if (ids.length === 0) return [];
  const result = await ctx.db.execute(sql`
    with acc as (
      select a.id, p.uuid as program_uuid, p.name as program_name,
        ((${ctx.now().toISOString()}::timestamptz) at time zone p.time_zone)::date as today
      from recipient_accounts a join programs p on p.id = a.program_id
      where a.id = any(${`{${ids.join(',')}}`}::int[]) and a.status_id = 0
    )
    select ri.id, i.uuid as incentive_uuid, i.name as incentive_name, acc.program_uuid, acc.program_name,
      i.match_rate, i.accrual_max_trx as max_trx, i.accrual_max_day as max_day, i.accrual_max_month as max_month,
      coalesce(sum(case when t.trx_type_id = 6 then t.settle_amt else -t.settle_amt end)
        filter (where t.accrual_day = acc.today), 0) as earned_today,
      coalesce(sum(case when t.trx_type_id = 6 then t.settle_amt else -t.settle_amt end), 0) as earned_month
    from acc
    join recipient_incentives ri on ri.account_id = acc.id
    join incentives i on i.id = ri.incentive_id
    left join transactions t on t.recipient_incentive_id = ri.id and t.resp_code_id = 1 and t.trx_type_id in (6, 7)
      and t.accrual_day between date_trunc('month', acc.today)::date and acc.today
    where ri.start_date <= acc.today and (ri.end_date is null or ri.end_date >= acc.today)
      and i.start_date <= acc.today and (i.end_date is null or i.end_date >= acc.today)
    group by ri.id, i.id, acc.program_uuid, acc.program_name
    order by acc.program_name, i.name, ri.id`);
  return (result as unknown as { rows: Row[] }).rows.map((r) => {
    const today = toCents(r.earned_today);
    const month = toCents(r.earned_month);
    const trx = toCents(r.max_trx);
    return {
      recipientIncentiveId: Number(r.id),
      incentiveUuid: r.incentive_uuid,
      incentiveName: r.incentive_name,
      programUuid: r.program_uuid,
      programName: r.program_name,
      matchRate: toCents(r.match_rate) / 100,
      earnedToday: today / 100,
      remainingToday: dollars(remainingUnder(r.max_day, today)),
      earnedThisMonth: month / 100,
      remainingThisMonth: dollars(remainingUnder(r.max_month, month)),
      maxPerTransaction: trx > 0 ? trx / 100 : null,
    };
  });
}
