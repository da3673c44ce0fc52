import { and, asc, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { benefitOptionTypes, benefits, fundingSources, incentives, pans, programs } from '../../db/schema/index.js';
import { startsWith } from '../../platform/search-sql.js';

// The SQL of the admin program screens (B§2 "Admin programs", B§7). Only platform administrators call them (the
// routes' access), whose scope is every program, so no query here narrows by caller.

export interface AdminProgramFilter {
  programName?: string;
  shortName?: string;
  contactEmail?: string;
  contactStateCode?: string;
  programStatusId?: number;
}

/**
 * GET /admin-api/programs: at most `limit` programs by name. Prefixes on lower(name), lower(short_name) and
 * lower(contact_email) (text_pattern_ops indexes), state and status by equality (their own indexes).
 */
export function searchProgramRows(db: DbOrTx, filter: AdminProgramFilter, limit: number) {
  const conditions: (SQL | undefined)[] = [
    filter.programName ? startsWith(sql`lower(${programs.name})`, filter.programName) : undefined,
    filter.shortName ? startsWith(sql`lower(${programs.shortName})`, filter.shortName) : undefined,
    filter.contactEmail ? startsWith(sql`lower(${programs.contactEmail})`, filter.contactEmail) : undefined,
    filter.contactStateCode ? eq(programs.contactStateCode, filter.contactStateCode) : undefined,
    filter.programStatusId === undefined ? undefined : eq(programs.statusId, filter.programStatusId),
  ];
  return db
    .select({
      programUuid: programs.uuid,
      programId: programs.id,
      programName: programs.name,
      shortName: programs.shortName,
      contactEmail: programs.contactEmail,
      programStatusId: programs.statusId,
      startDate: programs.startDate,
      endDate: programs.endDate,
      contactStateCode: programs.contactStateCode,
    })
    .from(programs)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${programs.name})`), asc(programs.id))
    .limit(limit);
}

/** The columns a program's detail and its save read. */
const PROGRAM_COLUMNS = {
  id: programs.id,
  uuid: programs.uuid,
  name: programs.name,
  shortName: programs.shortName,
  statusId: programs.statusId,
  bin: programs.bin,
  seriesNbr: programs.seriesNbr,
  contactEmail: programs.contactEmail,
  contactPhone: programs.contactPhone,
  contactAddress1: programs.contactAddress1,
  contactAddress2: programs.contactAddress2,
  contactCity: programs.contactCity,
  contactStateCode: programs.contactStateCode,
  contactZip: programs.contactZip,
  startDate: programs.startDate,
  endDate: programs.endDate,
  configuration: programs.configuration,
  configurationSecrets: programs.configurationSecrets,
  benefitAmount: programs.benefitAmount,
  benefitExpirationDays: programs.benefitExpirationDays,
  incentiveExpirationDays: programs.incentiveExpirationDays,
  fundingAmount: programs.fundingAmount,
  fundingDate: programs.fundingDate,
  lastIssuanceDate: programs.lastIssuanceDate,
  enableBenefitNote: programs.enableBenefitNote,
  benefitOptionTypeId: programs.benefitOptionTypeId,
  pinRequired: programs.pinRequired,
};

/**
 * The outer program's id inside a correlated subquery, qualified by hand: Drizzle renders a column of a one-table
 * select unqualified, and a bare "id" inside the subquery would be the subquery's own table's.
 */
const outerProgramId = sql.raw('"programs"."id"');

/** Whether a PAN exists for the program (then bin and series number are fixed), as a column of the program's read. */
const panExists = sql<boolean>`exists (select 1 from ${pans} p where p.program_id = ${outerProgramId})`.as(
  'pan_prefix_fixed',
);

/** The program's funding sources as one JSON column, by name: the detail costs one statement. */
const fundingJson = sql<{ fundingId: number; name: string }[]>`coalesce((
    select json_agg(json_build_object('fundingId', f.id, 'name', f.name) order by lower(f.name), f.id)
    from ${fundingSources} f where f.program_id = ${outerProgramId}
  ), '[]'::json)`.as('funding_sources');

/** GET /admin-api/programs/{uuid}: the program, its funding sources and whether a PAN exists, in one statement. */
export async function findProgramDetail(db: DbOrTx, programUuid: string) {
  const [row] = await db
    .select({ ...PROGRAM_COLUMNS, panPrefixFixed: panExists, fundingSources: fundingJson })
    .from(programs)
    .where(eq(programs.uuid, programUuid))
    .limit(1);
  return row;
}
export type ProgramDetailRow = NonNullable<Awaited<ReturnType<typeof findProgramDetail>>>;

/** The program, locked for a save (its funding sources change under the same lock). */
export async function lockProgram(db: DbOrTx, programUuid: string) {
  const [row] = await db
    .select({ ...PROGRAM_COLUMNS, panPrefixFixed: panExists, fundingSources: fundingJson })
    .from(programs)
    .where(eq(programs.uuid, programUuid))
    .limit(1)
    .for('update', { of: programs });
  return row;
}

/** Another program already has this short name (the column is unique; this gives the clear 409 first). */
export async function shortNameTaken(db: DbOrTx, shortName: string, exceptId?: number) {
  const [row] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(
      and(
        eq(sql`lower(${programs.shortName})`, shortName.toLowerCase()),
        exceptId ? not(eq(programs.id, exceptId)) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Another program already has these nine PAN digits (bin followed by series number). */
export async function panPrefixTaken(db: DbOrTx, prefix: string, exceptId?: number) {
  const [row] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(
      and(
        eq(sql`(${programs.bin} || ${programs.seriesNbr})`, prefix),
        exceptId ? not(eq(programs.id, exceptId)) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Of these funding sources, the ids a benefit or an incentive refers to (they cannot be removed). */
export async function fundingSourcesInUse(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.execute<{ id: number }>(sql`
    select distinct f.id from ${fundingSources} f
    where f.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
      and (exists (select 1 from ${benefits} b where b.funding_source_id = f.id)
        or exists (select 1 from ${incentives} i where i.funding_source_id = f.id))`);
  return new Set((rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
}

export async function deleteFundingSources(db: DbOrTx, programId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .delete(fundingSources)
    .where(and(eq(fundingSources.programId, programId), inArray(fundingSources.id, [...ids])));
}

export async function benefitOptionTypeExists(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: benefitOptionTypes.id })
    .from(benefitOptionTypes)
    .where(eq(benefitOptionTypes.id, id))
    .limit(1);
  return row !== undefined;
}

/** GET /admin-api/benefit-option-types. */
export function listBenefitOptionTypes(db: DbOrTx) {
  return db
    .select({ optionTypeId: benefitOptionTypes.id, name: benefitOptionTypes.name, descr: benefitOptionTypes.descr })
    .from(benefitOptionTypes)
    .orderBy(asc(benefitOptionTypes.name), asc(benefitOptionTypes.id));
}
