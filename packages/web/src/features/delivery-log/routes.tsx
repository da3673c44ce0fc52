import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const DeliveryLogPage = lazy(() => import('./DeliveryLogPage'));

/** The delivery log of e-mails and texts, for platform administrators (decision 0112). */
export const deliveryLogRoutes: FeatureRoutes = {
  admin: [{ path: 'delivery-log', element: <DeliveryLogPage /> }],
};
