import {
  canTakeCardAction,
  PAN_MESSAGES,
  reportedStatus,
  type CardActionBody,
  type CardChanged,
  type RecipientCard,
} from '@ebt/core/pans';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { revokeCardDevices } from '../card-devices/index.js';
import { noticeToRecipient, noticeToStaff } from './notices.js';
import { ownCards } from './pins.js';
import { panById, updatePan } from './queries.js';

// The recipient's card controls (decision 0037): their own cards, masked, and Lock / Unlock / Report lost or stolen.
// Scoped to the caller's own accounts: another recipient's card answers 404 like a missing one.

/** GET /account-api/pans/currentuser: the cards of the recipient's accounts, newest first, last four digits only. */
export async function listMyCards(context: RequestContext): Promise<RecipientCard[]> {
  const ctx = requireCaller(context);
  return ownCards(ctx);
}

const ANSWER = {
  lock: PAN_MESSAGES.CARD_LOCKED,
  unlock: PAN_MESSAGES.CARD_UNLOCKED,
  lost: PAN_MESSAGES.CARD_REPORTED_LOST,
  stolen: PAN_MESSAGES.CARD_REPORTED_STOLEN,
} as const;

/**
 * PATCH /account-api/pans/currentuser/{panId} with an action. Lock and unlock set the lock (the transaction engine
 * declines a locked card); lost and stolen set the status at once (final), tell the program's staff and the recipient
 * (per their preferences). Only an Active card takes an action (422 otherwise). Every action is audited.
 */
export async function changeMyCard(context: RequestContext, panId: number, body: CardActionBody): Promise<CardChanged> {
  const ctx = requireCaller(context);
  const { action } = body;
  await ctx.db.transaction(async (tx) => {
    const pan = await panById(tx, panId, true);
    if (!pan || !ctx.caller.accountIds.includes(pan.accountId)) throw AppError.notFound(PAN_MESSAGES.CARD_NOT_FOUND);
    if (!canTakeCardAction(pan, action)) throw AppError.unprocessable(PAN_MESSAGES.CARD_ACTION_NOT_ALLOWED);
    if (action === 'lock' || action === 'unlock') {
      const locked = action === 'lock';
      await updatePan(tx, pan.id, { locked, updatedAt: ctx.now() });
      await recordAudit(tx, ctx, {
        action,
        entity: 'pan',
        entityId: pan.id,
        before: { locked: pan.locked },
        after: { locked },
      });
      return;
    }
    const statusId = reportedStatus(action);
    await updatePan(tx, pan.id, { panStatusId: statusId, updatedAt: ctx.now() });
    // A lost or stolen card's phones make no more pay codes (decision 0108).
    await revokeCardDevices(tx, pan.id, ctx.now(), ctx.caller.userId);
    await noticeToRecipient(tx, ctx, pan, statusId, true);
    await noticeToStaff(tx, ctx, pan, statusId);
    await recordAudit(tx, ctx, {
      action: 'report',
      entity: 'pan',
      entityId: pan.id,
      before: { statusId: pan.panStatusId },
      after: { statusId },
    });
  });
  const card = (await ownCards(ctx)).find((c) => c.panId === panId)!;
  return { message: ANSWER[action], card };
}
