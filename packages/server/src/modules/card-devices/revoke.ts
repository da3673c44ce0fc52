import type { DbOrTx } from '../../db/client.js';
import { revokeDevicesOfCard } from './queries.js';

/**
 * Revokes every phone of a card, in the caller's transaction (decision 0108): a card reported lost or stolen by the
 * recipient, or statused Lost, Stolen or Inactive by staff, makes no more pay codes. The PANs module calls it beside
 * the status change it makes; the status change's own audit row says why. Answers how many phones it revoked.
 */
export async function revokeCardDevices(tx: DbOrTx, panId: number, at: Date, byUserId: number | null): Promise<number> {
  return (await revokeDevicesOfCard(tx, panId, at, byUserId)).length;
}
