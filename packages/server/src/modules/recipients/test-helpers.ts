import { ROLE } from '@ebt/core/enums';
import type { TestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// Fixtures of the recipients tests (search.test.ts, add.test.ts).

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

/** A valid add form, with a fresh e-mail each time (e-mails are unique per program). */
export const validRecipient = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Margaret',
  middlename: 'A',
  lastname: 'Kowalski',
  address1: '12 Orchard Lane',
  address2: '',
  city: 'Hartford',
  stateCode: 'ct',
  zipcode: '06103-1234',
  email: `margaret.${Math.random().toString(36).slice(2, 8)}@example.com`,
  mobilePhone: '(203) 555-0147',
  cardIssuanceCode: true,
  businessPhone: '',
  faxNumber: '',
  ...overrides,
});
