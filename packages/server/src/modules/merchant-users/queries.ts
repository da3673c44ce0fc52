import { and, asc, desc, eq, isNull, like, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { merchants, merchantTerminals, merchantUsers, users } from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import { escapeLike } from '../../platform/search-sql.js';
import { merchantVisible } from '../merchants/index.js';

// The SQL of the people who sell for a merchant: merchant_users links, the users they name, and the one rule that says
// whom a staff caller holds wholly among them (decision 0109).

const linker = alias(users, 'linker');
const revoker = alias(users, 'revoker');

/**
 * The merchant in the caller's scope left-joined to its people, active links first and newest first within each: a
 * merchant without people is one row of nulls, one out of scope no row (404). The other merchants' count is of links
 * not revoked, whoever's scope they lie in; their names are never read.
 */
export function merchantPeopleRows(db: DbOrTx, caller: Caller, merchantUuid: string, limit: number) {
  return db
    .select({
      merchantId: merchants.id,
      userUuid: users.uuid,
      username: users.username,
      firstname: users.firstName,
      lastname: users.lastName,
      email: users.email,
      mobile: users.mobile,
      userStatusId: users.statusId,
      linkedAt: merchantUsers.createdAt,
      linkedBy: linker.username,
      revokedAt: merchantUsers.revokedAt,
      revokedBy: revoker.username,
      otherMerchantCount: sql<number>`(select count(*)::int from ${merchantUsers} o
        where o.user_id = ${merchantUsers.userId} and o.merchant_id <> ${merchants.id} and o.revoked_at is null)`,
    })
    .from(merchants)
    .leftJoin(merchantUsers, eq(merchantUsers.merchantId, merchants.id))
    .leftJoin(users, eq(users.id, merchantUsers.userId))
    .leftJoin(linker, eq(linker.id, merchantUsers.createdBy))
    .leftJoin(revoker, eq(revoker.id, merchantUsers.revokedBy))
    .where(and(eq(merchants.uuid, merchantUuid), merchantVisible(db, caller)))
    .orderBy(sql`${merchantUsers.revokedAt} is not null`, desc(merchantUsers.createdAt), asc(users.id))
    .limit(limit);
}

/**
 * The farmer user is held wholly by the caller (platform/user-scope.ts, decision 0096, as decision 0109 extends it):
 * every merchant they sell for now (links not revoked) is one the caller sees. A farmer holds no program or agency, so
 * userHeldWhole, which tests those, would answer false for every staff caller but platform admins.
 */
export function farmerHeldWhole(db: DbOrTx, caller: Caller): SQL {
  const visible = merchantVisible(db, caller);
  if (visible === undefined) return sql`true`;
  return sql`not exists (${db
    .select({ one: sql`1` })
    .from(merchantUsers)
    .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
    .where(and(eq(merchantUsers.userId, users.id), isNull(merchantUsers.revokedAt), not(visible)))})`;
}

/** The users with this e-mail (any case), their rows locked: an invitation decides on them. */
export function usersByEmail(tx: DbOrTx, email: string) {
  return tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .orderBy(asc(users.id))
    .for('update');
}

/** The usernames that start with `prefix` (any case): the candidates a new username must avoid. */
export async function usernamesStartingWith(tx: DbOrTx, prefix: string): Promise<Set<string>> {
  const rows = await tx
    .select({ username: users.username })
    .from(users)
    .where(like(sql`lower(${users.username})`, `${escapeLike(prefix.toLowerCase())}%`));
  return new Set(rows.map((r) => r.username.toLowerCase()));
}

export async function findLink(tx: DbOrTx, userId: number, merchantId: number) {
  const [row] = await tx
    .select()
    .from(merchantUsers)
    .where(and(eq(merchantUsers.userId, userId), eq(merchantUsers.merchantId, merchantId)))
    .for('update');
  return row;
}

/** A new link, or a revoked one made anew (who linked and when are the renewal's). */
export async function saveLink(tx: DbOrTx, userId: number, merchantId: number, by: number, at: Date) {
  await tx
    .insert(merchantUsers)
    .values({ userId, merchantId, createdAt: at, createdBy: by })
    .onConflictDoUpdate({
      target: [merchantUsers.userId, merchantUsers.merchantId],
      set: { createdAt: at, createdBy: by, revokedAt: null, revokedBy: null },
    });
}

/** Revokes the link when it is live; answers whether it was. */
export async function revokeLink(tx: DbOrTx, userId: number, merchantId: number, by: number, at: Date) {
  const revoked = await tx
    .update(merchantUsers)
    .set({ revokedAt: at, revokedBy: by })
    .where(
      and(eq(merchantUsers.userId, userId), eq(merchantUsers.merchantId, merchantId), isNull(merchantUsers.revokedAt)),
    )
    .returning({ userId: merchantUsers.userId });
  return revoked.length > 0;
}

/**
 * Revokes the phones the person registered as the merchant's terminals (a person who no longer sells for a merchant
 * must not keep its card reader in their pocket); answers their terminal ids.
 */
export async function revokePhonesOf(tx: DbOrTx, userId: number, merchantId: number, by: number, at: Date) {
  const revoked = await tx
    .update(merchantTerminals)
    .set({ revokedAt: at, revokedBy: by })
    .where(
      and(
        eq(merchantTerminals.merchantId, merchantId),
        eq(merchantTerminals.kind, 'phone'),
        eq(merchantTerminals.createdBy, userId),
        isNull(merchantTerminals.revokedAt),
      ),
    )
    .returning({ terminalId: merchantTerminals.terminalCode });
  return revoked.map((r) => r.terminalId);
}

/**
 * The user linked to the merchant (a live link unless `withRevoked`), the row locked, with whether the caller holds
 * them wholly. Undefined when the uuid names nobody linked to it.
 */
export async function lockLinkedUser(
  tx: DbOrTx,
  caller: Caller,
  merchantId: number,
  userUuid: string,
  options: { withRevoked?: boolean } = {},
) {
  const [row] = await tx
    .select({
      id: users.id,
      uuid: users.uuid,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      statusId: users.statusId,
      passwordHash: users.passwordHash,
      heldWhole: sql<boolean>`${farmerHeldWhole(tx, caller)}`,
    })
    .from(users)
    .innerJoin(merchantUsers, eq(merchantUsers.userId, users.id))
    .where(
      and(
        eq(users.uuid, userUuid),
        eq(merchantUsers.merchantId, merchantId),
        options.withRevoked ? undefined : isNull(merchantUsers.revokedAt),
      ),
    )
    .for('update', { of: users });
  return row;
}
