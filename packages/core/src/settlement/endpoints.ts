import { endpoint, exportEndpoint, JSON_BODY_LIMIT, privileges, REFUSED } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  AchSettingsAnswer,
  AchSettingsQuery,
  BATCH_EXPORT_ROW_CAP,
  BatchDetail,
  BatchExportQuery,
  BatchList,
  BatchListQuery,
  BatchMerchantParams,
  BatchParams,
  BatchTransactionsPage,
  BatchTransactionsQuery,
  CloseBatchAnswer,
  CloseBatchBody,
  HeldMerchantList,
  HeldMerchantsQuery,
  MarkPaidAnswer,
  MarkPaidBody,
  MerchantBatchList,
  MerchantParams,
  ReconciliationAnswer,
  ReconciliationQuery,
  StatementEmailAnswer,
} from './schemas.js';

// Merchant settlement (docs/settlement.md). Program admins (their programs) and platform administrators; a batch
// outside the caller's programs answers 404 like a missing one. The NACHA file takes BANK_VIEW.

const tags = ['settlement'];
const SETTLEMENT_STAFF = privileges(PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.NDGADMIN_ACCESS);
const BANK_VIEW = privileges(PRIVILEGE.BANK_VIEW);

export const batches = endpoint({
  method: 'GET',
  path: '/settlement-api/batches',
  operationId: 'listSettlementBatches',
  tags,
  summary: 'Settlement batches of the caller’s programs, newest first (at most 1,000; programUuid for one)',
  access: SETTLEMENT_STAFF,
  query: BatchListQuery,
  answer: BatchList,
  returns: 'The batches, newest first',
  refusals: REFUSED.record,
});

export const exportBatches = exportEndpoint({
  path: '/settlement-api/batches/export',
  operationId: 'exportSettlementBatches',
  tags,
  access: SETTLEMENT_STAFF,
  query: BatchExportQuery,
  cap: BATCH_EXPORT_ROW_CAP,
});

export const reconciliation = endpoint({
  method: 'GET',
  path: '/settlement-api/reconciliation',
  operationId: 'getSettlementReconciliation',
  tags,
  summary:
    'Reconciliation of a program over a range of its days: issued, redeemed (settled, not yet), fees, outstanding, expired and expunged, per funding source and in total',
  access: SETTLEMENT_STAFF,
  query: ReconciliationQuery,
  answer: ReconciliationAnswer,
  returns: "The program's figures over the range, per funding source and in total",
  refusals: REFUSED.record,
});

export const holds = endpoint({
  method: 'GET',
  path: '/settlement-api/holds',
  operationId: 'listHeldMerchants',
  tags,
  summary:
    'Merchants on hold now in the caller’s programs (programUuid for one): their unpaid money waiting in no batch, with the reason and the amount owed (at most 1,000)',
  access: SETTLEMENT_STAFF,
  query: HeldMerchantsQuery,
  answer: HeldMerchantList,
  returns: 'The merchants on hold, with the reason and the amount owed',
  refusals: REFUSED.record,
});

export const closeBatch = endpoint({
  method: 'POST',
  path: '/settlement-api/batches/close',
  operationId: 'closeSettlementBatch',
  tags,
  summary: 'Close a batch of the program now: every approved transaction not yet settled, merchants held apart',
  access: SETTLEMENT_STAFF,
  body: CloseBatchBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: CloseBatchAnswer,
  returns: 'The batch closed and a message; batch is null when nothing was waiting to be paid',
  refusals: REFUSED.change,
});

export const batch = endpoint({
  method: 'GET',
  path: '/settlement-api/batches/:batchUuid',
  operationId: 'getSettlementBatch',
  tags,
  summary: 'A batch with its merchant lines (per funding source, regular or incentive) and its holds',
  access: SETTLEMENT_STAFF,
  params: BatchParams,
  answer: BatchDetail,
  returns: 'The batch with its merchant lines and holds',
  refusals: REFUSED.record,
});

