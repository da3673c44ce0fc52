import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

// The locator and the import screen are chunks of their own: Leaflet loads only with the locator.
const MerchantLocatorPage = lazy(() => import('./locator/MerchantLocatorPage'));
const MerchantFilePage = lazy(() => import('./MerchantFilePage'));
const MerchantSearchPage = lazy(() => import('./MerchantSearchPage'));
const MerchantDetailPage = lazy(() => import('./MerchantDetailPage'));
const MerchantAddPage = lazy(() => import('./MerchantAddPage'));
const RecipientMerchantsPage = lazy(() => import('./RecipientMerchantsPage'));
const RecipientMerchantPage = lazy(() => import('./RecipientMerchantPage'));

/**
 * Merchant search, detail, add, import and the merchant locator (B§2), each screen its own chunk. The recipient
 * portal has its own merchant search and public detail.
 */
export const merchantsRoutes: FeatureRoutes = {
  recipient: [
    { path: 'merchants', element: <RecipientMerchantsPage /> },
    { path: 'merchant/:id', element: <RecipientMerchantPage /> },
    { path: 'merchantlocator', element: <MerchantLocatorPage /> },
  ],
  program: [
    { path: 'merchants', element: <MerchantSearchPage base="program" /> },
    { path: 'merchant/add', element: <MerchantAddPage base="program" /> },
    { path: 'merchant/file', element: <MerchantFilePage base="program" /> },
    { path: 'merchant/:id', element: <MerchantDetailPage base="program" /> },
    { path: 'merchantlocator', element: <MerchantLocatorPage /> },
  ],
  admin: [
    { path: 'merchants', element: <MerchantSearchPage base="admin" /> },
    { path: 'merchant/add', element: <MerchantAddPage base="admin" /> },
    { path: 'merchant/file', element: <MerchantFilePage base="admin" /> },
    { path: 'merchant/:id', element: <MerchantDetailPage base="admin" /> },
    { path: 'merchantlocator', element: <MerchantLocatorPage /> },
  ],
};
