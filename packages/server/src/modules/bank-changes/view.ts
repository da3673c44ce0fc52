import type { BankChangeRequest, BankChangeStatus, StaffBankChangeRequest } from '@ebt/core/bank-changes';
import { maskedLastFour } from '@ebt/core/merchants';
import type { RequestView } from './queries.js';

// A request on the wire: its numbers by their stored last four only; the sealed columns are never read for it.

export function farmerView(row: RequestView): BankChangeRequest {
  return {
    requestUuid: row.uuid,
    status: row.status as BankChangeStatus,
    requestedAt: row.requestedAt.toISOString(),
    bankName: row.bankName,
    accountNumber: maskedLastFour(row.accountNumberLast4) ?? '',
    routingNumber: maskedLastFour(row.routingNumberLast4) ?? '',
    bankAccountType: row.accountTypeId,
    holderName: [row.firstName, row.middleName, row.lastName].filter(Boolean).join(' '),
    note: row.note,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    refusalReason: row.refusalReason,
  };
}

export function staffView(row: RequestView): StaffBankChangeRequest {
  return Object.assign(farmerView(row), { requestedBy: row.requestedBy, decidedBy: row.decidedBy });
}
