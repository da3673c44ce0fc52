import { CARD_DEVICE_MESSAGES, type CardDevice } from '@ebt/core/card-devices';
import { canSeeAgency, type Caller } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { cardWithDevices, type DeviceCard } from './queries.js';

// The phones of a card (decision 0108): the recipient's own card, or a PAN in the staff member's scope (the PANs
// page's rule: their programs or agencies). Outside it, 404 like a missing card.

/** Whether the caller may see the card's phones: the recipient their own cards, staff those of their scope. */
export function mayReachCard(caller: Caller, card: DeviceCard, own: boolean): boolean {
  return own ? caller.accountIds.includes(card.accountId) : canSeeAgency(caller, card.programId, card.agencyId);
}

async function listDevices(context: RequestContext, panId: number, own: boolean): Promise<CardDevice[]> {
  const ctx = requireCaller(context);
  const rows = await cardWithDevices(ctx.db, panId);
  const card = rows[0]?.card;
  if (!card || !mayReachCard(ctx.caller, card, own)) throw AppError.notFound(CARD_DEVICE_MESSAGES.CARD_NOT_FOUND);
  return rows.flatMap(({ device }) =>
    device === null
      ? []
      : [
          {
            deviceUuid: device.uuid,
            name: device.name,
            createdAt: device.createdAt.toISOString(),
            lastUsedAt: device.lastUsedAt?.toISOString() ?? null,
          },
        ],
  );
}

/** GET /account-api/pans/currentuser/{panId}/devices. */
export const listOwnCardDevices = (context: RequestContext, panId: number) => listDevices(context, panId, true);

/** GET /account-api/pans/{panId}/devices (staff). */
export const listCardDevices = (context: RequestContext, panId: number) => listDevices(context, panId, false);
