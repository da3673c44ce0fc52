import {
  type Phone,
  PHONE_TERMINAL_MESSAGES,
  type PhoneRemoved,
  type RegisteredPhone,
  type RegisterPhoneBody,
} from '@ebt/core/phone-terminals';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { addTerminal, revokeTerminalOf } from '../merchants/index.js';
import { callerPhones, lockCallerMerchant } from './queries.js';

// A farmer user's phone as a terminal (decision 0110): registered, listed and removed by the farmer users of the
// merchant, never of another (404 like a missing one). Adding and revoking are the staff terminals' own code (the
// active-terminal limit, the secret's hash, the audit), only the scope is the farmer's: caller.merchantIds.

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/** POST /merchant-api/farmer/merchants/{merchantUuid}/phones: the credential, its secret this once. */
export async function registerPhone(
  context: RequestContext,
  merchantUuid: string,
  body: RegisterPhoneBody,
): Promise<RegisteredPhone> {
  const ctx = requireCaller(context);
  const added = await addTerminal(ctx, (tx) => lockCallerMerchant(tx, ctx.caller.merchantIds, merchantUuid), {
    name: body.name,
    kind: 'phone',
    action: 'phone_register',
  });
  return {
    merchantUuid: added.merchantUuid,
    terminalId: added.terminalCode,
    secret: added.secret,
    name: body.name,
    registeredAt: added.createdAt.toISOString(),
  };
}

/** GET /merchant-api/farmer/phones */
export async function listPhones(context: RequestContext): Promise<Phone[]> {
  const ctx = requireCaller(context);
  const rows = await callerPhones(ctx.db, ctx.caller.merchantIds);
  return rows.map((r) => ({
    merchantUuid: r.merchantUuid,
    merchantName: r.merchantName,
    terminalId: r.terminalId,
    name: r.name,
    registeredBy: r.registeredBy,
    registeredAt: r.registeredAt.toISOString(),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
  }));
}

/**
 * DELETE /merchant-api/farmer/merchants/{merchantUuid}/phones/{terminalId}: the engine refuses the phone at its next
 * call. Only a phone: a terminal staff issued is theirs to revoke, and is not found here.
 */
export async function removePhone(
  context: RequestContext,
  merchantUuid: string,
  terminalCode: string,
): Promise<PhoneRemoved> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const merchant = await lockCallerMerchant(tx, ctx.caller.merchantIds, merchantUuid);
    if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    const found = await revokeTerminalOf(tx, ctx, merchant, terminalCode, { action: 'phone_revoke', kind: 'phone' });
    if (!found) throw AppError.notFound(PHONE_TERMINAL_MESSAGES.PHONE_NOT_FOUND);
    return { message: PHONE_TERMINAL_MESSAGES.PHONE_REMOVED };
  });
}
