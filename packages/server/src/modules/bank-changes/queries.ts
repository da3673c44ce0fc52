import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { USER_STATUS } from '@ebt/core/enums';
import type { DbOrTx } from '../../db/client.js';
import { merchantBankChangeRequests as r, merchants, merchantUsers, users } from '../../db/schema/index.js';

// The SQL of bank change requests. The sealed numbers are read only by the confirm, which applies them.

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

const VIEW = {
  uuid: r.uuid,
  status: r.status,
  requestedAt: r.requestedAt,
  bankName: r.bankName,
  accountNumberLast4: r.accountNumberLast4,
  routingNumberLast4: r.routingNumberLast4,
  accountTypeId: r.accountTypeId,
  firstName: r.firstName,
  middleName: r.middleName,
  lastName: r.lastName,
  note: r.note,
  decidedAt: r.decidedAt,
  refusalReason: r.refusalReason,
  requestedBy: requester.username,
  decidedBy: decider.username,
};

export type RequestView = Awaited<ReturnType<typeof requestViews>>[number];

/** A merchant's requests, newest first (withdrawn ones left out unless asked for). */
export function requestViews(db: DbOrTx, merchantId: number, limit: number, withWithdrawn = false) {
  return db
    .select(VIEW)
    .from(r)
    .leftJoin(requester, eq(requester.id, r.requestedBy))
    .leftJoin(decider, eq(decider.id, r.decidedBy))
    .where(and(eq(r.merchantId, merchantId), withWithdrawn ? undefined : sql`${r.status} <> 'withdrawn'`))
    .orderBy(sql`${r.status} = 'pending' desc`, desc(r.requestedAt), desc(r.id))
    .limit(limit);
}

/** One request of a merchant, locked; undefined when the merchant has no such request. */
export async function lockRequest(tx: DbOrTx, merchantId: number, requestUuid: string) {
  const [row] = await tx
    .select()
    .from(r)
    .where(and(eq(r.merchantId, merchantId), eq(r.uuid, requestUuid.toLowerCase())))
    .for('update');
  return row;
}

export type RequestRow = NonNullable<Awaited<ReturnType<typeof lockRequest>>>;

/** The merchant a farmer route names, only among the caller's merchants (their links not revoked). */
export async function farmerMerchant(db: DbOrTx, merchantIds: readonly number[], merchantUuid: string) {
  if (merchantIds.length === 0) return undefined;
  const [row] = await db
    .select({ id: merchants.id, uuid: merchants.uuid, name: merchants.name })
    .from(merchants)
    .where(and(eq(merchants.uuid, merchantUuid.toLowerCase()), inArray(merchants.id, [...merchantIds])));
  return row;
}

/** Locks the merchant row, as every merchant change does first, so two requests of one merchant queue. */
export async function lockMerchantRow(tx: DbOrTx, merchantId: number) {
  await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
}

/** The people who sell for the merchant now (links not revoked, accounts enabled), with their language. */
export function merchantFarmers(db: DbOrTx, merchantId: number) {
  return db
    .select({ email: users.email, firstName: users.firstName, language: users.preferredLanguage })
    .from(merchantUsers)
    .innerJoin(users, eq(users.id, merchantUsers.userId))
    .where(
      and(
        eq(merchantUsers.merchantId, merchantId),
        sql`${merchantUsers.revokedAt} is null`,
        eq(users.statusId, USER_STATUS.ENABLED),
      ),
    )
    .orderBy(users.id);
}

/**
 * Who is told of a bank account waiting for confirmation: each live user holding BANK_VIEW in one of the merchant's
 * programs; when none does, each live platform admin holding BANK_VIEW (`platformAdmin`), so that a request is never
 * made to nobody while the merchant's payouts are held for it. One statement.
 */
export async function bankStaffOf(
  db: DbOrTx,
  merchantId: number,
): Promise<{ userId: number; email: string; platformAdmin: boolean }[]> {
  const live = sql.raw(`${USER_STATUS.PENDING}, ${USER_STATUS.REGISTERED}, ${USER_STATUS.ENABLED}`);
  const result = (await db.execute(sql`
    with program_staff as (
      select distinct u.id, u.email
        from merchant_programs mp
        join user_programs up on up.program_id = mp.program_id
        join users u on u.id = up.user_id
        join role_privileges rp on rp.role_id = u.role_id
        join privileges p on p.id = rp.privilege_id and p.code = 'BANK_VIEW'
       where mp.merchant_id = ${merchantId} and u.status_id in (${live})
    )
    select id as "userId", email, false as "platformAdmin" from program_staff
    union all
    -- The roles holding both privileges first (a handful), then their users by users_role_username_idx: never a walk
    -- of every user (recipients included).
    select u.id, u.email, true
      from (select rp.role_id from role_privileges rp join privileges p on p.id = rp.privilege_id
             where p.code in ('NDGADMIN_ACCESS', 'BANK_VIEW')
             group by rp.role_id having count(distinct p.code) = 2) admin_roles
      join users u on u.role_id = admin_roles.role_id
     where u.status_id in (${live})
       and not exists (select 1 from program_staff)
     order by 1`)) as { rows: { userId: number; email: string; platformAdmin: boolean }[] };
  return result.rows;
}
