import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { ACCOUNT_TYPE, PAN_STATUS, ROLE, USER_STATUS } from '@ebt/core/enums';
import type { DbOrTx } from '../../db/client.js';
import {
  panGenerations,
  pans,
  programs,
  recipientAccounts as ra,
  userAgencies,
  userPrograms,
  users,
} from '../../db/schema/index.js';
import { preparedFor } from '../../platform/prepared.js';

// The SQL of the PAN area (docs/module-layout.md): reads, inserts, updates and locks, no rules.

/** The Account ID of a program's printed-PAN account (decision 0035): one per program, account type 1. */
export const PRINTED_ACCOUNT_IDENTIFIER = 'PRINTED-PANS';

const programColumns = {
  programName: programs.name,
  programStatusId: programs.statusId,
  bin: programs.bin,
  seriesNbr: programs.seriesNbr,
  configuration: programs.configuration,
  timeZone: programs.timeZone,
};

/**
 * The Active PANs of the account, the count its maxPrintedPans subtracts (decision 0036). The account column is named
 * with its table: Drizzle writes a lone `"id"` in a query of one table, which inside the subquery would be the PAN's.
 */
const activeCount = sql<number>`(select count(*)::int from ${pans} p where p.account_id = "recipient_accounts"."id" and p.pan_status_id = ${sql.raw(String(PAN_STATUS.ACTIVE))})`;

/**
 * The most PANs a PANs page lists, newest first: far above what a recipient holds (maxPrintedPans is a handful), while
 * a program's printed-PAN account may hold thousands (its own list, GET /account-api/pans/printed, is paged).
 */
export const PAN_LIST_LIMIT = 100;

/**
 * The account of a PANs page with its PANs, in one statement (two with the caller: architecture.md "The request
 * path"): one row per PAN, or one row with null PAN columns when it has none. Nothing when the account is missing.
 */
export async function accountWithPans(db: DbOrTx, accountUuid: string) {
  return preparedFor(db, 'pans_account_with_pans', (handle, name) =>
    handle
      .select({
        account: {
          id: ra.id,
          uuid: ra.uuid,
          programId: ra.programId,
          agencyId: ra.agencyId,
          accountTypeId: ra.accountTypeId,
          maxPrintedPans: ra.maxPrintedPans,
        },
        configuration: programs.configuration,
        activeCount,
        pan: {
          panId: pans.id,
          // The last four only: the list answers masked numbers (decision 0097), so it never reads the ciphertext.
          panLast4: pans.panLast4,
          panTypeId: pans.panTypeId,
          panStatusId: pans.panStatusId,
          locked: pans.locked,
          activeDate: pans.activeDate,
          expirationDate: pans.expirationDate,
          // Whether a PIN is set and the day's wrong tries: never the hash itself (pins.ts makes the answer's flags).
          // Null without a PAN, so the left join's empty side still reads as no PAN.
          pinSet: sql<boolean>`case when ${pans.id} is not null then ${pans.pinHash} is not null end`,
          pinSetAt: pans.pinSetAt,
          pinWrongDay: pans.pinWrongDay,
          pinWrongCount: pans.pinWrongCount,
        },
        timeZone: programs.timeZone,
      })
      .from(ra)
      .innerJoin(programs, eq(programs.id, ra.programId))
      .leftJoin(pans, eq(pans.accountId, ra.id))
      .where(eq(ra.uuid, sql.placeholder('uuid')))
      .orderBy(desc(pans.id))
      .limit(PAN_LIST_LIMIT)
      .prepare(name),
  ).execute({ uuid: accountUuid });
}

/**
 * The account locked for a PAN change (generate, assign), with its program and its Active count read after the lock:
 * under READ COMMITTED the second statement sees what a concurrent change committed while this one waited.
 */
