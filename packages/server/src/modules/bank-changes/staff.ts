import { and, eq } from 'drizzle-orm';
import {
  BANK_CHANGE_LIST_MAX,
  BANK_CHANGE_MESSAGES,
  type BankChangeMessage,
  type RefuseBankChangeBody,
  type StaffBankChangeList,
} from '@ebt/core/bank-changes';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import type { DbOrTx } from '../../db/client.js';
import { merchantBankChangeRequests as r, merchants } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { decrypt } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { lockMerchant, merchantVisible, updateBankInfo } from '../merchants/index.js';
import { tellFarmers } from './notices.js';
import { lockRequest, type RequestRow, requestViews } from './queries.js';
import { staffView } from './view.js';

// The staff side: BANK_VIEW holders (the routes declare it) of a merchant in their scope (404 like a missing one, as
// the merchant page) see its requests, confirm one or refuse it. A confirm is a bank save (merchants' updateBankInfo,
// which seals, locks and audits 'bank_update' with the masked before and after) inside this transaction, so the
// account and the request's status change together or not at all.

const ENTITY = 'merchant';

/** GET /merchant-api/merchant/{id}/bank-change-requests */
export async function listBankChanges(context: RequestContext, merchantUuid: string): Promise<StaffBankChangeList> {
  const ctx = requireCaller(context);
  const [merchant] = await ctx.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.uuid, merchantUuid.toLowerCase()), merchantVisible(ctx.db, ctx.caller)));
  if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
  return (await requestViews(ctx.db, merchant.id, BANK_CHANGE_LIST_MAX)).map(staffView);
}

/** The merchant locked in scope and its pending request locked; 404 and 409 otherwise. */
async function pendingOf(ctx: CallerContext, tx: DbOrTx, merchantUuid: string, requestUuid: string) {
  const merchant = await lockMerchant(tx, ctx.caller, merchantUuid.toLowerCase());
  if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
  const request = await lockRequest(tx, merchant.id, requestUuid);
  if (!request) throw AppError.notFound(BANK_CHANGE_MESSAGES.REQUEST_NOT_FOUND);
  if (request.status !== 'pending') throw AppError.conflict(BANK_CHANGE_MESSAGES.NOT_PENDING);
  return { merchant, request };
}

async function decide(
  ctx: CallerContext,
  tx: DbOrTx,
  request: RequestRow,
  status: 'applied' | 'refused',
  reason?: string,
) {
  await tx
    .update(r)
    .set({ status, decidedBy: ctx.caller.userId, decidedAt: ctx.now(), refusalReason: reason ?? null })
    .where(eq(r.id, request.id));
}

/** POST …/bank-change-requests/{requestUuid}/confirm */
export async function confirmBankChange(
  context: RequestContext,
  merchantUuid: string,
  requestUuid: string,
): Promise<BankChangeMessage> {
  const ctx = requireCaller(context);
  const keys = { current: ctx.config.encryptionKey, previous: ctx.config.previousEncryptionKeys };
  return ctx.db.transaction(async (tx) => {
    const { merchant, request } = await pendingOf(ctx, tx, merchantUuid, requestUuid);
    // The numbers in clear only for the bank save, which seals them anew under the current key.
    await updateBankInfo(
      { ...ctx, db: tx },
      {
        merchantUuid: merchant.uuid,
        bankName: request.bankName,
        bankAccountNumber: decrypt(request.accountNumberEncrypted, keys),
        bankRoutingNumber: decrypt(request.routingNumberEncrypted, keys),
        bankAccountType: request.accountTypeId as 0 | 1,
        firstName: request.firstName,
        middleName: request.middleName,
        lastName: request.lastName,
      },
    );
    await decide(ctx, tx, request, 'applied');
    await recordAudit(tx, ctx, {
      action: 'bank_change_confirm',
      entity: ENTITY,
      entityId: merchant.uuid,
      before: { request: request.uuid, status: 'pending' },
      after: {
        request: request.uuid,
        status: 'applied',
        accountMasked: `****${request.accountNumberLast4}`,
        routingMasked: `****${request.routingNumberLast4}`,
      },
    });
    await tellFarmers(tx, ctx, merchant, { applied: true, last4: request.accountNumberLast4 });
    return { message: BANK_CHANGE_MESSAGES.APPLIED };
  });
}

/** POST …/bank-change-requests/{requestUuid}/refuse: the account stays as it is. */
export async function refuseBankChange(
  context: RequestContext,
  merchantUuid: string,
  requestUuid: string,
  body: RefuseBankChangeBody,
): Promise<BankChangeMessage> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const { merchant, request } = await pendingOf(ctx, tx, merchantUuid, requestUuid);
    await decide(ctx, tx, request, 'refused', body.reason);
    await recordAudit(tx, ctx, {
      action: 'bank_change_refuse',
      entity: ENTITY,
      entityId: merchant.uuid,
      before: { request: request.uuid, status: 'pending' },
      after: { request: request.uuid, status: 'refused', reason: body.reason },
    });
    await tellFarmers(tx, ctx, merchant, { applied: false, reason: body.reason });
    return { message: BANK_CHANGE_MESSAGES.REFUSED };
  });
}
