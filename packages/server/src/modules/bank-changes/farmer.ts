import { and, eq } from 'drizzle-orm';
import {
  BANK_CHANGE_MESSAGES,
  type BankChangeMessage,
  type BankChangeRequest,
  type BankChangeRequestBody,
  type FarmerBankChange,
} from '@ebt/core/bank-changes';
import { FARMER_MESSAGES } from '@ebt/core/farmer';
import { merchantBankChangeRequests as r } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { seal } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { tellBankStaff } from './notices.js';
import { farmerMerchant, lockMerchantRow, lockRequest, requestViews } from './queries.js';
import { farmerView } from './view.js';

// The farmer's side (docs/farmer-app.md "Changing your bank account"): ask, see, withdraw. The numbers are sealed as
// merchant_bank_accounts seals them (platform/crypto.ts seal: ciphertext and last four) and never answered whole.
// Nothing is paid to them until staff confirm.

const ENTITY = 'merchant';

async function merchantOf(ctx: CallerContext, merchantUuid: string) {
  const merchant = await farmerMerchant(ctx.db, ctx.caller.merchantIds, merchantUuid);
  if (!merchant) throw AppError.notFound(FARMER_MESSAGES.MERCHANT_NOT_FOUND);
  return merchant;
}

/**
 * POST …/bank-change-requests: a new request. One still pending is replaced (it becomes 'withdrawn'), so a farmer who
 * mistyped simply asks again; the partial unique index keeps one pending per merchant whatever races.
 */
export async function requestBankChange(
  context: RequestContext,
  merchantUuid: string,
  body: BankChangeRequestBody,
): Promise<BankChangeRequest> {
  const ctx = requireCaller(context);
  const merchant = await merchantOf(ctx, merchantUuid);
  const account = seal(body.bankAccountNumber, ctx.config);
  const routing = seal(body.bankRoutingNumber, ctx.config);
  return ctx.db.transaction(async (tx) => {
    await lockMerchantRow(tx, merchant.id);
    const now = ctx.now();
    const replaced = await tx
      .update(r)
      .set({ status: 'withdrawn', decidedBy: ctx.caller.userId, decidedAt: now })
      .where(and(eq(r.merchantId, merchant.id), eq(r.status, 'pending')))
      .returning({ uuid: r.uuid });
    const [row] = await tx
      .insert(r)
      .values({
        merchantId: merchant.id,
        requestedBy: ctx.caller.userId,
        requestedAt: now,
        bankName: body.bankName || null,
        accountNumberEncrypted: account.encrypted,
        accountNumberLast4: account.last4,
        routingNumberEncrypted: routing.encrypted,
        routingNumberLast4: routing.last4,
        accountTypeId: body.bankAccountType,
        firstName: body.firstName,
        middleName: body.middleName || null,
        lastName: body.lastName,
        note: body.note || null,
      })
      .returning({ uuid: r.uuid });
    await recordAudit(tx, ctx, {
      action: 'bank_change_request',
      entity: ENTITY,
      entityId: merchant.uuid,
      after: {
        request: row!.uuid,
        accountMasked: `****${account.last4}`,
        routingMasked: `****${routing.last4}`,
        ...(replaced[0] ? { replaced: replaced[0].uuid } : {}),
      },
    });
    await tellBankStaff(tx, ctx, merchant);
    const [view] = await requestViews(tx, merchant.id, 1);
    return farmerView(view!);
  });
}

/** GET …/bank-change-requests: the pending request, else the last decided one; null when there is none. */
export async function latestBankChange(context: RequestContext, merchantUuid: string): Promise<FarmerBankChange> {
  const ctx = requireCaller(context);
  const merchant = await merchantOf(ctx, merchantUuid);
  const [row] = await requestViews(ctx.db, merchant.id, 1);
  return { request: row ? farmerView(row) : null };
}

/** DELETE …/bank-change-requests/{requestUuid}: withdraws a pending request; a decided one answers 409. */
export async function withdrawBankChange(
  context: RequestContext,
  merchantUuid: string,
  requestUuid: string,
): Promise<BankChangeMessage> {
  const ctx = requireCaller(context);
  const merchant = await merchantOf(ctx, merchantUuid);
  return ctx.db.transaction(async (tx) => {
    await lockMerchantRow(tx, merchant.id);
    const request = await lockRequest(tx, merchant.id, requestUuid);
    if (!request) throw AppError.notFound(BANK_CHANGE_MESSAGES.REQUEST_NOT_FOUND);
    if (request.status !== 'pending') throw AppError.conflict(BANK_CHANGE_MESSAGES.NOT_PENDING);
    await tx
      .update(r)
      .set({ status: 'withdrawn', decidedBy: ctx.caller.userId, decidedAt: ctx.now() })
      .where(eq(r.id, request.id));
    await recordAudit(tx, ctx, {
      action: 'bank_change_withdraw',
      entity: ENTITY,
      entityId: merchant.uuid,
      before: { request: request.uuid, status: 'pending' },
      after: { request: request.uuid, status: 'withdrawn' },
    });
    return { message: BANK_CHANGE_MESSAGES.WITHDRAWN };
  });
}
