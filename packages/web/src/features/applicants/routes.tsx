import { lazy } from 'react';
import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

const OnlineApplicationPage = lazy(() => import('./OnlineApplicationPage'));
// The staff screen sits in staff/, as the server's modules/applicants holds the public application and the staff
// search side by side; its 'Process' overlay is the recipient add form, which the recipients feature exports.
const ApplicantsPage = lazy(() => import('./staff/ApplicantsPage'));

/**
 * The public online application (A§2 /apply/ct) and the staff applicant screens (B§2). The admin test screen is a
 * placeholder until its issue replaces the entry here.
 */
export const applicantsRoutes: FeatureRoutes = {
  public: [{ path: '/apply/ct', element: <OnlineApplicationPage /> }],
  program: [{ path: 'applicants', element: <ApplicantsPage /> }],
  admin: [placeholderRoute('testing', 'Application Testing')],
};