export async function lockAccount(tx: DbOrTx, accountUuid: string) {
  const [locked] = await tx.select({ id: ra.id }).from(ra).where(eq(ra.uuid, accountUuid)).for('no key update');
  if (!locked) return undefined;
  const [row] = await tx
    .select({
      id: ra.id,
      uuid: ra.uuid,
      programId: ra.programId,
      agencyId: ra.agencyId,
      statusId: ra.statusId,
      accountTypeId: ra.accountTypeId,
      maxPrintedPans: ra.maxPrintedPans,
      activeCount,
      ...programColumns,
    })
    .from(ra)
    .innerJoin(programs, eq(programs.id, ra.programId))
    .where(eq(ra.id, locked.id));
  return row;
}
export type LockedAccount = NonNullable<Awaited<ReturnType<typeof lockAccount>>>;

/** What every PAN of one insert shares: program, account, kind, status, dates and generation. */
export interface PanTemplate {
  programId: number;
  accountId: number;
  panTypeId: number;
  panStatusId: number;
  activeDate: string | null;
  expirationDate: string | null;
  panGenerationId?: number | null;
  at: Date;
}

/**
 * Inserts sealed PANs in one statement: the shared values bound once, the sealed columns as one JSON parameter (9,999
 * rows would be 120,000 bind parameters otherwise). A number drawn before (the hash index) is skipped, not an error,
 * and the answer names the hashes that went in with their ids, so the caller draws again for the rest (decision 0035).
 */
export async function insertPans(
  tx: DbOrTx,
  template: PanTemplate,
  sealed: readonly { hash: string; encrypted: string; last4: string; previousHashes?: readonly string[] }[],
): Promise<{ id: number; panHash: string }[]> {
  if (sealed.length === 0) return [];
  const at = template.at.toISOString();
  // During a PAN key rotation a number drawn before may still carry its hash under a previous key, which the unique
  // index cannot see: such a draw is skipped too. Outside a rotation the statement is as it always was.
  const rotating = sealed.some((s) => s.previousHashes?.length);
  const json = JSON.stringify(
    sealed.map((s) => ({ h: s.hash, e: s.encrypted, l: s.last4, ...(rotating ? { p: s.previousHashes ?? [] } : {}) })),
  );
  const notTakenBefore = rotating ? sql`where not exists (select 1 from ${pans} q where q.pan_hash = any(x.p))` : sql``;
  const result = await tx.execute<{ id: number; pan_hash: string }>(sql`
    insert into ${pans} (program_id, account_id, pan_hash, pan_encrypted, pan_last4, pan_type_id, pan_status_id,
      active_date, expiration_date, pan_generation_id, created_at, updated_at)
    select ${template.programId}::int, ${template.accountId}::int, x.h, x.e, x.l, ${template.panTypeId}::smallint,
      ${template.panStatusId}::smallint, ${template.activeDate}::date, ${template.expirationDate}::date,
      ${template.panGenerationId ?? null}::int, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_to_recordset(${json}::jsonb) as x(h varchar(64), e text, l varchar(4), p varchar(64)[])
    ${notTakenBefore}
    on conflict (pan_hash) do nothing
    returning id, pan_hash`);
  return (result as unknown as { rows: { id: number; pan_hash: string }[] }).rows.map((r) => ({
    id: Number(r.id),
    panHash: r.pan_hash,
  }));
}

/** A PAN with its account and program, by id; locked for a change when `lock`. */
export async function panById(db: DbOrTx, panId: number, lock = false) {
  const query = db
    .select({
      id: pans.id,
      programId: pans.programId,
      accountId: pans.accountId,
      panEncrypted: pans.panEncrypted,
      panLast4: pans.panLast4,
      panTypeId: pans.panTypeId,
      panStatusId: pans.panStatusId,
      locked: pans.locked,
      expirationDate: pans.expirationDate,
      pinHash: pans.pinHash,
      pinSetAt: pans.pinSetAt,
      pinWrongDay: pans.pinWrongDay,
      pinWrongCount: pans.pinWrongCount,
      agencyId: ra.agencyId,
      accountTypeId: ra.accountTypeId,
      isCardPool: ra.isCardPool,
      recipientIdentifier: ra.recipientIdentifier,
      firstName: ra.firstName,
      middleName: ra.middleName,
      lastName: ra.lastName,
      email: ra.email,
      mobilePhone: ra.mobilePhone,
      programName: programs.name,
      timeZone: programs.timeZone,
    })
    .from(pans)
    .innerJoin(ra, eq(ra.id, pans.accountId))
    .innerJoin(programs, eq(programs.id, pans.programId))
    .where(eq(pans.id, panId));
  const [row] = lock ? await query.for('update', { of: pans }) : await query;
  return row;
}
export type PanRecord = NonNullable<Awaited<ReturnType<typeof panById>>>;

