import type { FarmerMerchant } from '@ebt/core/farmer';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { farmerMerchants } from './queries.js';

/** GET /merchant-api/farmer/merchants: the merchants the caller sells for (none when every link was revoked). */
export async function listFarmerMerchants(context: RequestContext): Promise<FarmerMerchant[]> {
  const ctx = requireCaller(context);
  const rows = await farmerMerchants(ctx.db, ctx.caller.merchantIds);
  return rows.map((r) => ({
    merchantUuid: r.merchant_uuid,
    merchantIdentifier: r.merchant_identifier,
    name: r.name,
    statusId: r.status_id,
    city: r.city,
    state: r.state,
    programs: r.programs,
  }));
}
