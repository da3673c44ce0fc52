import { and, asc, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FarmerApplicationStatus } from '@ebt/core/farmer-applications';
import type { DbOrTx } from '../../db/client.js';
import {
  farmerApplicationConfirmations as confirmations,
  farmerApplicationEvents as events,
  farmerApplicationPrograms as applicationPrograms,
  farmerApplications as applications,
  farmerApplicationSettings as settings,
  merchantAddresses,
  merchantBankAccounts,
  merchantBankChangeRequests,
  merchantPrograms,
  merchants,
  programs,
  users,
} from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import { escapeLike } from '../../platform/search-sql.js';
import { merchantVisible } from '../merchants/index.js';

// The SQL of the farmers' online application (docs/decisions/0111). Staff reads are AND-ed with the caller's scope:
// an application is in scope when it names one of the caller's programs (platform administrators: all).

export type ApplicationRow = typeof applications.$inferSelect;
export type ConfirmationRow = typeof confirmations.$inferSelect;

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The application (by its id column) names one of the caller's programs; undefined for platform admins. */
export function applicationInScope(caller: Caller, applicationId: SQL | typeof applications.id = applications.id) {
  if (caller.scope === 'all') return undefined;
  if (caller.programIds.length === 0) return sql`false`;
  return sql`exists (select 1 from ${applicationPrograms} fap
    where fap.application_id = ${applicationId} and fap.program_id = any(${intArray(caller.programIds)}))`;
}

// ---------------------------------------------------------------------------------------------------------------
// Settings

/** Programs with their settings (a program without a row: none), by id. */
export function programsWithSettings(db: DbOrTx, programIds: readonly number[]) {
  if (programIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      programId: programs.id,
      programName: programs.name,
      statusId: programs.statusId,
      timeZone: programs.timeZone,
      open: sql<boolean>`coalesce(${settings.open}, false)`,
      agreementText: sql<string>`coalesce(${settings.agreementText}, '')`,
      agreementTextEs: settings.agreementTextEs,
      questions: settings.questions,
    })
    .from(programs)
    .leftJoin(settings, eq(settings.programId, programs.id))
    .where(inArray(programs.id, [...programIds]))
    .orderBy(asc(programs.name), asc(programs.id));
}

export type ProgramWithSettings = Awaited<ReturnType<typeof programsWithSettings>>[number];

/** The enabled programs whose settings take applications. */
export function openProgramRows(db: DbOrTx) {
  return db
    .select({
      programId: programs.id,
      programName: programs.name,
      statusId: programs.statusId,
      timeZone: programs.timeZone,
      open: settings.open,
      agreementText: settings.agreementText,
      agreementTextEs: settings.agreementTextEs,
      questions: settings.questions,
    })
    .from(settings)
    .innerJoin(programs, eq(programs.id, settings.programId))
    .where(and(eq(settings.open, true), eq(programs.statusId, 0)))
    .orderBy(asc(programs.name), asc(programs.id));
}

/** A program by uuid with its settings row (null when never set). */
export async function programSettingsByUuid(db: DbOrTx, programUuid: string) {
  const [row] = await db
    .select({
      programId: programs.id,
      programUuid: programs.uuid,
      programName: programs.name,
      settings: settings,
    })
    .from(programs)
    .leftJoin(settings, eq(settings.programId, programs.id))
    .where(eq(programs.uuid, programUuid))
    .limit(1);
  return row;
}

export async function lockSettings(tx: DbOrTx, programId: number) {
  const [row] = await tx.select().from(settings).where(eq(settings.programId, programId)).for('update');
  return row;
}

