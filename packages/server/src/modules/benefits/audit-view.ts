import type { BenefitRow } from '../../db/schema/index.js';

/**
 * A benefit as the audit log records it (architecture.md "Audit"): wire names, internal ids for the program, account,
 * agency, funding source, incentive and option. recordAudit keeps only the fields a change touched.
 */
export function benefitAuditView(row: Partial<BenefitRow>): Record<string, unknown> {
  return {
    benefitAuthorizationNumber: row.authorizationNumber,
    benefitStatusId: row.statusId,
    benefitTypeId: row.benefitTypeId,
    benefitAvailableDate: row.availableDate,
    benefitExpirationDate: row.expirationDate,
    benefitAmount: row.amount,
    benefitBalance: row.balance,
    notifiedRecipient: row.notifiedRecipient,
    note: row.note,
    programId: row.programId,
    accountId: row.accountId,
    agencyId: row.agencyId,
    fundingId: row.fundingSourceId,
    incentiveId: row.incentiveId,
    benefitOptionId: row.benefitOptionId,
    creationChannel: row.creationChannel,
    updationChannel: row.updationChannel,
  };
}
