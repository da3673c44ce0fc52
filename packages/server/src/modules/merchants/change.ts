import { and, eq } from 'drizzle-orm';
import {
  MERCHANT_MESSAGES,
  type MerchantChangeAnswer,
  merchantFormAddresses,
  type MerchantMappingParams,
  type MerchantStatusBody,
  type UpdateMerchantBody,
} from '@ebt/core/merchants';
import { MERCHANT_PROGRAM_STATUS } from '@ebt/core/enums';
import { PRIVILEGE } from '@ebt/core/privileges';
import type { DbOrTx } from '../../db/client.js';
import { merchantPrograms, merchants } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { canSeeProgram } from '../../platform/caller.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { seal } from '../../platform/crypto.js';
import {
  identifierTaken,
  merchantAuditView,
  lockMapping,
  lockMerchant,
  placeFormAddresses,
  saveAddresses,
} from './writes.js';

// PUT /merchant-api/merchant, PATCH /merchant-api/merchant/{id} and PUT /merchant-api/merchant/{uuid}/{programId}/{0|1}
// (B§4, B§5 "Merchant form", B§7; docs/decisions/0021). Each is one transaction: the merchant's row locked first,
// then the change and its audit row with before and after. Out of scope answers 404 like missing (decision 0020).

const ENTITY = 'merchant';

async function lockedInScope(ctx: CallerContext, tx: DbOrTx, merchantUuid: string) {
  const merchant = await lockMerchant(tx, ctx.caller, merchantUuid.toLowerCase());
  if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
  return merchant;
}

/** PUT /merchant-api/merchant: the whole form. Without BANK_VIEW the tax fields in the body are ignored (B§5). */
export async function updateMerchant(context: RequestContext, body: UpdateMerchantBody): Promise<MerchantChangeAnswer> {
  const ctx = requireCaller(context);
  const bankView = ctx.caller.privileges.has(PRIVILEGE.BANK_VIEW);
  const sealedTax = bankView && body.taxId ? seal(body.taxId, ctx.config) : null;
  const addresses = await placeFormAddresses(ctx, merchantFormAddresses(body));
  return ctx.db.transaction(async (tx) => {
    const merchant = await lockedInScope(ctx, tx, body.merchantUuid);
    if (await identifierTaken(tx, body.merchantIdentifier, merchant.id))
      throw AppError.conflict(MERCHANT_MESSAGES.MERCHANT_ID_EXISTS, 'merchantIdentifier');
    const before = await merchantAuditView(tx, merchant);
    try {
      await tx
        .update(merchants)
        .set({
          merchantIdentifier: body.merchantIdentifier,
          name: body.merchantName,
          fnsNumber: body.fnsNumber || null,
          email: body.email,
          businessPhone: body.businessPhone,
          mobilePhone: body.mobilePhone,
          ...(bankView ? { taxClassId: body.taxClassId ?? null, tinTypeId: body.tinTypeId ?? null } : {}),
          ...(sealedTax ? { taxIdEncrypted: sealedTax.encrypted, taxIdLast4: sealedTax.last4 } : {}),
          updationChannel: body.updationChannel ?? 'API',
          updatedAt: ctx.now(),
        })
        .where(eq(merchants.id, merchant.id));
    } catch (error) {
      if (isUniqueViolation(error, 'merchants_identifier_key'))
        throw AppError.conflict(MERCHANT_MESSAGES.MERCHANT_ID_EXISTS, 'merchantIdentifier');
      throw error;
    }
    await saveAddresses(tx, merchant.id, addresses);
    const after = await merchantAuditView(tx, (await lockMerchant(tx, ctx.caller, merchant.uuid))!);
    await recordAudit(tx, ctx, {
      action: 'update',
      entity: ENTITY,
      entityId: merchant.uuid,
      // A new tax id shows as a flag: its value never enters the log.
      before,
      after: sealedTax ? { ...after, federalTinReplaced: true } : after,
    });
    return { message: MERCHANT_MESSAGES.MERCHANT_INFO_UPDATED };
  });
}

/** PATCH /merchant-api/merchant/{id}: merchantStatusId 0 Active, 1 Inactive (B§4, resolution 23). */
export async function changeMerchantStatus(
  context: RequestContext,
  merchantUuid: string,
  body: MerchantStatusBody,
): Promise<MerchantChangeAnswer> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const merchant = await lockedInScope(ctx, tx, merchantUuid);
    const updationChannel = body.updationChannel ?? 'API';
    await tx
      .update(merchants)
      .set({ statusId: body.merchantStatusId, updationChannel, updatedAt: ctx.now() })
      .where(eq(merchants.id, merchant.id));
    await recordAudit(tx, ctx, {
      action: 'status',
      entity: ENTITY,
      entityId: merchant.uuid,
      before: { merchantStatusId: merchant.statusId, updationChannel: merchant.updationChannel },
      after: { merchantStatusId: body.merchantStatusId, updationChannel },
    });
    return { message: MERCHANT_MESSAGES.MERCHANT_STATUS_UPDATED };
  });
}

/**
 * PUT /merchant-api/merchant/{merchantUuid}/{programId}/{0|1} (B§4): the mapping's status, only for a program the
 * caller can see; a program out of scope answers 404 like a missing one. Status 0 (Active) for a program the merchant
 * is not mapped to yet maps it (decision 0116): a farmer who sells in two programs stays one merchant, with one bank
 * account and one login. Status 1 for a missing mapping is still 404: there is nothing to inactivate.
 */
export async function changeMerchantProgramStatus(
  context: RequestContext,
  params: MerchantMappingParams,
): Promise<MerchantChangeAnswer> {
  const ctx = requireCaller(context);
  if (!canSeeProgram(ctx.caller, params.programId)) throw AppError.notFound(MERCHANT_MESSAGES.MAPPING_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const merchant = await lockedInScope(ctx, tx, params.merchantUuid);
    const mapping = await lockMapping(tx, merchant.id, params.programId);
    if (!mapping && params.statusId === MERCHANT_PROGRAM_STATUS.ACTIVE) {
      // Two callers adding the same program at once: the second finds the row and changes nothing.
      const added = await tx
        .insert(merchantPrograms)
        .values({ merchantId: merchant.id, programId: params.programId, statusId: params.statusId })
        .onConflictDoNothing()
        .returning({ programId: merchantPrograms.programId });
      if (added.length > 0)
        await recordAudit(tx, ctx, {
          action: 'create',
          entity: 'merchant_program',
          entityId: `${merchant.uuid}/${params.programId}`,
          after: { statusId: params.statusId },
        });
      return { message: MERCHANT_MESSAGES.MERCHANT_PROGRAM_ADDED };
    }
    if (!mapping) throw AppError.notFound(MERCHANT_MESSAGES.MAPPING_NOT_FOUND);
    await tx
      .update(merchantPrograms)
      .set({ statusId: params.statusId, updatedAt: ctx.now() })
      .where(and(eq(merchantPrograms.merchantId, merchant.id), eq(merchantPrograms.programId, params.programId)));
    await recordAudit(tx, ctx, {
      action: 'status',
      entity: 'merchant_program',
      entityId: `${merchant.uuid}/${params.programId}`,
      before: { statusId: mapping.statusId },
      after: { statusId: params.statusId },
    });
    return { message: MERCHANT_MESSAGES.MERCHANT_PROGRAM_STATUS_UPDATED };
  });
}
