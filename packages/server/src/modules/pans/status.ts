import { PAN_MESSAGES, panStatusProblem, type PanStatusBody, type PanStatused } from '@ebt/core/pans';
import { recordAudit } from '../../platform/audit.js';
import { canSeeAgency } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { revokeCardDevices } from '../card-devices/index.js';
import { noticeToRecipient } from './notices.js';
import { panById, updatePan } from './queries.js';

/**
 * PATCH /benefit-api/pans/{panId} with panStatusId (B§4): Lost (1), Stolen (2) or Inactive (4), 'The pan has been
 * statused.'. Lost, Stolen and Used are final; an Active PAN can be set Inactive (decision 0036). One transaction:
 * the PAN locked, the change, the recipient's notice (their card changed), the audit row. A PAN outside the caller's
 * scope answers 404 like a missing one.
 */
export async function setPanStatus(context: RequestContext, panId: number, body: PanStatusBody): Promise<PanStatused> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const pan = await panById(tx, panId, true);
    if (!pan || !canSeeAgency(ctx.caller, pan.programId, pan.agencyId))
      throw AppError.notFound(PAN_MESSAGES.CARD_NOT_FOUND);
    const problem = panStatusProblem(pan.panStatusId, body.panStatusId);
    if (problem) throw AppError.unprocessable(problem);
    await updatePan(tx, pan.id, { panStatusId: body.panStatusId, updatedAt: ctx.now() });
    // Lost, Stolen or Inactive: the card's phones make no more pay codes (decision 0108).
    await revokeCardDevices(tx, pan.id, ctx.now(), ctx.caller.userId);
    await noticeToRecipient(tx, ctx, pan, body.panStatusId, false);
    await recordAudit(tx, ctx, {
      action: 'status',
      entity: 'pan',
      entityId: pan.id,
      before: { statusId: pan.panStatusId },
      after: { statusId: body.panStatusId },
    });
    return { panId: pan.id, panStatusId: body.panStatusId, message: PAN_MESSAGES.PAN_STATUSED };
  });
}
