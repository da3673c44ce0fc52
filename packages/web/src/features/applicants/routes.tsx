import { lazy } from 'react';
import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

const OnlineApplicationPage = lazy(() => import('./OnlineApplicationPage'));

/**
 * The public online application (A§2 /apply/ct) and the staff applicant screens (B§2). The staff screens are
 * placeholders until their issue replaces the entries here.
 */
export const applicantsRoutes: FeatureRoutes = {
  public: [{ path: '/apply/ct', element: <OnlineApplicationPage /> }],
  program: [placeholderRoute('applicants', 'Applicants')],
  admin: [placeholderRoute('testing', 'Application Testing')],
};
