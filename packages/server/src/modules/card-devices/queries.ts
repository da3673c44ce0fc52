import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { PanRecord } from '../pans/index.js';
import { cardDevices, pans, programs, recipientAccounts as ra } from '../../db/schema/index.js';

// The SQL of the card devices (docs/module-layout.md): reads, inserts and updates, no rules. A card's phones are read
// by card_devices_pan_id_idx (pan_id, id); a phone named in a path by its unique uuid.

const cardColumns = {
  id: pans.id,
  accountId: pans.accountId,
  programId: pans.programId,
  panStatusId: pans.panStatusId,
  panLast4: pans.panLast4,
  agencyId: ra.agencyId,
  accountTypeId: ra.accountTypeId,
  programName: programs.name,
};

/** What the card devices need of a card: `panById` of the PANs module reads it (locked when a limit is counted). */
export type DeviceCard = Pick<
  PanRecord,
  'id' | 'accountId' | 'programId' | 'panStatusId' | 'panLast4' | 'agencyId' | 'accountTypeId' | 'programName'
>;

/**
 * The card and its active phones in one statement (the list's read; with the caller's, two: architecture.md "The
 * request path"): one row per phone, or one row with null phone columns; nothing when the card is missing.
 */
export async function cardWithDevices(db: DbOrTx, panId: number) {
  return db
    .select({
      card: cardColumns,
      device: {
        uuid: cardDevices.uuid,
        name: cardDevices.name,
        createdAt: cardDevices.createdAt,
        lastUsedAt: cardDevices.lastUsedAt,
      },
    })
    .from(pans)
    .innerJoin(ra, eq(ra.id, pans.accountId))
    .innerJoin(programs, eq(programs.id, pans.programId))
    .leftJoin(cardDevices, and(eq(cardDevices.panId, pans.id), isNull(cardDevices.revokedAt)))
    .where(eq(pans.id, panId))
    .orderBy(asc(cardDevices.id));
}

export async function countActiveDevices(db: DbOrTx, panId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(cardDevices)
    .where(and(eq(cardDevices.panId, panId), isNull(cardDevices.revokedAt)));
  return Number(row?.count ?? 0);
}

export async function insertDevice(
  db: DbOrTx,
  values: { panId: number; publicKey: string; name: string; createdAt: Date },
) {
  const [row] = await db.insert(cardDevices).values(values).returning({
    id: cardDevices.id,
    uuid: cardDevices.uuid,
    name: cardDevices.name,
    createdAt: cardDevices.createdAt,
  });
  return row!;
}

/** An active phone of the card, locked for its removal. */
export async function lockActiveDevice(tx: DbOrTx, panId: number, deviceUuid: string) {
  const [row] = await tx
    .select({ id: cardDevices.id, uuid: cardDevices.uuid, name: cardDevices.name })
    .from(cardDevices)
    .where(and(eq(cardDevices.uuid, deviceUuid), eq(cardDevices.panId, panId), isNull(cardDevices.revokedAt)))
    .for('update');
  return row;
}

export async function revokeDevice(tx: DbOrTx, deviceId: number, at: Date, byUserId: number | null) {
  await tx.update(cardDevices).set({ revokedAt: at, revokedBy: byUserId }).where(eq(cardDevices.id, deviceId));
}

/** Revokes every active phone of the card; answers the uuids revoked. */
export async function revokeDevicesOfCard(tx: DbOrTx, panId: number, at: Date, byUserId: number | null) {
  return tx
    .update(cardDevices)
    .set({ revokedAt: at, revokedBy: byUserId })
    .where(and(eq(cardDevices.panId, panId), isNull(cardDevices.revokedAt)))
    .returning({ id: cardDevices.id, uuid: cardDevices.uuid });
}
