import {
  maskedLastFour,
  MERCHANT_MESSAGES,
  type MerchantAddress,
  type MerchantDetail,
  type MerchantProgramMapping,
} from '@ebt/core/merchants';
import { PRIVILEGE } from '@ebt/core/privileges';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findMerchant, findMerchantDetail, merchantMappings } from './queries.js';

// GET /merchant-api/merchant/{id} and …/{id}/mapping (B§2 "Merchant detail", B§3, B§7; resolution 10;
// docs/decisions/0020). One path answered by caller: recipients get the public fields of an active merchant mapped
// (actively) to one of their programs; staff the merchants mapped to their programs, tax and bank fields only with
// BANK_VIEW, and then masked to the last four. Bank and tax numbers are answered from their stored last four, so no
// ciphertext is decrypted on this path.

async function merchantInScope(ctx: CallerContext, merchantUuid: string) {
  const merchant = await findMerchant(ctx.db, ctx.caller, merchantUuid.toLowerCase());
  if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
  return merchant;
}

function addressOf(rows: (MerchantAddress & { kind: string })[], kind: string): MerchantAddress | null {
  const row = rows.find((r) => r.kind === kind);
  if (!row) return null;
  const { kind: _kind, ...address } = row;
  return address;
}

export async function getMerchant(context: RequestContext, merchantUuid: string): Promise<MerchantDetail> {
  const ctx = requireCaller(context);
  const withBank = ctx.caller.scope !== 'self' && ctx.caller.privileges.has(PRIVILEGE.BANK_VIEW);
  const merchant = await findMerchantDetail(ctx.db, ctx.caller, merchantUuid.toLowerCase(), withBank);
  if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
  const { addresses, mappings } = merchant;
  const publicFields = {
    merchantUuid: merchant.uuid,
    merchantStatusId: merchant.statusId,
    merchantName: merchant.name,
    email: merchant.email,
    businessPhone: merchant.businessPhone,
    mobilePhone: merchant.mobilePhone,
    merchantPrograms: mappings,
    addressInfo: addressOf(addresses, 'registered'),
    mailingAddress: addressOf(addresses, 'mailing'),
    physicalAddress: addressOf(addresses, 'physical'),
    // Public: the locator shows every merchant's pin; the recipient's detail links the locator centred on it.
    latitude: merchant.latitude === null ? null : Number(merchant.latitude),
    longitude: merchant.longitude === null ? null : Number(merchant.longitude),
  };
  const hidden = { taxId: null, taxClassId: null, tinTypeId: null, bankAccountInfo: null };
  if (ctx.caller.scope === 'self')
    return {
      ...publicFields,
      ...hidden,
      merchantIdentifier: null,
      fnsNumber: null,
      creationChannel: null,
      updationChannel: null,
    };

  const staffFields = {
    ...publicFields,
    merchantIdentifier: merchant.merchantIdentifier,
    fnsNumber: merchant.fnsNumber,
    creationChannel: merchant.creationChannel,
    updationChannel: merchant.updationChannel,
  };
  if (!withBank) return { ...staffFields, ...hidden };

  const { bank } = merchant;
  return {
    ...staffFields,
    taxId: maskedLastFour(merchant.taxIdLast4),
    taxClassId: merchant.taxClassId,
    tinTypeId: merchant.tinTypeId,
    bankAccountInfo: bank
      ? {
          bankUuid: bank.bankUuid,
          bankName: bank.bankName,
          bankAccountNumber: maskedLastFour(bank.accountNumberLast4),
          bankRoutingNumber: maskedLastFour(bank.routingNumberLast4),
          bankAccountType: bank.bankAccountType,
          firstName: bank.firstName,
          middleName: bank.middleName,
          lastName: bank.lastName,
        }
      : null,
  };
}

/** GET /merchant-api/merchant/{id}/mapping: the merchant's programs the caller sees (404 out of scope). */
export async function getMerchantMappings(
  context: RequestContext,
  merchantUuid: string,
): Promise<MerchantProgramMapping[]> {
  const ctx = requireCaller(context);
  const merchant = await merchantInScope(ctx, merchantUuid);
  return merchantMappings(ctx.db, ctx.caller, merchant.id);
}
