import { FARMER_PAYOUTS_CAP, type FarmerPayouts } from '@ebt/core/farmer';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { callerMerchant } from './merchant-scope.js';
import { merchantHolds, merchantPayouts } from './queries.js';

// The merchant's payouts (docs/farmer-app.md "Getting paid"): each batch that paid it, with its share, status and the
// date staff marked it paid, newest first; and the money held now, with settlement's reason, so the portal can say
// what to do.

/** GET /merchant-api/farmer/merchants/{merchantUuid}/payouts */
export async function listPayouts(context: RequestContext, merchantUuid: string): Promise<FarmerPayouts> {
  const ctx = requireCaller(context);
  const merchant = await callerMerchant(ctx, merchantUuid);
  const rows = await merchantPayouts(ctx.db, merchant.id, FARMER_PAYOUTS_CAP + 1);
  const holds = await merchantHolds(ctx.db, merchant.id);
  return { data: rows.slice(0, FARMER_PAYOUTS_CAP), countCapped: rows.length > FARMER_PAYOUTS_CAP, holds };
}
