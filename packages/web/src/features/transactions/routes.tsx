import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const TransactionSearchPage = lazy(() => import('./TransactionSearchPage'));
const TransactionDetailPage = lazy(() => import('./TransactionDetailPage'));
const RecipientTransactionsPage = lazy(() => import('./RecipientTransactionsPage'));
const RecipientTransactionDetailPage = lazy(() => import('./RecipientTransactionDetailPage'));

/**
 * Transaction search and detail (A§2, B§2), the same screens in /program and /admin. The recipient portal has
 * its own search and detail (the API answers recipients their own, resolution 11).
 */
export const transactionsRoutes: FeatureRoutes = {
  recipient: [
    { path: 'transactions', element: <RecipientTransactionsPage /> },
    { path: 'transaction/:id', element: <RecipientTransactionDetailPage /> },
  ],
  program: [
    { path: 'transactions', element: <TransactionSearchPage base="program" /> },
    { path: 'transaction/:id', element: <TransactionDetailPage base="program" /> },
  ],
  admin: [
    { path: 'transactions', element: <TransactionSearchPage base="admin" /> },
    { path: 'transaction/:id', element: <TransactionDetailPage base="admin" /> },
  ],
};
