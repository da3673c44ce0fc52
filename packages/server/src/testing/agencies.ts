import { ROLE } from '@ebt/core/enums';
import type { TestApp } from './app.js';
import { buildWorld } from './world.js';

// The world of the agency tests: program A with agencies North (a1) and East (a2), program B with Bay (b1); one
// signed-in user per role and scope, and agency users to add, remove and move.

export async function makeAgencyWorld(t: TestApp) {
  return buildWorld(t, {
    programs: { programA: { name: 'Alpha Program' }, programB: { name: 'Beta Program' } },
    agencies: {
      a1: {
        program: 'programA',
        name: 'North Agency',
        code: 'N1',
        fundingAmount: '1000.00',
        fundingDate: '2024-01-01',
      },
      a2: { program: 'programA', name: 'East Agency', code: 'E1' },
      b1: { program: 'programB', name: 'Bay Agency', code: 'B1' },
    },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      agencyAdminB1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['b1'] },
      recipient: { roleId: ROLE.RECIPIENT },
    },
  });
}
export type AgencyWorld = Awaited<ReturnType<typeof makeAgencyWorld>>;
