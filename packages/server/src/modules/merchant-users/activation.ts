import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { MERCHANT_USER_MESSAGES, type MerchantUserMessage } from '@ebt/core/merchant-users';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { assertHeldWhole } from '../../platform/user-scope.js';
import { lockMerchant } from '../merchants/index.js';
import { issueActivationLink } from '../recovery/index.js';
import { lockLinkedUser } from './queries.js';

// POST /merchant-api/merchant/{id}/users/{userUuid}/activation (decision 0109): a new activation e-mail for a person
// of this merchant who has not activated. An activation link is a change to the person's login (decision 0096), so
// the caller must hold them wholly: every merchant they sell for is in the caller's scope. A person seen only in part
// answers the 404 of one outside it, and the refusal is audited (UserOutOfReach).

export async function resendMerchantUserActivation(
  context: RequestContext,
  merchantUuid: string,
  userUuid: string,
): Promise<MerchantUserMessage> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const merchant = await lockMerchant(tx, ctx.caller, merchantUuid.toLowerCase());
    if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    const person = await lockLinkedUser(tx, ctx.caller, merchant.id, userUuid.toLowerCase());
    if (!person) throw AppError.notFound(MERCHANT_USER_MESSAGES.PERSON_NOT_FOUND);
    assertHeldWhole(person, MERCHANT_USER_MESSAGES.PERSON_NOT_FOUND);
    // A person who activated already gets 409 ('This user has already activated the account.'), as for staff users.
    await issueActivationLink(tx, ctx, person);
    await recordAudit(tx, ctx, {
      action: 'send-activation',
      entity: 'user',
      entityId: person.uuid,
      after: { activationLink: 'sent', merchantUuid: merchant.uuid },
    });
    return { message: MERCHANT_USER_MESSAGES.ACTIVATION_SENT };
  });
}
