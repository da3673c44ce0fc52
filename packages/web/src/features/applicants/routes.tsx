import { lazy } from 'react';
import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

const OnlineApplicationPage = lazy(() => import('./OnlineApplicationPage'));
// The staff applicants screen lives with the recipients feature: it sits in the Recipients menu (A§2) and its
// 'Process' overlay is the recipient add form. The route stays here, beside the other applicant screens.
const ApplicantsPage = lazy(() => import('../recipients/applicants/ApplicantsPage'));

/**
 * The public online application (A§2 /apply/ct) and the staff applicant screens (B§2). The admin test screen is a
 * placeholder until its issue replaces the entry here.
 */
export const applicantsRoutes: FeatureRoutes = {
  public: [{ path: '/apply/ct', element: <OnlineApplicationPage /> }],
  program: [{ path: 'applicants', element: <ApplicantsPage /> }],
  admin: [placeholderRoute('testing', 'Application Testing')],
};