export async function upsertSettings(tx: DbOrTx, values: typeof settings.$inferInsert) {
  const { programId: _programId, ...changes } = values;
  const [row] = await tx
    .insert(settings)
    .values(values)
    .onConflictDoUpdate({ target: settings.programId, set: changes })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------------------------
// Confirmations

export async function insertConfirmation(tx: DbOrTx, values: typeof confirmations.$inferInsert) {
  const [row] = await tx.insert(confirmations).values(values).returning();
  return row!;
}

export async function findConfirmation(db: DbOrTx, uuid: string) {
  const [row] = await db.select().from(confirmations).where(eq(confirmations.uuid, uuid)).limit(1);
  return row;
}

export async function lockConfirmation(tx: DbOrTx, uuid: string) {
  const [row] = await tx.select().from(confirmations).where(eq(confirmations.uuid, uuid)).for('update');
  return row;
}

/**
 * Claims one try of a confirmation's codes: attempts + 1 while it is unused, unexpired and under the limit (one
 * conditional update, so parallel guesses cannot pass the limit). Answers the codes' hashes, or undefined.
 */
export async function claimAttempt(db: DbOrTx, uuid: string, now: Date, maxAttempts: number) {
  const [row] = await db
    .update(confirmations)
    .set({ attempts: sql`${confirmations.attempts} + 1` })
    .where(
      and(
        eq(confirmations.uuid, uuid),
        sql`${confirmations.usedAt} is null`,
        sql`${confirmations.expiresAt} > ${now}`,
        lt(confirmations.attempts, maxAttempts),
      ),
    )
    .returning({
      id: confirmations.id,
      emailCodeHash: confirmations.emailCodeHash,
      mobileCodeHash: confirmations.mobileCodeHash,
      confirmedAt: confirmations.confirmedAt,
    });
  return row;
}

export async function markConfirmed(db: DbOrTx, id: number, now: Date) {
  await db
    .update(confirmations)
    .set({ confirmedAt: sql`coalesce(${confirmations.confirmedAt}, ${now})` })
    .where(eq(confirmations.id, id));
}

export async function markConfirmationUsed(tx: DbOrTx, id: number, now: Date) {
  await tx.update(confirmations).set({ usedAt: now }).where(eq(confirmations.id, id));
}

// ---------------------------------------------------------------------------------------------------------------
// Applications

export async function insertApplication(tx: DbOrTx, values: typeof applications.$inferInsert) {
  const [row] = await tx.insert(applications).values(values).returning();
  return row!;
}

export async function saveApplicationPrograms(tx: DbOrTx, applicationId: number, programIds: readonly number[]) {
  await tx.delete(applicationPrograms).where(eq(applicationPrograms.applicationId, applicationId));
  if (programIds.length > 0)
    await tx.insert(applicationPrograms).values(programIds.map((programId) => ({ applicationId, programId })));
}

export async function insertEvent(tx: DbOrTx, values: typeof events.$inferInsert) {
  await tx.insert(events).values(values);
}

export async function updateApplication(tx: DbOrTx, id: number, values: Partial<typeof applications.$inferInsert>) {
  const [row] = await tx.update(applications).set(values).where(eq(applications.id, id)).returning();
  return row!;
}

/** The application a status link opens (by the sha256 of its token). */
export async function applicationByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(applications).where(eq(applications.statusTokenHash, tokenHash)).limit(1);
  return row;
}

export async function lockApplicationById(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

/** The application by uuid in the caller's scope, its row locked first; undefined when missing or out of scope. */
export async function lockApplicationInScope(tx: DbOrTx, caller: Caller, uuid: string) {
  const [row] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.uuid, uuid), applicationInScope(caller)))
    .for('update');
  return row;
}

/** The application by uuid in the caller's scope, with the uuid of the merchant it made. */
export async function applicationInScopeByUuid(db: DbOrTx, caller: Caller, uuid: string) {
  const [row] = await db
    .select({ application: applications, merchantUuid: merchants.uuid })
    .from(applications)
    .leftJoin(merchants, eq(merchants.id, applications.merchantId))
    .where(and(eq(applications.uuid, uuid), applicationInScope(caller)))
    .limit(1);
  return row;
}

/** The programs an application names, by name, with whether each is enabled and how the farmer reaches it. */
export function programsOfApplication(db: DbOrTx, applicationId: number) {
  return db
    .select({
      programId: programs.id,
      programName: programs.name,
      statusId: programs.statusId,
      contactEmail: programs.contactEmail,
      contactPhone: programs.contactPhone,
    })
    .from(applicationPrograms)
    .innerJoin(programs, eq(programs.id, applicationPrograms.programId))
    .where(eq(applicationPrograms.applicationId, applicationId))
    .orderBy(asc(programs.name), asc(programs.id));
}

/** The history of an application, oldest first, with the name of the staff member behind each step. */
export function eventsOfApplication(db: DbOrTx, applicationId: number) {
  return db
    .select({
      at: events.at,
      action: events.action,
      note: events.note,
      by: sql<
        string | null
      >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.byUserId))
    .where(eq(events.applicationId, applicationId))
    .orderBy(asc(events.at), asc(events.id));
}

/** The Merchant IDs that start with `prefix`: what a suggested identifier must avoid. */
export async function identifiersStartingWith(db: DbOrTx, prefix: string): Promise<Set<string>> {
  const rows = await db
    .select({ identifier: merchants.merchantIdentifier })
    .from(merchants)
    .where(sql`${merchants.merchantIdentifier} like ${`${escapeLike(prefix)}%`}`);
  return new Set(rows.map((r) => r.identifier));
}

