import type { ProgramRow, AgencyRow, UserRow, programs, agencies } from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { makeAgency, makeProgram, makeUser, type MakeUserOptions } from './factories.js';

/**
 * The programs, agencies and signed-in people an API test starts from, declared by name instead of written out
 * in every file:
 *
 *   const w = await buildWorld(t, {
 *     programs: { programA: {}, programB: { name: 'Beta Program' } },
 *     agencies: { a1: { program: 'programA' } },
 *     users: {
 *       programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
 *       agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
 *     },
 *   });
 *   w.programs.programA.uuid; w.agencies.a1.id; w.users.programAdminA.username; w.tokens.agencyUserA1
 *
 * Programs and agencies are made in the order declared (names sort as declared only when given). Every user with
 * a password is signed in through the real endpoint; `tokens` holds their bearer tokens.
 */
export interface WorldSpec<P extends string, A extends string, U extends string> {
  programs: Record<P, Partial<typeof programs.$inferInsert>>;
  agencies?: Record<A, Partial<Omit<typeof agencies.$inferInsert, 'programId'>> & { program: NoInfer<P> }>;
  users?: Record<
    U,
    Omit<MakeUserOptions, 'programs' | 'agencies'> & { programs?: NoInfer<P>[]; agencies?: NoInfer<A>[] }
  >;
}

export interface World<P extends string, A extends string, U extends string> {
  programs: Record<P, ProgramRow>;
  agencies: Record<A, AgencyRow>;
  users: Record<U, UserRow & { password: string | null }>;
  tokens: Record<U, string>;
}

export async function buildWorld<P extends string, A extends string = never, U extends string = never>(
  t: TestApp,
  spec: WorldSpec<P, A, U>,
): Promise<World<P, A, U>> {
  const { db } = t.database;
  const programRows = {} as Record<P, ProgramRow>;
  for (const [key, overrides] of entries(spec.programs)) programRows[key] = await makeProgram(db, overrides);

  const agencyRows = {} as Record<A, AgencyRow>;
  for (const [key, { program, ...overrides }] of entries(spec.agencies ?? ({} as NonNullable<typeof spec.agencies>)))
    agencyRows[key] = await makeAgency(db, programRows[program], overrides);

  const userRows = {} as World<P, A, U>['users'];
  for (const [key, { programs: programKeys = [], agencies: agencyKeys = [], ...options }] of entries(
    spec.users ?? ({} as NonNullable<typeof spec.users>),
  )) {
    userRows[key] = await makeUser(db, {
      ...options,
      programs: programKeys.map((p) => programRows[p]),
      agencies: agencyKeys.map((a) => agencyRows[a]),
    });
  }

  // Sign-ins are independent of each other; running them together keeps a world of seven people quick.
  const tokens = Object.fromEntries(
    await Promise.all(
      entries(userRows)
        .filter(([, user]) => user.password !== null)
        .map(async ([key, user]) => [key, await t.signIn(user.username, user.password!)] as const),
    ),
  ) as Record<U, string>;

  return { programs: programRows, agencies: agencyRows, users: userRows, tokens };
}

const entries = <K extends string, V>(record: Record<K, V>) => Object.entries(record) as [K, V][];
