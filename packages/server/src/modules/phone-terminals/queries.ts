import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PHONE_LIST_CAP } from '@ebt/core/phone-terminals';
import type { DbOrTx } from '../../db/client.js';
import { merchants, merchantTerminals, users } from '../../db/schema/index.js';

// The SQL of a farmer user's phone terminals. Every read takes the caller's merchant ids (caller.merchantIds, the
// merchant_users links not revoked) and reads nothing else.

/** One of the caller's merchants by uuid, locked for a change of its terminals; undefined when not theirs. */
export async function lockCallerMerchant(db: DbOrTx, merchantIds: readonly number[], merchantUuid: string) {
  if (merchantIds.length === 0) return undefined;
  const [row] = await db
    .select({ id: merchants.id, uuid: merchants.uuid })
    .from(merchants)
    .where(and(eq(merchants.uuid, merchantUuid.toLowerCase()), inArray(merchants.id, [...merchantIds])))
    .for('update');
  return row;
}

/** The phones of the caller's merchants: active first, then removed, newest first within each, up to the cap. */
export async function callerPhones(db: DbOrTx, merchantIds: readonly number[]) {
  if (merchantIds.length === 0) return [];
  return db
    .select({
      merchantUuid: merchants.uuid,
      merchantName: merchants.name,
      terminalId: merchantTerminals.terminalCode,
      name: merchantTerminals.name,
      registeredBy: users.username,
      registeredAt: merchantTerminals.createdAt,
      lastUsedAt: merchantTerminals.lastUsedAt,
      revokedAt: merchantTerminals.revokedAt,
    })
    .from(merchantTerminals)
    .innerJoin(merchants, eq(merchants.id, merchantTerminals.merchantId))
    .leftJoin(users, eq(users.id, merchantTerminals.createdBy))
    .where(and(inArray(merchantTerminals.merchantId, [...merchantIds]), eq(merchantTerminals.kind, 'phone')))
    .orderBy(sql`${merchantTerminals.revokedAt} is not null`, desc(merchantTerminals.createdAt))
    .limit(PHONE_LIST_CAP);
}