// ---------------------------------------------------------------------------------------------------------------
// Approval: the merchant made from an application (its addresses go through the merchants module's saveAddresses)

export async function insertMerchant(tx: DbOrTx, values: typeof merchants.$inferInsert) {
  const [row] = await tx.insert(merchants).values(values).returning({ id: merchants.id });
  return row!.id;
}

export async function insertMappings(tx: DbOrTx, merchantId: number, programIds: readonly number[]) {
  await tx.insert(merchantPrograms).values(programIds.map((programId) => ({ merchantId, programId, statusId: 0 })));
}

export async function insertBankAccount(tx: DbOrTx, values: typeof merchantBankAccounts.$inferInsert) {
  await tx.insert(merchantBankAccounts).values(values);
}

/** A bank change request waiting for staff with BANK_VIEW, made by nobody (the application). */
export async function insertPendingBankChange(tx: DbOrTx, values: typeof merchantBankChangeRequests.$inferInsert) {
  const [row] = await tx
    .insert(merchantBankChangeRequests)
    .values(values)
    .returning({ uuid: merchantBankChangeRequests.uuid });
  return row!.uuid;
}

// ---------------------------------------------------------------------------------------------------------------
// The review queue

export interface QueueFilter {
  programId: number | null;
  status: FarmerApplicationStatus | null;
  /** An application number's id (FA-000123), or null. */
  id: number | null;
  /** Contains, over farm, contact and e-mail (lowered, escaped), or null. */
  contains: string | null;
}

/** The expression the trigram index serves (farmer_applications_search_trgm_idx). */
const SEARCH_TEXT = sql`lower(${applications.farmName} || ' ' || ${applications.contactFirstName} || ' ' || ${applications.contactLastName} || ' ' || ${applications.email})`;

function queueWhere(caller: Caller, filter: QueueFilter): SQL | undefined {
  return and(
    applicationInScope(caller),
    filter.programId === null
      ? undefined
      : sql`exists (select 1 from ${applicationPrograms} fp where fp.application_id = ${applications.id} and fp.program_id = ${filter.programId})`,
    filter.status === null ? undefined : eq(applications.status, filter.status),
    filter.id === null ? undefined : eq(applications.id, filter.id),
    filter.contains === null ? undefined : sql`${SEARCH_TEXT} like ${`%${escapeLike(filter.contains)}%`}`,
  );
}

const WAITING = sql`${applications.status} in ('submitted', 'more-info')`;

export async function queueRows(
  db: DbOrTx,
  caller: Caller,
  filter: QueueFilter,
  window: { limit: number; offset: number },
  cap?: number,
) {
  return db
    .select({
      id: applications.id,
      uuid: applications.uuid,
      status: applications.status,
      farmName: applications.farmName,
      contactFirstName: applications.contactFirstName,
      contactLastName: applications.contactLastName,
      email: applications.email,
      city: applications.city,
      submittedAt: applications.submittedAt,
      updatedAt: applications.updatedAt,
      programs: sql<
        string[]
      >`array(select p.name from ${applicationPrograms} ap join ${programs} p on p.id = ap.program_id
        where ap.application_id = ${applications.id} order by p.name, p.id)`,
      count:
        cap === undefined
          ? sql<null>`null`
          : sql<number>`(select count(*)::int from (select 1 from ${applications} where ${queueWhere(caller, filter) ?? sql`true`} limit ${cap + 1}) c)`,
    })
    .from(applications)
    .where(queueWhere(caller, filter))
    .orderBy(
      sql`${WAITING} desc`,
      sql`case when ${WAITING} then ${applications.submittedAt} end asc`,
      desc(applications.decidedAt),
      asc(applications.id),
    )
    .limit(window.limit)
    .offset(window.offset);
}

export async function countQueue(db: DbOrTx, caller: Caller, filter: QueueFilter, cap: number) {
  const result = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(applications)
      .where(queueWhere(caller, filter))
      .limit(cap + 1)
      .as('capped'),
  );
  return result[0]?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Duplicates

export interface DuplicateProbe {
  id: number;
  merchantId: number | null;
  email: string;
  taxIdLast4: string;
  accountNumberLast4: string;
  address1: string;
  zipcode: string;
}

const zip5 = (zipcode: string) => zipcode.slice(0, 5);

