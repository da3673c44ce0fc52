import { z } from 'zod';
import { endpoint, exportEndpoint, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE, STAFF_PRIVILEGES } from '../privileges/index.js';
import {
  CurrentUserParams,
  ResponseCodeOption,
  TRANSACTION_EXPORT_ROW_CAP,
  TransactionDetail,
  TransactionExportQuery,
  TransactionParams,
  TransactionSearchPage,
  TransactionSearchQuery,
  TransactionTypeOption,
} from './schemas.js';

// Transactions (part 1 §7 "Transactions", part 2 §7 "Transactions (detail)"; resolutions 11-13). Read only: the
// transaction engine (posApi) writes transactions. Staff are scoped by the server (program admins: their programs;
// agency staff: their agencies' recipients); recipients read only their own. Out of scope is 404.

const tags = ['transactions'];
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);
const STAFF_OR_RECIPIENT = privileges(...STAFF_PRIVILEGES, PRIVILEGE.RECIPIENT_ACCESS);

export const responseCodes = endpoint({
  method: 'GET',
  path: '/transaction-api/response-codes',
  operationId: 'listResponseCodes',
  tags,
  summary: 'Authorisation response codes (responseCodeId, responseCode, descr)',
  access: STAFF_OR_RECIPIENT,
  answer: z.array(ResponseCodeOption),
  returns: 'The authorisation response codes',
  refusals: [401, 403],
});

export const transactionTypes = endpoint({
  method: 'GET',
  path: '/transaction-api/transaction-types',
  operationId: 'listTransactionTypes',
  tags,
  summary: 'Transaction types (transactionTypeId, descr)',
  access: STAFF_OR_RECIPIENT,
  answer: z.array(TransactionTypeOption),
  returns: 'The transaction types',
  refusals: [401, 403],
});

export const search = endpoint({
  method: 'GET',
  path: '/transaction-api/transactions',
  operationId: 'searchTransactions',
  tags,
  summary:
    'Search transactions, newest first (page zero-based, pageSize 1-2000, default 10); recipients get only their own',
  access: STAFF_OR_RECIPIENT,
  query: TransactionSearchQuery,
  answer: TransactionSearchPage,
  returns: 'One page of the matching transactions; countCapped says more matched than were counted',
  refusals: REFUSED.list,
});

export const exportSearch = exportEndpoint({
  path: '/transaction-api/transactions/export',
  operationId: 'exportTransactions',
  tags,
  access: STAFF,
  query: TransactionExportQuery,
  cap: TRANSACTION_EXPORT_ROW_CAP,
});

export const ownRecent = endpoint({
  method: 'GET',
  path: '/transaction-api/transactions/currentuser/:programUuid',
  operationId: 'listOwnRecentTransactions',
  tags,
  summary: "The recipient's newest transactions in one program (at most 10)",
  access: RECIPIENT,
  params: CurrentUserParams,
  answer: TransactionSearchPage,
  returns: "The recipient's newest transactions in the program",
  refusals: REFUSED.record,
});

export const detail = endpoint({
  method: 'GET',
  path: '/transaction-api/transactions/:id',
  operationId: 'getTransaction',
  tags,
  summary: "One transaction; 404 when missing or outside the caller's scope (recipients: their own only)",
  access: STAFF_OR_RECIPIENT,
  params: TransactionParams,
  answer: TransactionDetail,
  returns: 'The transaction with its linked transactions',
  refusals: REFUSED.record,
});
