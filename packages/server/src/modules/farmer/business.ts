import { FARMER_MESSAGES, type FarmerBusiness } from '@ebt/core/farmer';
import { maskedLastFour } from '@ebt/core/merchants';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { callerMerchant } from './merchant-scope.js';
import { farmerMerchants, merchantBusiness } from './queries.js';

// The merchant's business as its farmer sees it (docs/farmer-app.md "My business"): its programs, its addresses (the
// market stall's place first) and the bank account payouts go to, by the stored last four digits of its numbers as
// staff bank screens show them; the encrypted numbers are never read here.

/** GET /merchant-api/farmer/merchants/{merchantUuid}/business */
export async function getBusiness(context: RequestContext, merchantUuid: string): Promise<FarmerBusiness> {
  const ctx = requireCaller(context);
  const merchant = await callerMerchant(ctx, merchantUuid);
  const [withPrograms] = await farmerMerchants(ctx.db, [merchant.id]);
  const row = await merchantBusiness(ctx.db, merchant.id);
  if (!withPrograms || !row) throw AppError.notFound(FARMER_MESSAGES.MERCHANT_NOT_FOUND);
  const bank = row.bank;
  return {
    merchantUuid: merchant.uuid,
    merchantIdentifier: merchant.identifier,
    name: merchant.name,
    statusId: row.status_id,
    email: row.email,
    phone: row.phone,
    programs: withPrograms.programs,
    locations: row.locations,
    bank: bank
      ? {
          bankName: bank.bankName,
          accountNumber: bank.accountLast4 ? maskedLastFour(bank.accountLast4) : null,
          routingNumber: bank.routingLast4 ? maskedLastFour(bank.routingLast4) : null,
          accountTypeId: bank.accountTypeId,
          complete: bank.complete,
        }
      : null,
  };
}
