import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  maskedLastFour,
  MERCHANT_MESSAGES,
  type MerchantBankInfoBody,
  type MerchantBankReveal,
  type MerchantChangeAnswer,
} from '@ebt/core/merchants';
import { merchantBankAccounts, merchants } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { decrypt, seal, type SealedValue } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { findMerchant } from './queries.js';
import { bankAuditView, lockMerchant } from './writes.js';

// PUT /merchant-api/bank-info and GET /merchant-api/merchant/{id}/bank-info (B§5 bank section, B§7;
// docs/decisions/0022). Both need BANK_VIEW (the route declares it) and a merchant in the caller's scope (404 like a
// missing one, decision 0020). The detail shows numbers masked; the form sends a number back masked when the holder
// did not change it, so a masked value keeps the stored ciphertext and only a clear number is sealed anew.

const ENTITY = 'merchant';

async function lockedInScope(ctx: CallerContext, tx: Parameters<typeof lockMerchant>[0], merchantUuid: string) {
  const merchant = await lockMerchant(tx, ctx.caller, merchantUuid.toLowerCase());
  if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
  return merchant;
}

/**
 * What to store for one number: 'keep' when it is the stored number's mask, a new seal when it is clear. Any other
 * masked text (a mask of no stored number, or of another one) is refused: it is neither the old value nor a new one.
 */
function numberChange(
  ctx: CallerContext,
  sent: string,
  storedLast4: string | null | undefined,
  field: string,
): 'keep' | SealedValue {
  if (!sent.startsWith('*')) return seal(sent, ctx.config);
  if (storedLast4 && sent === maskedLastFour(storedLast4)) return 'keep';
  throw AppError.badRequest(MERCHANT_MESSAGES.MASKED_NUMBER_UNKNOWN, field);
}

/** PUT /merchant-api/bank-info: the merchant's bank account and holder, created when the merchant has none. */
export async function updateBankInfo(
  context: RequestContext,
  body: MerchantBankInfoBody,
): Promise<MerchantChangeAnswer> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const merchant = await lockedInScope(ctx, tx, body.merchantUuid);
    const [stored] = await tx
      .select({
        accountNumberLast4: merchantBankAccounts.accountNumberLast4,
        routingNumberLast4: merchantBankAccounts.routingNumberLast4,
      })
      .from(merchantBankAccounts)
      .where(eq(merchantBankAccounts.merchantId, merchant.id));
    const account = numberChange(ctx, body.bankAccountNumber, stored?.accountNumberLast4, 'bankAccountNumber');
    const routing = numberChange(ctx, body.bankRoutingNumber, stored?.routingNumberLast4, 'bankRoutingNumber');
    const before = await bankAuditView(tx, merchant.id);
    const fields = {
      bankName: body.bankName || null,
      accountTypeId: body.bankAccountType,
      firstName: body.firstName,
      middleName: body.middleName || null,
      lastName: body.lastName,
      ...(account === 'keep' ? {} : { accountNumberEncrypted: account.encrypted, accountNumberLast4: account.last4 }),
      ...(routing === 'keep' ? {} : { routingNumberEncrypted: routing.encrypted, routingNumberLast4: routing.last4 }),
      updatedAt: ctx.now(),
    };
    if (stored)
      await tx.update(merchantBankAccounts).set(fields).where(eq(merchantBankAccounts.merchantId, merchant.id));
    else await tx.insert(merchantBankAccounts).values({ uuid: randomUUID(), merchantId: merchant.id, ...fields });
    await tx.update(merchants).set({ updatedAt: ctx.now() }).where(eq(merchants.id, merchant.id));
    const after = await bankAuditView(tx, merchant.id);
    await recordAudit(tx, ctx, {
      action: 'bank_update',
      entity: ENTITY,
      entityId: merchant.uuid,
      before: before ?? {},
      // A replaced number with the same last four would show no change: the flags say it was replaced.
      after: { ...after, accountReplaced: account !== 'keep', routingReplaced: routing !== 'keep' },
    });
    return { message: MERCHANT_MESSAGES.MERCHANT_BANK_INFO_UPDATED };
  });
}

/**
 * GET /merchant-api/merchant/{id}/bank-info: the account, routing and tax numbers decrypted, for the edit form.
 * Every answer writes an audit row naming what was shown, never the numbers ("every read of decrypted
 * bank data is written to the audit log"); the read and its audit row share one transaction.
 */
export async function revealBankInfo(context: RequestContext, merchantUuid: string): Promise<MerchantBankReveal> {
  const ctx = requireCaller(context);
  const keys = { current: ctx.config.encryptionKey, previous: ctx.config.previousEncryptionKeys };
  return ctx.db.transaction(async (tx) => {
    // A read: the merchant in scope, not locked.
    const merchant = await findMerchant(tx, ctx.caller, merchantUuid.toLowerCase());
    if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    const [row] = await tx
      .select({
        taxIdEncrypted: merchants.taxIdEncrypted,
        accountNumberEncrypted: merchantBankAccounts.accountNumberEncrypted,
        routingNumberEncrypted: merchantBankAccounts.routingNumberEncrypted,
      })
      .from(merchants)
      .leftJoin(merchantBankAccounts, eq(merchantBankAccounts.merchantId, merchants.id))
      .where(eq(merchants.id, merchant.id));
    const open = (sealed: string | null | undefined) => (sealed ? decrypt(sealed, keys) : null);
    const answer = {
      bankAccountNumber: open(row?.accountNumberEncrypted),
      bankRoutingNumber: open(row?.routingNumberEncrypted),
      taxId: open(row?.taxIdEncrypted),
    };
    await recordAudit(tx, ctx, {
      action: 'bank_read',
      entity: ENTITY,
      entityId: merchant.uuid,
      after: { shown: Object.entries(answer).flatMap(([field, value]) => (value === null ? [] : [field])) },
    });
    return answer;
  });
}
