import { PAN_MESSAGES, type PanRevealed } from '@ebt/core/pans';
import { recordAudit } from '../../platform/audit.js';
import { canSeeAgency } from '../../platform/caller.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { decrypt } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { panById } from './queries.js';
import { keyring } from './recipient-pans.js';

// Revealing one whole card number to staff (decision 0097). The engine spends on the number alone, so a whole PAN is
// a credential: staff lists answer it masked, and the whole number leaves only here (and on the printed card), to a
// holder of the printing privilege (the route declares BULK_PAN_GEN), one card a request, each reveal audited.

/**
 * The PAN when the caller may see it (404 'The PAN was not found.' otherwise), after the audit row of its whole
 * number leaving (`action` on `pan`: who, when, which card by its id, last four and account; audit.ts redacts any field
 * named like a PAN), so no number leaves without its row. A reveal and a printed card alike.
 */
export async function panShownWhole(ctx: CallerContext, panId: number, action: 'reveal' | 'print') {
  const pan = await panById(ctx.db, panId);
  if (!pan || !canSeeAgency(ctx.caller, pan.programId, pan.agencyId))
    throw AppError.notFound(PAN_MESSAGES.CARD_NOT_FOUND);
  // Nothing changes, so no before.
  await recordAudit(ctx.db, ctx, {
    action,
    entity: 'pan',
    entityId: pan.id,
    after: { last4: pan.panLast4, accountIdentifier: pan.recipientIdentifier, programId: pan.programId },
  });
  return pan;
}

/**
 * POST /account-api/pans/{panId}/reveal: the PAN's whole number. Scoped as the PANs list is (the PAN's account in
 * the caller's scope: agency staff their agencies' recipients, program admins their programs, platform admins all;
 * a printed PAN not yet assigned is program-level); out of scope or missing answers 404 'The PAN was not found.'.
 * The audit row (who, when, which card: the PAN's id, its last four and its account) is written before the number
 * is decrypted, so no number leaves without its row.
 */
export async function revealPan(context: RequestContext, panId: number): Promise<PanRevealed> {
  const ctx = requireCaller(context);
  const pan = await panShownWhole(ctx, panId, 'reveal');
  return { panId: pan.id, pan: decrypt(pan.panEncrypted, keyring(ctx)) };
}
