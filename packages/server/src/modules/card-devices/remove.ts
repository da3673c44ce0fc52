import { CARD_DEVICE_MESSAGES } from '@ebt/core/card-devices';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mayReachCard } from './list.js';
import { noticeOfRemoval } from './notices.js';
import { panById } from '../pans/index.js';
import { lockActiveDevice, revokeDevice } from './queries.js';

// Removing a phone from a card (decision 0108): from then on the engine refuses the codes it makes. The row stays,
// revoked (revoked_at, revoked_by), so a code made before is still explained in the audit trail.

async function removeDevice(context: RequestContext, panId: number, deviceUuid: string, own: boolean): Promise<void> {
  const ctx = requireCaller(context);
  await ctx.db.transaction(async (tx) => {
    const card = await panById(tx, panId);
    if (!card || !mayReachCard(ctx.caller, card, own)) throw AppError.notFound(CARD_DEVICE_MESSAGES.CARD_NOT_FOUND);
    const device = await lockActiveDevice(tx, card.id, deviceUuid.toLowerCase());
    if (!device) throw AppError.notFound(CARD_DEVICE_MESSAGES.DEVICE_NOT_FOUND);
    const at = ctx.now();
    await revokeDevice(tx, device.id, at, ctx.caller.userId);
    // Staff took it away: the recipient hears of it (their own removal needs no notice).
    if (!own) await noticeOfRemoval(tx, ctx, card, device.name);
    await recordAudit(tx, ctx, {
      action: 'revoke',
      entity: 'card_device',
      entityId: device.id,
      before: { revokedAt: null },
      after: { cardId: card.id, deviceUuid: device.uuid, revokedAt: at.toISOString() },
    });
  });
}

/** DELETE /account-api/pans/currentuser/{panId}/devices/{deviceUuid}: one of the recipient's own phones. */
export const removeOwnCardDevice = (context: RequestContext, panId: number, deviceUuid: string) =>
  removeDevice(context, panId, deviceUuid, true);

/** DELETE /account-api/pans/{panId}/devices/{deviceUuid} (staff): the recipient is told. */
export const removeCardDevice = (context: RequestContext, panId: number, deviceUuid: string) =>
  removeDevice(context, panId, deviceUuid, false);
