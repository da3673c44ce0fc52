import { ROLE } from '@ebt/core/enums';
import type { TestApp } from './app.js';
import { buildWorld } from './world.js';

// Fixtures of the recipients tests (search.test.ts, add.test.ts). The add form is testing/recipient-form.ts: the audit
// walk sends it too.

/** Two programs; program A has agencies A1 and A2. One signed-in user per role and scope. */
export async function makeRecipientWorld(t: TestApp) {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' }, a2: { program: 'programA' }, b1: { program: 'programB' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      agencyUserA2: { roleId: ROLE.AGENCY_USER, agencies: ['a2'] },
      recipient: { roleId: ROLE.RECIPIENT },
    },
  });
  return { ...world.programs, ...world.agencies, users: world.users, tokens: world.tokens };
}
export type RecipientWorld = Awaited<ReturnType<typeof makeRecipientWorld>>;
