import type { AgencyRecord } from './queries.js';

// What the agency writes share (add.ts, change.ts).

/** The unique index behind 'Agency Code must be unique within a program.' (program_id, lower(code)). */
export const CODE_INDEX = 'agencies_program_code_key';

/** The agency's fields as its audit rows record them. */
export function agencyAuditView(
  a: Pick<AgencyRecord, 'name' | 'code' | 'fundingAmount' | 'fundingAlert' | 'fundingDate'>,
) {
  return {
    agencyName: a.name,
    agencyCode: a.code,
    fundingAmount: a.fundingAmount,
    fundingAlert: a.fundingAlert,
    fundingDate: a.fundingDate,
  };
}
