import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE, STAFF_PRIVILEGES } from '@ebt/core/privileges';
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
} from '@ebt/core/transactions';
import { privileges, STAFF } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';
import { registerExportRoute } from '../../platform/search.js';
import { getCurrentUserTransactions, getTransaction } from './detail.js';
import { listResponseCodes, listTransactionTypes } from './lookups.js';
import { exportTransactions, searchTransactions } from './search.js';

// Transactions (part 1 §7 "Transactions", part 2 §7 "Transactions (detail)"; resolutions 11-13; decisions 0033,
// 0034). Read only: the authorisation side writes transactions. Staff are scoped by the services (program admins:
// their programs; agency staff: their agencies' recipients); recipients read only their own. Out of scope is 404.
const tags = ['transactions'];
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);
const STAFF_OR_RECIPIENT = privileges(...STAFF_PRIVILEGES, PRIVILEGE.RECIPIENT_ACCESS);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/transaction-api/response-codes',
    {
      schema: {
        tags,
        summary: 'Authorisation response codes (responseCodeId, responseCode, descr)',
        response: { 200: z.array(ResponseCodeOption), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF_OR_RECIPIENT },
    },
    () => listResponseCodes(),
  );

  app.get(
    '/transaction-api/transaction-types',
    {
      schema: {
        tags,
        summary: 'Transaction types (transactionTypeId, descr)',
        response: { 200: z.array(TransactionTypeOption), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF_OR_RECIPIENT },
    },
    () => listTransactionTypes(),
  );

  app.get(
    '/transaction-api/transactions',
    {
      schema: {
        tags,
        summary:
          'Search transactions, newest first (page zero-based, pageSize 1-2000, default 10); recipients get only their own',
        querystring: TransactionSearchQuery,
        response: { 200: TransactionSearchPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF_OR_RECIPIENT },
    },
    (req) => searchTransactions(req.ctx, req.query),
  );

  registerExportRoute(
    app,
    '/transaction-api/transactions/export',
    { tags, querystring: TransactionExportQuery, access: STAFF, cap: TRANSACTION_EXPORT_ROW_CAP },
    exportTransactions,
  );

  app.get(
    '/transaction-api/transactions/currentuser/:programUuid',
    {
      schema: {
        tags,
        summary: "The recipient's newest transactions in one program (at most 10)",
        params: CurrentUserParams,
        response: { 200: TransactionSearchPage, ...refusals },
      },
      config: { access: RECIPIENT },
    },
    (req) => getCurrentUserTransactions(req.ctx, req.params.programUuid),
  );

  app.get(
    '/transaction-api/transactions/:id',
    {
      schema: {
        tags,
        summary: "One transaction; 404 when missing or outside the caller's scope (recipients: their own only)",
        params: TransactionParams,
        response: { 200: TransactionDetail, ...refusals },
      },
      config: { access: STAFF_OR_RECIPIENT },
    },
    (req) => getTransaction(req.ctx, req.params.id),
  );
});
