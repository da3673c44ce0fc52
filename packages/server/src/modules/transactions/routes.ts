import { transactionApi } from '@ebt/core/transactions';
import { handle, routeTable } from '../../platform/routes.js';
import { exportHandler } from '../../platform/search.js';
import { getCurrentUserTransactions, getTransaction } from './detail.js';
import { listResponseCodes, listTransactionTypes } from './lookups.js';
import { exportTransactions, searchTransactions } from './search.js';

// Transactions: each contract of @ebt/core/transactions (transactionApi) bound to its use case.
export default routeTable([
  handle(transactionApi.responseCodes, () => listResponseCodes()),
  handle(transactionApi.transactionTypes, () => listTransactionTypes()),
  handle(transactionApi.search, (req) => searchTransactions(req.ctx, req.query)),
  handle(transactionApi.exportSearch, exportHandler(exportTransactions)),
  handle(transactionApi.ownRecent, (req) => getCurrentUserTransactions(req.ctx, req.params.programUuid)),
  handle(transactionApi.detail, (req) => getTransaction(req.ctx, req.params.id)),
]);
