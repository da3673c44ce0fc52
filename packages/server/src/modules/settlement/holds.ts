import { HELD_MERCHANTS_CAP, type HeldMerchantList, type HeldMerchantsQuery } from '@ebt/core/settlement';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { heldMerchants } from './queries.js';

// The merchants on hold now (docs/settlement.md "Holds"): a close that would pay only held merchants writes no batch,
// so the settlement screen shows them from here, with what they are owed, without a batch.

/** GET /settlement-api/holds: the held merchants of the caller's programs (or of one), at most HELD_MERCHANTS_CAP. */
export async function getHeldMerchants(context: RequestContext, query: HeldMerchantsQuery): Promise<HeldMerchantList> {
  const ctx = requireCaller(context);
  const rows = await heldMerchants(
    ctx.db,
    ctx.caller,
    query.programUuid?.toLowerCase() || undefined,
    HELD_MERCHANTS_CAP + 1,
  );
  const data = rows.slice(0, HELD_MERCHANTS_CAP);
  return { data, totalCount: data.length, countCapped: rows.length > HELD_MERCHANTS_CAP };
}