/**
 * Other applications that may share a tax id, bank account, e-mail or farm address with this one: the same e-mail
 * (any case), the same last four of the tax id or account (their sealed numbers are then compared in memory), or the
 * same first address line (any case) in the same 5-digit ZIP. One statement; `inScope` says whether the caller may
 * open each.
 */
export function applicationDuplicateCandidates(db: DbOrTx, caller: Caller, probe: DuplicateProbe) {
  const scope = applicationInScope(caller);
  return db
    .select({
      uuid: applications.uuid,
      id: applications.id,
      farmName: applications.farmName,
      status: applications.status,
      email: applications.email,
      address1: applications.address1,
      zipcode: applications.zipcode,
      taxIdLast4: applications.taxIdLast4,
      taxIdEncrypted: applications.taxIdEncrypted,
      accountNumberLast4: applications.accountNumberLast4,
      accountNumberEncrypted: applications.accountNumberEncrypted,
      routingNumberEncrypted: applications.routingNumberEncrypted,
      inScope: scope === undefined ? sql<boolean>`true` : sql<boolean>`${scope}`,
    })
    .from(applications)
    .where(
      and(
        sql`${applications.id} <> ${probe.id}`,
        or(
          sql`lower(${applications.email}) = lower(${probe.email})`,
          eq(applications.taxIdLast4, probe.taxIdLast4),
          eq(applications.accountNumberLast4, probe.accountNumberLast4),
          sql`lower(${applications.address1}) = lower(${probe.address1}) and left(${applications.zipcode}, 5) = ${zip5(probe.zipcode)}`,
        ),
      ),
    )
    .orderBy(asc(applications.id))
    .limit(100);
}

/**
 * Merchants that may share a tax id, bank account, e-mail or an address with the application (the merchant the
 * application made left out): one statement, the candidates found through merchants_email_lower_idx,
 * merchants_tax_id_last4_idx and merchant_bank_accounts_account_last4_idx, and the addresses of the ZIP.
 */
export function merchantDuplicateCandidates(db: DbOrTx, caller: Caller, probe: DuplicateProbe) {
  const visible = merchantVisible(db, caller);
  const sameAddress = sql<boolean>`exists (select 1 from ${merchantAddresses} ma where ma.merchant_id = ${merchants.id}
    and lower(ma.address1) = lower(${probe.address1}) and left(ma.zipcode, 5) = ${zip5(probe.zipcode)})`;
  return db
    .select({
      uuid: merchants.uuid,
      name: merchants.name,
      merchantIdentifier: merchants.merchantIdentifier,
      email: merchants.email,
      taxIdLast4: merchants.taxIdLast4,
      taxIdEncrypted: merchants.taxIdEncrypted,
      accountNumberLast4: merchantBankAccounts.accountNumberLast4,
      accountNumberEncrypted: merchantBankAccounts.accountNumberEncrypted,
      routingNumberEncrypted: merchantBankAccounts.routingNumberEncrypted,
      sameAddress,
      inScope: visible === undefined ? sql<boolean>`true` : sql<boolean>`${visible}`,
    })
    .from(merchants)
    .leftJoin(merchantBankAccounts, eq(merchantBankAccounts.merchantId, merchants.id))
    .where(
      and(
        probe.merchantId === null ? undefined : sql`${merchants.id} <> ${probe.merchantId}`,
        sql`${merchants.id} in (
          select m.id from ${merchants} m where lower(m.email) = lower(${probe.email})
          union select m.id from ${merchants} m where m.tax_id_last4 = ${probe.taxIdLast4}
          union select b.merchant_id from ${merchantBankAccounts} b where b.account_number_last4 = ${probe.accountNumberLast4}
          union select a.merchant_id from ${merchantAddresses} a
            where lower(a.address1) = lower(${probe.address1}) and left(a.zipcode, 5) = ${zip5(probe.zipcode)})`,
      ),
    )
    .orderBy(asc(merchants.id))
    .limit(100);
}

// ---------------------------------------------------------------------------------------------------------------
// The expunge job

/** Deletes the confirmations made before `before` (drafts never submitted, and spent ones): answers how many. */
export async function deleteOldConfirmations(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(confirmations)
    .where(lt(confirmations.createdAt, before))
    .returning({ id: confirmations.id });
  return rows.length;
}

/** Deletes the applications refused before `before` (their programs and history go with them). */
export async function deleteRefusedApplications(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(applications)
    .where(and(eq(applications.status, 'refused'), lt(applications.decidedAt, before)))
    .returning({ id: applications.id });
  return rows.length;
}