/**
 * A PAN by the keyed hashes of its 19 digits (assign; under the current PAN key and the previous ones, crypto.ts
 * `lookupHashes`), locked, with its account's type and program. The PAN row alone is locked first, then its account
 * read: with the join in the locking statement, a second assign waiting on the lock re-checks the join against the
 * PAN's old account, finds no row and would answer 404 instead of 422.
 */
export async function lockPanByHash(tx: DbOrTx, panHashes: readonly string[]) {
  const [locked] = await tx
    .select({ id: pans.id })
    .from(pans)
    .where(inArray(pans.panHash, [...panHashes]))
    .for('update');
  if (!locked) return undefined;
  const [row] = await tx
    .select({
      id: pans.id,
      programId: pans.programId,
      accountId: pans.accountId,
      panTypeId: pans.panTypeId,
      panStatusId: pans.panStatusId,
      accountTypeId: ra.accountTypeId,
      recipientIdentifier: ra.recipientIdentifier,
      isCardPool: ra.isCardPool,
    })
    .from(pans)
    .innerJoin(ra, eq(ra.id, pans.accountId))
    .where(eq(pans.id, locked.id));
  return row;
}

export async function updatePan(tx: DbOrTx, panId: number, set: Partial<typeof pans.$inferInsert>) {
  await tx.update(pans).set(set).where(eq(pans.id, panId));
}

// ---------------------------------------------------------------------------------------------------------------
// Programs and their printed-PAN accounts

export async function programById(db: DbOrTx, programId: number) {
  const [row] = await db
    .select({
      id: programs.id,
      uuid: programs.uuid,
      name: programs.name,
      shortName: programs.shortName,
      statusId: programs.statusId,
      bin: programs.bin,
      seriesNbr: programs.seriesNbr,
      configuration: programs.configuration,
      timeZone: programs.timeZone,
      maxPrintedPans: programs.maxPrintedPans,
    })
    .from(programs)
    .where(eq(programs.id, programId));
  return row;
}

/**
 * The program with its printed-PAN account and that account's Active count, in one statement (the setup's read;
 * architecture.md "The request path"). `pool` is null when the program has none yet.
 */
export async function programWithPool(db: DbOrTx, programId: number) {
  const [row] = await db
    .select({
      program: {
        id: programs.id,
        name: programs.name,
        shortName: programs.shortName,
        bin: programs.bin,
        seriesNbr: programs.seriesNbr,
        maxPrintedPans: programs.maxPrintedPans,
      },
      pool: { id: ra.id, uuid: ra.uuid, accountTypeId: ra.accountTypeId },
      activeCount,
    })
    .from(programs)
    .leftJoin(ra, and(eq(ra.programId, programs.id), eq(ra.isCardPool, true)))
    .where(eq(programs.id, programId));
  return row;
}

/**
 * A page of the program's printed-PAN account's PANs, newest first (pans_account_id_idx), with their count, in one
 * statement: nothing when the program is missing; one row with null PAN columns when it has no account or no PAN
 * on the page.
 */
