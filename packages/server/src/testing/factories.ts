import { ROLE, USER_STATUS } from '@ebt/core/enums';
import type { DbOrTx } from '../db/client.js';
import {
  agencies,
  type AgencyRow,
  programs,
  type ProgramRow,
  userAgencies,
  userPrograms,
  users,
  type UserRow,
} from '../db/schema/index.js';
import { hashPassword } from '../platform/passwords.js';

/**
 * Small factories with valid, unique defaults (testing.md): `buildX` returns data, `makeX` saves it.
 * Tests never depend on the demo data set.
 */
export const DEFAULT_PASSWORD = 'Factory#Pass1';

let sequence = 0;
/** Programs made so far: each gets its own series number, as bin + series (the PAN prefix) is unique. */
let programSequence = 0;
const next = () => (++sequence).toString(36).padStart(3, '0') + Math.random().toString(36).slice(2, 6);

let defaultHash: Promise<string> | undefined;
const passwordHashFor = (password: string) =>
  password === DEFAULT_PASSWORD ? (defaultHash ??= hashPassword(DEFAULT_PASSWORD)) : hashPassword(password);

function buildProgram(overrides: Partial<typeof programs.$inferInsert> = {}): typeof programs.$inferInsert {
  const n = next();
  return {
    name: `Test Program ${n}`,
    shortName: `TP${n}`.slice(0, 20).toUpperCase(),
    statusId: 0,
    bin: '60000',
    seriesNbr: String(++programSequence % 10_000).padStart(4, '0'),
    contactEmail: `program-${n}@example.com`,
    contactPhone: '2035550100',
    contactAddress1: '1 Main Street',
    contactCity: 'Hartford',
    contactStateCode: 'CT',
    contactZip: '06103',
    startDate: '2026-01-01',
    endDate: '2027-12-31',
    ...overrides,
  };
}

export async function makeProgram(
  db: DbOrTx,
  overrides: Partial<typeof programs.$inferInsert> = {},
): Promise<ProgramRow> {
  const [row] = await db.insert(programs).values(buildProgram(overrides)).returning();
  return row!;
}

export async function makeAgency(
  db: DbOrTx,
  program: { id: number },
  overrides: Partial<typeof agencies.$inferInsert> = {},
): Promise<AgencyRow> {
  const n = next();
  const [row] = await db
    .insert(agencies)
    .values({ programId: program.id, name: `Agency ${n}`, code: `AG${n}`.slice(0, 20), ...overrides })
    .returning();
  return row!;
}

export interface MakeUserOptions extends Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> {
  password?: string | null;
  programs?: { id: number }[];
  agencies?: { id: number }[];
}

export async function makeUser(
  db: DbOrTx,
  options: MakeUserOptions = {},
): Promise<UserRow & { password: string | null }> {
  const { password = DEFAULT_PASSWORD, programs: programList = [], agencies: agencyList = [], ...overrides } = options;
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      username: `user${n}`.slice(0, 20),
      email: `user-${n}@example.com`,
      emailVerified: true,
      firstName: 'Test',
      lastName: `User${n}`,
      roleId: ROLE.PROGRAM_ADMIN,
      statusId: USER_STATUS.ENABLED,
      passwordHash: password === null ? null : await passwordHashFor(password),
      ...overrides,
    })
    .returning();
  const user = row!;
  if (programList.length)
    await db.insert(userPrograms).values(programList.map((p) => ({ userId: user.id, programId: p.id })));
  if (agencyList.length)
    await db.insert(userAgencies).values(agencyList.map((a) => ({ userId: user.id, agencyId: a.id })));
  return { ...user, password };
}

/** One user of each staff role on one program with one agency: the usual cast of an access test. */
export async function makeStaffCast(db: DbOrTx) {
  const program = await makeProgram(db);
  const agency = await makeAgency(db, program);
  const otherAgency = await makeAgency(db, program);
  const platformAdmin = await makeUser(db, { roleId: ROLE.PLATFORM_ADMIN });
  const programAdmin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
  const agencyAdmin = await makeUser(db, { roleId: ROLE.AGENCY_ADMIN, agencies: [agency] });
  const agencyUser = await makeUser(db, { roleId: ROLE.AGENCY_USER, agencies: [agency] });
  const recipient = await makeUser(db, { roleId: ROLE.RECIPIENT });
  return { program, agency, otherAgency, platformAdmin, programAdmin, agencyAdmin, agencyUser, recipient };
}

// Recipients ------------------------------------------------------------------------------------------------------
// (Appended by the recipients area; the import sits here so the file above stays as it was.)
import { recipientAccounts, type RecipientAccountRow } from '../db/schema/index.js';

export interface MakeRecipientOptions extends Partial<
  Omit<typeof recipientAccounts.$inferInsert, 'programId' | 'agencyId' | 'userId'>
> {
  program: { id: number };
  agency?: { id: number } | null;
  user?: { id: number } | null;
}

/**
 * A recipient account with valid, unique defaults. Its Account ID is not an 8-digit number, so it never
 * collides with the Account IDs the add endpoint generates.
 */
function buildRecipient(options: MakeRecipientOptions): typeof recipientAccounts.$inferInsert {
  const { program, agency = null, user = null, ...overrides } = options;
  const n = next();
  return {
    programId: program.id,
    agencyId: agency?.id ?? null,
    userId: user?.id ?? null,
    recipientIdentifier: `F${n}`.toUpperCase(),
    statusId: 0,
    accountTypeId: 0,
    firstName: 'Pat',
    lastName: `Recipient${n}`,
    address1: '1 Elm Street',
    city: 'Hartford',
    stateCode: 'CT',
    zipcode: '06103',
    email: `recipient-${n}@example.com`,
    mobilePhone: '2035550123',
    ...overrides,
  };
}

export async function makeRecipient(db: DbOrTx, options: MakeRecipientOptions): Promise<RecipientAccountRow> {
  const [row] = await db.insert(recipientAccounts).values(buildRecipient(options)).returning();
  return row!;
}

// (Appended by the applicants area.)
import { applicants, applicationPrograms, applications } from '../db/schema/index.js';

// Application ids are fixed, not generated (the public form asks for id 1); factories count from 1000 upwards.
let applicationSequence = 1000;

/** An online application definition taking the given programs. */
export async function makeApplication(
  db: DbOrTx,
  programsTaken: { id: number }[],
  overrides: Partial<typeof applications.$inferInsert> = {},
) {
  const id = overrides.id ?? ++applicationSequence;
  await db.insert(applications).values({ name: `Application ${id}`, ...overrides, id });
  if (programsTaken.length > 0) {
    await db.insert(applicationPrograms).values(programsTaken.map((p) => ({ applicationId: id, programId: p.id })));
  }
  return { id };
}

export interface MakeApplicantOptions extends Partial<Omit<typeof applicants.$inferInsert, 'programId'>> {
  program: { id: number };
}

/** A pending applicant (not processed) with valid, unique defaults. */
export async function makeApplicant(db: DbOrTx, options: MakeApplicantOptions) {
  const { program, ...overrides } = options;
  const n = next();
  const [row] = await db
    .insert(applicants)
    .values({
      programId: program.id,
      firstName: 'Ada',
      lastName: `Applicant${n}`,
      address1: '12 Elm Street',
      city: 'Hartford',
      stateCode: 'CT',
      zipcode: '06103',
      email: `applicant-${n}@example.com`,
      mobilePhone: '8605550142',
      ...overrides,
    })
    .returning();
  return row!;
}
