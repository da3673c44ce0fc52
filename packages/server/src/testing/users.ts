import { and, desc, eq, sql } from 'drizzle-orm';
import { ROLE } from '@ebt/core/enums';
import type { DbOrTx } from '../db/client.js';
import { auditLog, userAgencies, userPrograms, users } from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { buildWorld } from './world.js';

// The cast of the users tests: two programs, agencies a1 and a2 of program A and b1 of program B, one user of each
// staff role, and a program user (role 2) that holds no area.

export function makeUsersWorld(t: TestApp) {
  return buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' }, a2: { program: 'programA' }, b1: { program: 'programB' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      programUserA: { roleId: ROLE.PROGRAM_USER, programs: ['programA'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyAdminA2: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a2'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      agencyAdminB1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['b1'] },
    },
  });
}
export type UsersWorld = Awaited<ReturnType<typeof makeUsersWorld>>;

let sequence = 0;

/** A valid User form (B§5) for `roleId`, with a fresh username and e-mail. */
export function validUserForm(overrides: Record<string, unknown> = {}) {
  const n = `${Date.now() % 100000}${++sequence}`;
  return {
    username: `staff${n}`.slice(0, 20),
    email: `staff-${n}@example.org`,
    firstname: 'Pat',
    middlename: 'Q',
    lastname: `Staffer${n}`,
    mobile: '(860) 555-0199',
    phone: '',
    userStatusId: 0,
    roleId: ROLE.AGENCY_USER,
    ...overrides,
  };
}

export async function userByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function placesOf(db: DbOrTx, userId: number) {
  const programIds = (await db.select().from(userPrograms).where(eq(userPrograms.userId, userId))).map(
    (r) => r.programId,
  );
  const agencyIds = (await db.select().from(userAgencies).where(eq(userAgencies.userId, userId))).map(
    (r) => r.agencyId,
  );
  return { programIds, agencyIds };
}

export async function lastAudit(db: DbOrTx, entityId: string, action: string) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action), eq(auditLog.entity, 'user')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

export async function userCount(db: DbOrTx) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}
