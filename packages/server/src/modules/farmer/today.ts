import type { FarmerToday } from '@ebt/core/farmer';
import { todayIn } from '@ebt/core/format';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { callerMerchant } from './merchant-scope.js';
import { merchantHolds, merchantPayouts, salesTotals } from './queries.js';

// The home of the merchant portal (docs/farmer-app.md "Home"): today's approved sales of the merchant, counted on the
// day of its program's time zone, its last payout, and the money settlement holds now with the reason.

/** GET /merchant-api/farmer/merchants/{merchantUuid}/today */
export async function getToday(context: RequestContext, merchantUuid: string): Promise<FarmerToday> {
  const ctx = requireCaller(context);
  const merchant = await callerMerchant(ctx, merchantUuid);
  const today = todayIn(merchant.timeZone, ctx.now());
  const totals = await salesTotals(ctx.db, ctx.caller, {
    merchantId: merchant.id,
    from: today,
    to: today,
    lower: new Date(ctx.now().getTime() - 2 * 86_400_000).toISOString(),
    upper: new Date(ctx.now().getTime() + 86_400_000).toISOString(),
    programUuid: null,
    trxTypeIds: [1, 2, 4, 5],
    approved: null,
    windowHours: 0,
    now: ctx.now().toISOString(),
  });
  const [lastPayout] = await merchantPayouts(ctx.db, merchant.id, 1);
  const holds = await merchantHolds(ctx.db, merchant.id);
  return {
    today,
    timeZone: merchant.timeZone,
    salesCount: totals.salesCount,
    salesAmt: totals.salesAmt,
    netAmt: totals.netAmt,
    lastPayout: lastPayout ?? null,
    holds,
  };
}
