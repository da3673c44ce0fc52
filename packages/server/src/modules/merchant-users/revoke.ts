import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { MERCHANT_USER_MESSAGES, type MerchantUserMessage } from '@ebt/core/merchant-users';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { lockMerchant } from '../merchants/index.js';
import { lockLinkedUser, revokeLink, revokePhonesOf } from './queries.js';

// DELETE /merchant-api/merchant/{id}/users/{userUuid} (decision 0109): 'Disable' on the merchant's page ends the
// person's link to this merchant, not their account: their other merchants, which the caller may not see, keep them.
// The farmer's caller reads live links on every request, so the merchant leaves their scope at their next request, and
// the phones they registered for it stop selling at once.
// The link is kept with who revoked it and when; inviting the person again renews it.

export async function revokeMerchantUser(
  context: RequestContext,
  merchantUuid: string,
  userUuid: string,
): Promise<MerchantUserMessage> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const merchant = await lockMerchant(tx, ctx.caller, merchantUuid.toLowerCase());
    if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    const person = await lockLinkedUser(tx, ctx.caller, merchant.id, userUuid.toLowerCase(), { withRevoked: true });
    if (!person) throw AppError.notFound(MERCHANT_USER_MESSAGES.PERSON_NOT_FOUND);
    // Disabling a person already disabled answers the same and writes nothing.
    if (await revokeLink(tx, person.id, merchant.id, ctx.caller.userId, ctx.now())) {
      await recordAudit(tx, ctx, {
        action: 'revoke',
        entity: 'merchant_user',
        entityId: `${merchant.uuid}:${person.uuid}`,
        before: { merchantUuid: merchant.uuid, username: person.username, linked: true },
        after: { merchantUuid: merchant.uuid, username: person.username, linked: false },
      });
      const phones = await revokePhonesOf(tx, person.id, merchant.id, ctx.caller.userId, ctx.now());
      if (phones.length > 0)
        await recordAudit(
          tx,
          ctx,
          phones.map((terminalId) => ({
            action: 'phone_revoke',
            entity: 'merchant',
            entityId: merchant.uuid,
            before: { terminalId, revoked: false },
            after: { terminalId, revoked: true },
          })),
        );
    }
    return { message: MERCHANT_USER_MESSAGES.PERSON_DISABLED };
  });
}