export async function printedPanPageOf(db: DbOrTx, programId: number, offset: number, limit: number) {
  const result = await db.execute(sql`
    select (select count(*)::int from ${pans} c where c.account_id = pool.id) as total,
      page.id as pan_id, page.pan_last4 as last4, page.pan_generation_id as pan_gen_id,
      page.pan_status_id, page.expiration_date::text as expiration_date, page.created_at
    from ${programs} p
    left join ${ra} pool on pool.program_id = p.id and pool.is_card_pool
    left join lateral (
      select x.id, x.pan_last4, x.pan_generation_id, x.pan_status_id, x.expiration_date, x.created_at
      from ${pans} x where x.account_id = pool.id order by x.id desc limit ${limit} offset ${offset}
    ) page on true
    where p.id = ${programId}
    order by page.id desc`);
  return (result as unknown as { rows: PrintedPanRow[] }).rows;
}

interface PrintedPanRow {
  total: number | null;
  pan_id: number | null;
  last4: string | null;
  pan_gen_id: number | null;
  pan_status_id: number | null;
  expiration_date: string | null;
  created_at: string | Date | null;
}

/** The program's printed-PAN account: marked is_card_pool (recipient_accounts_card_pool_key, one a program). */
const printedAccountOf = (programId: number) => and(eq(ra.programId, programId), eq(ra.isCardPool, true));

/** The program's printed-PAN account with the count of its Active PANs (the printed PANs not yet assigned). */
export async function printedAccount(db: DbOrTx, programId: number) {
  const [row] = await db
    .select({ id: ra.id, uuid: ra.uuid, accountTypeId: ra.accountTypeId, activeCount })
    .from(ra)
    .where(printedAccountOf(programId));
  return row;
}

/**
 * Makes the program's printed-PAN account when it has none (decision 0035): an account of type 1 (assign and
 * generate refused on it, B§5) with no agency and no portal user. The Account ID is unique per program, so two
 * first calls at once make one account.
 */
export async function ensurePrintedAccount(db: DbOrTx, programId: number) {
  const rows = await db
    .insert(ra)
    .values({
      programId,
      recipientIdentifier: PRINTED_ACCOUNT_IDENTIFIER,
      accountTypeId: ACCOUNT_TYPE.EXTERNAL,
      isCardPool: true,
      firstName: 'Printed',
      lastName: 'PANs',
      creationChannel: 'WEB',
    })
    .onConflictDoNothing()
    .returning({ id: ra.id, uuid: ra.uuid });
  return rows[0];
}

// ---------------------------------------------------------------------------------------------------------------
// Generations

/**
 * Starts a generation: the in-process row, or nothing when the program has one in process already (the partial
 * unique index pan_generations_one_in_process_key; a concurrent insert waits for the other transaction and then
 * finds its row). Before that, a generation in process for longer than the hold is released (decision 0035).
 */
export async function startGeneration(
  tx: DbOrTx,
  values: { programId: number; accountId: number; count: number; createdBy: number; holdMinutes: number },
) {
  // The database's clock on both sides (created_at is written with it below): every server instance agrees on the
  // cutoff, whatever its own clock says. A released generation was never printed: Failed (2), not Completed.
  const released = await tx
    .update(panGenerations)
    .set({ statusId: 2, completedAt: sql`now()` })
    .where(
      and(
        eq(panGenerations.programId, values.programId),
        eq(panGenerations.statusId, 0),
        lt(panGenerations.createdAt, sql`now() - make_interval(mins => ${values.holdMinutes}::int)`),
      ),
    )
    .returning({ id: panGenerations.id });
  const rows = await tx.execute<{ id: number }>(sql`
    insert into ${panGenerations} (program_id, account_id, count, status_id, created_by, created_at)
    values (${values.programId}, ${values.accountId}, ${values.count}, 0, ${values.createdBy}, now())
    on conflict (program_id) where status_id = 0 do nothing
    returning id`);
  const id = (rows as unknown as { rows: { id: number }[] }).rows[0]?.id;
  return { id: id === undefined ? undefined : Number(id), released: released.map((r) => r.id) };
}

export async function setGenerationFirstPan(tx: DbOrTx, panGenId: number, firstPanId: number) {
  await tx.update(panGenerations).set({ firstPanId }).where(eq(panGenerations.id, panGenId));
}