export const markPaid = endpoint({
  method: 'POST',
  path: '/settlement-api/batches/:batchUuid/paid',
  operationId: 'markSettlementBatchPaid',
  tags,
  summary: 'Mark the batch paid once the bank confirmed it, with the bank’s reference',
  access: SETTLEMENT_STAFF,
  params: BatchParams,
  body: MarkPaidBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MarkPaidAnswer,
  returns: 'The batch marked paid and a message',
  refusals: REFUSED.change,
});

// The NACHA file is built on each download from the batch and the bank numbers, and never stored.
export const ach = endpoint({
  method: 'GET',
  path: '/settlement-api/batches/:batchUuid/ach',
  operationId: 'downloadSettlementAch',
  tags,
  summary:
    'The batch’s NACHA file (CCD+ credits to the merchants, the offset to the program’s settlement account); BANK_VIEW, audited, never stored',
  access: BANK_VIEW,
  params: BatchParams,
  format: 'ach',
  returns: 'The NACHA file of the batch',
  refusals: REFUSED.change,
});

// The ACH originator of a program and who else shares it (no bank number: those are BANK_VIEW's, on the file).
export const achSettings = endpoint({
  method: 'GET',
  path: '/settlement-api/ach-settings',
  operationId: 'getSettlementAchSettings',
  tags,
  summary:
    'The ACH originator of a program (company id, immediate origin, company name, lead days) and the other programs whose files carry the same company id or origin (named when the caller may see them, else counted)',
  access: SETTLEMENT_STAFF,
  query: AchSettingsQuery,
  answer: AchSettingsAnswer,
  returns: "The program's ACH originator and the programs sharing it",
  refusals: REFUSED.record,
});

// One merchant's settlements: its batches, its transactions of a batch, its statement.
export const merchantBatches = endpoint({
  method: 'GET',
  path: '/settlement-api/merchants/:merchantUuid/batches',
  operationId: 'listMerchantSettlementBatches',
  tags,
  summary: 'The batches that settled the merchant, newest first, with its share of each (at most 1,000)',
  access: SETTLEMENT_STAFF,
  params: MerchantParams,
  answer: MerchantBatchList,
  returns: "The merchant's batches, newest first, with its share of each",
  refusals: REFUSED.record,
});

export const batchTransactions = endpoint({
  method: 'GET',
  path: '/settlement-api/batches/:batchUuid/merchants/:merchantUuid/transactions',
  operationId: 'listMerchantBatchTransactions',
  tags,
  summary:
    'The merchant’s transactions of the batch in time order, a page at a time, each with its money per benefit (signed as it counts: refunds and reversals negative) and its fee',
  access: SETTLEMENT_STAFF,
  params: BatchMerchantParams,
  query: BatchTransactionsQuery,
  answer: BatchTransactionsPage,
  returns: "A page of the merchant's transactions of the batch",
  refusals: REFUSED.record,
});

export const statement = endpoint({
  method: 'GET',
  path: '/settlement-api/batches/:batchUuid/merchants/:merchantUuid/statement.pdf',
  operationId: 'downloadMerchantStatement',
  tags,
  summary:
    'The merchant’s printable statement of the batch (PDF): program contact, merchant address, batch date and cut-off, lines, every transaction, fees and net; no bank number; audited',
  access: SETTLEMENT_STAFF,
  params: BatchMerchantParams,
  format: 'pdf',
  returns: "The merchant's statement of the batch as a PDF",
  refusals: REFUSED.record,
});

export const emailStatement = endpoint({
  method: 'POST',
  path: '/settlement-api/batches/:batchUuid/merchants/:merchantUuid/statement/email',
  operationId: 'emailMerchantStatement',
  tags,
  summary: 'E-mail the merchant its statement of the batch (the PDF attached), queued in the outbox',
  access: SETTLEMENT_STAFF,
  params: BatchMerchantParams,
  bodyLimit: JSON_BODY_LIMIT,
  answer: StatementEmailAnswer,
  returns: 'The address the statement was queued to and a message',
  refusals: REFUSED.change,
});
