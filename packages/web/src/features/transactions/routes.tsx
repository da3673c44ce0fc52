import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * Transaction search and detail (A§2, B§2).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const transactionsRoutes: FeatureRoutes = {
  recipient: [
    placeholderRoute('transactions', 'Transactions'),
    placeholderRoute('transaction/:id', 'Transaction Detail'),
  ],
  program: [
    placeholderRoute('transactions', 'Transactions'),
    placeholderRoute('transaction/:id', 'Transaction Detail'),
  ],
  admin: [placeholderRoute('transactions', 'Transactions'), placeholderRoute('transaction/:id', 'Transaction Detail')],
};
