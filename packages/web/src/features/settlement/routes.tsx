import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const SettlementListPage = lazy(() => import('./SettlementListPage'));
const BatchPage = lazy(() => import('./BatchPage'));
const ReconciliationPage = lazy(() => import('./ReconciliationPage'));
const BatchMerchantPage = lazy(() => import('./BatchMerchantPage'));

/** Merchant settlement: the batches and a batch's page, for program admins and platform administrators. */
export const settlementRoutes: FeatureRoutes = {
  program: [
    { path: 'settlements', element: <SettlementListPage base="program" /> },
    { path: 'settlements/reconciliation', element: <ReconciliationPage base="program" /> },
    { path: 'settlement/:id', element: <BatchPage base="program" /> },
    { path: 'settlement/:id/merchant/:merchantId', element: <BatchMerchantPage base="program" /> },
  ],
  admin: [
    { path: 'settlements', element: <SettlementListPage base="admin" /> },
    { path: 'settlements/reconciliation', element: <ReconciliationPage base="admin" /> },
    { path: 'settlement/:id', element: <BatchPage base="admin" /> },
    { path: 'settlement/:id/merchant/:merchantId', element: <BatchMerchantPage base="admin" /> },
  ],
};
