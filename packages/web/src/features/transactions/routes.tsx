import { lazy } from 'react';
import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

const TransactionSearchPage = lazy(() => import('./TransactionSearchPage'));
const TransactionDetailPage = lazy(() => import('./TransactionDetailPage'));

/**
 * Transaction search and detail (A§2, B§2), the same screens in /program and /admin. The recipient portal's
 * transaction screens come with the recipient portal issue (the API already answers recipients, resolution 11).
 */
export const transactionsRoutes: FeatureRoutes = {
  recipient: [
    placeholderRoute('transactions', 'Transactions'),
    placeholderRoute('transaction/:id', 'Transaction Detail'),
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
