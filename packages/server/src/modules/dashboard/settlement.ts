import { type DashboardSettlement, type DashboardSettlementQuery, dateRangeStart } from '@ebt/core/dashboard';
import { todayIn } from '@ebt/core/format';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { programInScope } from '../../platform/search.js';
import { reconciliationRows, totalOf } from '../settlement/index.js';

// The settlement figures on the dashboard (decision 0074): the same
// reconciliation as /settlement-api/reconciliation (one statement over benefits and transactions), for the dashboard's
// program, funding source and range. Not from the roll-ups: whether a redemption is settled changes at each close.

/** To Date has no first day: the reconciliation's query takes one earlier than any benefit or transaction. */
const BEFORE_ANY_DAY = '1970-01-01';

/** GET /account-api/dash/settlement: the program (in scope, else 404) over the range ending at its today. */
export async function getDashboardSettlement(
  context: RequestContext,
  query: DashboardSettlementQuery,
): Promise<DashboardSettlement> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { uuid: query.programUuid.toLowerCase() });
  if (!program) throw AppError.notFound();
  const endDate = todayIn(program.timeZone, ctx.now());
  const startDate = dateRangeStart(query.dateRange, endDate);
  const rows = await reconciliationRows(ctx.db, program.id, startDate ?? BEFORE_ANY_DAY, endDate);
  // A funding source of another program has no rows here: its figures are zero, and nothing of it is told.
  const fundingId = query.fundingId ? Number(query.fundingId) : null;
  const figures = totalOf(fundingId === null ? rows : rows.filter((r) => r.fundingSourceId === fundingId));
  return { ...figures, startDate, endDate };
}