/** Ends the in-process state of a generation whose PDF has been made (decision 0035); true when it was in process. */
export async function completeGeneration(db: DbOrTx, panGenId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(panGenerations)
    .set({ statusId: 1, completedAt: now })
    .where(and(eq(panGenerations.id, panGenId), eq(panGenerations.statusId, 0)))
    .returning({ id: panGenerations.id });
  return rows.length > 0;
}

export async function generationById(db: DbOrTx, panGenId: number) {
  const [row] = await db
    .select({
      id: panGenerations.id,
      programId: panGenerations.programId,
      accountId: panGenerations.accountId,
      statusId: panGenerations.statusId,
      count: panGenerations.count,
      programName: programs.name,
    })
    .from(panGenerations)
    .innerJoin(programs, eq(programs.id, panGenerations.programId))
    .where(eq(panGenerations.id, panGenId));
  return row;
}

/**
 * A batch of a generation's PANs after `afterId`, in id order (pans_pan_generation_id_idx): only those still waiting
 * on the printed-PAN account and Active. A card since assigned to a recipient, or Lost, Stolen or Inactive, is never
 * printed again: its number is a live credential (the engine takes the QR code as one).
 */
export async function generationPanBatch(
  db: DbOrTx,
  generation: { id: number; accountId: number },
  afterId: number,
  limit: number,
) {
  return db
    .select({ id: pans.id, panEncrypted: pans.panEncrypted, expirationDate: pans.expirationDate })
    .from(pans)
    .where(
      and(
        eq(pans.panGenerationId, generation.id),
        eq(pans.accountId, generation.accountId),
        eq(pans.panStatusId, PAN_STATUS.ACTIVE),
        gt(pans.id, afterId),
      ),
    )
    .orderBy(asc(pans.id))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------------------------
// The recipient's own cards

/**
 * The PANs of the recipient's accounts, newest first, masked (never the ciphertext), with whether a PIN is set and the
 * day's wrong tries (never the hash) and the program's zone (the day the tries count in).
 */
export async function cardsOfAccounts(db: DbOrTx, accountIds: readonly number[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      panId: pans.id,
      last4: pans.panLast4,
      panTypeId: pans.panTypeId,
      panStatusId: pans.panStatusId,
      locked: pans.locked,
      activeDate: pans.activeDate,
      expirationDate: pans.expirationDate,
      programUuid: programs.uuid,
      programName: programs.name,
      pinSet: sql<boolean>`${pans.pinHash} is not null`,
      pinSetAt: pans.pinSetAt,
      pinWrongDay: pans.pinWrongDay,
      pinWrongCount: pans.pinWrongCount,
      timeZone: programs.timeZone,
    })
    .from(pans)
    .innerJoin(programs, eq(programs.id, pans.programId))
    .where(inArray(pans.accountId, [...accountIds]))
    .orderBy(desc(pans.id));
}

/**
 * The staff a card report goes to (decision 0037): the live program admins of the program and the live agency admins
 * of the account's agency, in one statement.
 */
export async function programStaff(db: DbOrTx, programId: number, agencyId: number | null) {
  const live = inArray(users.statusId, [USER_STATUS.PENDING, USER_STATUS.REGISTERED, USER_STATUS.ENABLED]);
  const admins = db
    .select({ userId: users.id, email: users.email })
    .from(userPrograms)
    .innerJoin(users, eq(users.id, userPrograms.userId))
    .where(and(eq(userPrograms.programId, programId), eq(users.roleId, ROLE.PROGRAM_ADMIN), live));
  if (agencyId === null) return admins;
  const agencyAdmins = db
    .select({ userId: users.id, email: users.email })
    .from(userAgencies)
    .innerJoin(users, eq(users.id, userAgencies.userId))
    .where(and(eq(userAgencies.agencyId, agencyId), eq(users.roleId, ROLE.AGENCY_ADMIN), live));
  return admins.union(agencyAdmins);
}
