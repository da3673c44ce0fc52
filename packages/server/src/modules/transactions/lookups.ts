import type { ResponseCodeOption, TransactionTypeOption } from '@ebt/core/transactions';
import { RESPONSE_CODES, TRANSACTION_TYPES } from '../../db/reference-data.js';

// GET /transaction-api/response-codes and /transaction-api/transaction-types (part 1 §3, part 2 §3). The lists are
// the reference data that db/reference-data.ts writes to response_codes and transaction_types (ids never
// renumbered), so answering them costs no database read. Decision 0033 lists them.

export function listResponseCodes(): ResponseCodeOption[] {
  return RESPONSE_CODES.map((c) => ({ responseCodeId: c.id, responseCode: c.code, descr: c.descr }));
}

export function listTransactionTypes(): TransactionTypeOption[] {
  return TRANSACTION_TYPES.map((type) => ({ transactionTypeId: type.id, descr: type.descr }));
}

export const isTransactionType = (id: number) => TRANSACTION_TYPES.some((type) => type.id === id);
export const isResponseCode = (id: number) => RESPONSE_CODES.some((c) => c.id === id);
